import { ERROR_CODES, type OutboardErrorCode } from './error-codes.js';

/** Options of {@link OutboardError}. */
export interface OutboardErrorOptions {
  /** The fix, usually a command to run; shown after the message. Default: none (the code's generic fix applies). */
  hint?: string;
  /** Further lines shown under the message (e.g. one per config problem). Default: none. */
  details?: readonly string[];
  /** The underlying error. */
  cause?: unknown;
}

/**
 * The one base class of local (never serialised) Outboard errors. `code` comes from the one table in
 * `error-codes.ts`; `message` is one line naming the problem; `hint` names the fix. Subclasses add facts
 * (a path, a list of problems) but never a second code scheme.
 */
export class OutboardError extends Error {
  override name = 'OutboardError';
  /** Stable code, one of {@link ERROR_CODES}. */
  readonly code: OutboardErrorCode;
  /** The fix, when more specific than the code's generic one. */
  readonly hint: string | undefined;
  /** Extra lines under the message. */
  readonly details: readonly string[];

  constructor(code: OutboardErrorCode, message: string, options: OutboardErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    if (!Object.prototype.hasOwnProperty.call(ERROR_CODES, code)) throw new TypeError(`unknown OutboardError code ${JSON.stringify(code)}`);
    this.code = code;
    this.hint = options.hint;
    this.details = options.details ?? [];
  }

  /** The exit code a CLI should end with for this error. */
  get exitCode(): number {
    return ERROR_CODES[this.code].exitCode;
  }
}

/** True when `error` is an {@link OutboardError} (also across copies of this module, e.g. a bundle and a package). */
export function isOutboardError(error: unknown): error is OutboardError {
  return error instanceof OutboardError || (error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, (error as unknown as { code: string }).code));
}
