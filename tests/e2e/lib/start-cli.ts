import { spawn } from 'node:child_process';
import { CLI_MAIN } from './fixture-home.js';

/** How a CLI process started by {@link startCli} ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Starts the CLI as a real child process; `killAfterMs` sends SIGKILL at that moment if it is still running. */
export function startCli(args: string[], home: string, cwd: string, killAfterMs?: number): Promise<Exit> {
  const env: NodeJS.ProcessEnv = { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  const child = spawn(process.execPath, [CLI_MAIN, ...args], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const killer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  // Bounded: nothing here should take long; a hang fails the test instead of stalling the run.
  const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (killer) clearTimeout(killer);
      clearTimeout(guard);
      resolve({ code, signal, stderr });
    });
  });
}
