/**
 * Every stable code a {@link RunnableError} can carry. Callers branch on the code, never on the message.
 *
 * - `invalid_runnable`: the runnable is neither exactly one `bin` nor a non-empty `exec`, or its first
 *   `exec` element is a relative path that is not `./`-prefixed (it would depend on the user's cwd).
 * - `missing_bin`: a package file named by `bin` or a `./` element does not exist (or is not a file).
 * - `not_executable`: a `./` first `exec` element exists but lacks the execute permission.
 * - `not_found_on_path`: a bare first `exec` element (such as `python3`) is not an executable on PATH.
 * - `escapes_package`: a package path leaves the package directory, through `..`, an absolute path or a
 *   symlink whose real path is outside the package's real path.
 * - `spawn_failed`: the operating system refused to start the resolved command (ENOENT, EACCES...).
 */
export const RUNNABLE_ERROR_CODES = [
  'invalid_runnable',
  'missing_bin',
  'not_executable',
  'not_found_on_path',
  'escapes_package',
  'spawn_failed',
] as const;

/** One of {@link RUNNABLE_ERROR_CODES}. */
export type RunnableErrorCode = (typeof RUNNABLE_ERROR_CODES)[number];

/**
 * A local (never serialised) error raised when an extension runnable cannot be resolved or started.
 * The message is one line naming the file and the fix; `code` is stable; `file` is the path or command
 * the problem is about, when there is one.
 */
export class RunnableError extends Error {
  /** Stable machine-readable reason, one of {@link RUNNABLE_ERROR_CODES}. */
  readonly code: RunnableErrorCode;
  /** The file or command the error is about (absolute when it is a package path), if any. */
  readonly file: string | undefined;

  /**
   * @param code stable reason code.
   * @param message one line: the problem, the file, and the fix.
   * @param options `file` the error is about; `cause` the underlying system error, if any.
   */
  constructor(code: RunnableErrorCode, message: string, options: { file?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'RunnableError';
    this.code = code;
    this.file = options.file;
  }
}
