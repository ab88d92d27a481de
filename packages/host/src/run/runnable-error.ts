import { OutboardError } from '../errors/outboard-error.js';

/**
 * Every stable code a {@link RunnableError} can carry (rows of `ERROR_CODES`). Callers branch on the code,
 * never on the message.
 *
 * - `RUNNABLE_INVALID`: the runnable is neither exactly one `bin` nor a non-empty `exec`, or its first
 *   `exec` element is a relative path that is not `./`-prefixed (it would depend on the user's cwd).
 * - `RUNNABLE_MISSING_BIN`: a package file named by `bin` or a `./` element does not exist (or is not a file).
 * - `RUNNABLE_NOT_EXECUTABLE`: a `./` first `exec` element exists but lacks the execute permission.
 * - `RUNNABLE_NOT_ON_PATH`: a bare first `exec` element (such as `python3`) is not an executable on PATH.
 * - `RUNNABLE_ESCAPES_PACKAGE`: a package path leaves the package directory, through `..`, an absolute path
 *   or a symlink whose real path is outside the package's real path.
 * - `RUNNABLE_SPAWN_FAILED`: the operating system refused to start the resolved command (ENOENT, EACCES...).
 * - `RUNNABLE_NOT_DECLARED`: a launch asked for a command, peer or sidecar the manifest does not declare.
 */
export const RUNNABLE_ERROR_CODES = [
  'RUNNABLE_INVALID',
  'RUNNABLE_MISSING_BIN',
  'RUNNABLE_NOT_EXECUTABLE',
  'RUNNABLE_NOT_ON_PATH',
  'RUNNABLE_ESCAPES_PACKAGE',
  'RUNNABLE_SPAWN_FAILED',
  'RUNNABLE_NOT_DECLARED',
] as const;

/** One of {@link RUNNABLE_ERROR_CODES}. */
export type RunnableErrorCode = (typeof RUNNABLE_ERROR_CODES)[number];

/**
 * A local (never serialised) error raised when an extension runnable cannot be resolved or started.
 * The message is one line naming the file; `hint` names the fix; `file` is the path or command the problem
 * is about, when there is one.
 */
export class RunnableError extends OutboardError {
  override name = 'RunnableError';
  /** Stable code, one of {@link RUNNABLE_ERROR_CODES}. */
  declare readonly code: RunnableErrorCode;
  /** The file or command the error is about (absolute when it is a package path), if any. */
  readonly file: string | undefined;

  /**
   * @param code stable reason code.
   * @param message one line: the problem and the file.
   * @param options `hint` the fix; `file` the error is about; `cause` the underlying system error, if any.
   */
  constructor(code: RunnableErrorCode, message: string, options: { hint?: string; file?: string; cause?: unknown } = {}) {
    super(code, message, { ...(options.hint === undefined ? {} : { hint: options.hint }), ...(options.cause === undefined ? {} : { cause: options.cause }) });
    this.file = options.file;
  }
}
