import { CodedError } from '@outboard/protocol';
import { envPrefixOf } from '../identity/env-prefix.js';
import { ERROR_CODES, type ErrorCodeInfo, type OutboardErrorCode } from './error-codes.js';

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
 * The base class of local (never serialised) Outboard errors, a {@link CodedError}: `message` is one line naming
 * the problem, `hint` names the fix. Its codes are the host's {@link ERROR_CODES}; a package with codes of its
 * own (the CLI, the hub) subclasses it with `Code` set to them and {@link codeTable} returning its table, so every
 * local error has one shape, an exit code and a fix template wherever it comes from. Subclasses add facts (a
 * path, a list of problems) but never a second code scheme.
 */
export class OutboardError<Code extends string = OutboardErrorCode> extends CodedError<Code> {
  override name = 'OutboardError';
  /** The fix, when more specific than the code's generic one. */
  readonly hint: string | undefined;
  /** Extra lines under the message. */
  readonly details: readonly string[];

  /** @param code a code of {@link codeTable} (the host's table unless a subclass names its own). */
  constructor(code: NoInfer<Code>, message: string, options: OutboardErrorOptions = {}) {
    super(code, message, options.cause === undefined ? undefined : { cause: options.cause });
    if (!Object.hasOwn(this.codeTable, code)) throw new TypeError(`unknown ${this.constructor.name} code ${JSON.stringify(code)}`);
    this.hint = options.hint;
    this.details = options.details ?? [];
  }

  /** The table this error's codes come from: the host's {@link ERROR_CODES}; a subclass of another package returns its own. */
  protected get codeTable(): Readonly<Record<Code, ErrorCodeInfo>> {
    return ERROR_CODES as Readonly<Record<string, ErrorCodeInfo>>;
  }

  /** The exit code a CLI should end with for this error. */
  get exitCode(): number {
    return this.codeTable[this.code].exitCode;
  }

  /** The code's generic fix in the words of `host` (its id, and its environment prefix or the default one). */
  fixFor(host: { id: string; envPrefix?: string | undefined }): string {
    return this.codeTable[this.code].fix({ id: host.id, envPrefix: envPrefixOf(host) });
  }
}

/**
 * True when `error` is an {@link OutboardError} of any package's table (also across copies of this module, e.g. a
 * bundle and a package: then it has the shape, a string code, an exit code and a fix).
 */
export function isOutboardError(error: unknown): error is OutboardError<string> {
  if (error instanceof OutboardError) return true;
  const e = error as { code?: unknown; exitCode?: unknown; fixFor?: unknown } | null;
  return error instanceof Error && typeof e?.code === 'string' && typeof e.exitCode === 'number' && typeof e.fixFor === 'function';
}
