import { spawn } from 'node:child_process';
import { exitCodeOf } from './exit-code.js';
import { holdSignalsForForeground } from './foreground-signals.js';
import { RunnableError } from './runnable-error.js';

/** Input of {@link runForegroundCommand}. */
export interface ForegroundCommand {
  /** Program to start (absolute path from `resolveRunnable`); never run through a shell. */
  readonly command: string;
  /** Arguments, passed untouched (no globbing, quoting or variable expansion). */
  readonly args: readonly string[];
  /** The complete environment of the child (see `buildExtensionEnv`); nothing else is inherited. */
  readonly env: Readonly<Record<string, string>>;
  /** Working directory. Default: `process.cwd()`, unchanged, as the contract requires. */
  readonly cwd?: string;
}

/**
 * Runs a command as the terminal's foreground job and resolves with the exit code a shell would report.
 *
 * - stdio inherited, not detached, no shell: Ctrl+C, Ctrl+Z and `/dev/tty` reach the child directly,
 *   because it stays in the host's process group.
 * - While it runs, the host ignores SIGINT and SIGQUIT (the terminal already delivered them to the child),
 *   and forwards SIGTERM and SIGHUP sent to the host alone; the host's own listeners for those signals are
 *   suspended and restored when the child is gone.
 * - Resolves with the child's exit code, or `128 + n` when it died of signal n. No time limit.
 *
 * Rejects with a {@link RunnableError} `RUNNABLE_SPAWN_FAILED` when the program cannot be started (ENOENT, EACCES...).
 * One foreground command at a time per process.
 */
export function runForegroundCommand(input: ForegroundCommand): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let started = false;
    const child = spawn(input.command, [...input.args], {
      stdio: 'inherit',
      env: { ...input.env },
      cwd: input.cwd ?? process.cwd(),
      detached: false,
      shell: false,
    });
    const hold = holdSignalsForForeground((signal) => {
      // A child that already exited cannot be signalled; ESRCH is not an error here.
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
    child.once('spawn', () => {
      started = true;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (started) return; // a failed kill() after start; the exit still comes through 'close'
      hold.dispose();
      reject(
        new RunnableError('RUNNABLE_SPAWN_FAILED', `Could not start "${input.command}" (${error.code ?? error.message})`, {
          hint: 'check that the program exists and is executable (reinstall the extension if it ships the program)',
          file: input.command,
          cause: error,
        }),
      );
    });
    child.once('close', (code, signal) => {
      if (!started) return; // settled by 'error'
      hold.dispose();
      resolve(exitCodeOf(code, signal));
    });
  });
}
