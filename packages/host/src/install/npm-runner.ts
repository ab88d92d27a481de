import { spawn } from 'node:child_process';
import { OutboardError } from '../errors/outboard-error.js';
import { findExecutableOnPath } from '../run/find-on-path.js';

/** Options of {@link runNpm}. */
export interface RunNpmOptions {
  /** The folder npm works in (`--prefix`). */
  prefix: string;
  /** Environment for npm. Default: `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Where npm's own output goes: its progress is shown to the user on stderr. Default: `process.stderr`. */
  output?: NodeJS.WritableStream;
}

/** npm failed to start or exited non-zero (code INSTALL_NPM_FAILED); `npmExitCode` is npm's own, null when it never ran. */
export class NpmError extends OutboardError {
  override name = 'NpmError';
  constructor(
    message: string,
    readonly npmExitCode: number | null,
  ) {
    super('INSTALL_NPM_FAILED', message);
  }
}

/**
 * Runs `npm <args> --prefix <prefix>` with lifecycle scripts off (nothing an extension ships may run before it
 * is approved), and with npm's output shown on stderr so the caller's stdout stays clean.
 */
export function runNpm(args: readonly string[], options: RunNpmOptions): Promise<void> {
  const env = options.env ?? process.env;
  const npm = findExecutableOnPath(process.platform === 'win32' ? 'npm.cmd' : 'npm', env.PATH);
  if (!npm) return Promise.reject(new NpmError('npm was not found on PATH; install Node.js with npm, or add npm to PATH', null));
  const output = options.output ?? process.stderr;
  return new Promise((resolve, reject) => {
    const child = spawn(npm, [...args, '--prefix', options.prefix, '--ignore-scripts', '--no-audit', '--no-fund'], {
      env,
      cwd: options.prefix,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(output, { end: false });
    child.stderr.pipe(output, { end: false });
    child.on('error', (error) => reject(new NpmError(`could not start npm: ${error.message}`, null)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new NpmError(`npm ${args[0]} failed (${signal ? `killed by ${signal}` : `exit code ${code}`}); see its output above`, code));
    });
  });
}
