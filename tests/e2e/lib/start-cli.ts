import { spawn } from 'node:child_process';
import { CLI_MAIN } from './fixture-home.js';

/** How a CLI process started by {@link startCli} ended. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** How a CLI process started by {@link runCliAsync} ended, and what it printed. */
export interface AsyncCliRun extends Exit {
  stdout: string;
}

/**
 * Runs the built CLI as a real child process without blocking this one (a hub in this process keeps answering).
 * `stopAfterMs` sends `stopSignal` (default SIGINT, as Ctrl+C) at that moment if it still runs; bounded to 30 s
 * (SIGKILL), so a hang fails the test instead of stalling the run.
 */
export function runCliAsync(args: string[], home: string, cwd: string, options: { stopAfterMs?: number | undefined; stopSignal?: NodeJS.Signals } = {}): Promise<AsyncCliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  const child = spawn(process.execPath, [CLI_MAIN, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const stopper = options.stopAfterMs === undefined ? undefined : setTimeout(() => child.kill(options.stopSignal ?? 'SIGINT'), options.stopAfterMs);
  const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (stopper) clearTimeout(stopper);
      clearTimeout(guard);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Starts the CLI as a real child process; `killAfterMs` sends SIGKILL at that moment if it is still running. */
export async function startCli(args: string[], home: string, cwd: string, killAfterMs?: number): Promise<Exit> {
  const { code, signal, stderr } = await runCliAsync(args, home, cwd, { stopAfterMs: killAfterMs, stopSignal: 'SIGKILL' });
  return { code, signal, stderr };
}
