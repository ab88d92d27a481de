// A child process whose output the test reads as it comes, bounded in time: what the client and docs tests
// run (python3 -m outboard_client, the docs' dashboards) while they change the hub it follows.
import { spawn, type ChildProcess } from 'node:child_process';

/** A started child: its output so far, and how it ended. */
export interface CollectingChild {
  readonly child: ChildProcess;
  /** Its stdout so far. */
  readonly out: string;
  /** Its stderr so far. */
  readonly err: string;
  /** Its exit code once its stdio closed (null when a signal ended it or it could not start). */
  readonly closed: Promise<number | null>;
}

/**
 * Starts `command args` with stdin ignored and stdout and stderr collected as UTF-8 text. It is killed with
 * SIGKILL after `guardMs` (a hang fails the test instead of stalling the run); the guard is cleared when it ends.
 */
export function spawnCollecting(command: string, args: readonly string[], options: { env: NodeJS.ProcessEnv; guardMs: number }): CollectingChild {
  const child = spawn(command, args, { env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (err += d));
  const guard = setTimeout(() => child.kill('SIGKILL'), options.guardMs);
  const closed = new Promise<number | null>((resolve) => {
    child.once('close', (code) => {
      clearTimeout(guard);
      resolve(code);
    });
    // Not started at all (no such command): said in its stderr, ended without a code.
    child.once('error', (error) => {
      err += `${command}: ${error.message}\n`;
      clearTimeout(guard);
      resolve(null);
    });
  });
  return {
    child,
    get out() {
      return out;
    },
    get err() {
      return err;
    },
    closed,
  };
}
