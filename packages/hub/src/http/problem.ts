import { envPrefixOf, fixFor, isOutboardError, type OutboardErrorCode } from '@outboard/host/errors';
import { SIDECAR_ERROR_CODES, type SidecarErrorCode } from './sidecar-codes.js';
import { ANSWER_CODES, type AnswerCode } from './answer-codes.js';

/** One refusal, whatever surface it is written on: JSON, an HTML page or a raw socket. */
export interface Problem {
  /** The HTTP status. */
  status: number;
  /** One line naming the problem (untrusted parts are escaped by the writer, never here). */
  error: string;
  /** The stable code: one of the hub's {@link ANSWER_CODES}, or the code of the verdict behind it (a sidecar's, the host's). */
  code: string;
  /** The fix: a command or an action, in the words of the host that serves it. */
  fix: string;
  /** Seconds until trying again is worth it (`Retry-After`). */
  retryAfterSeconds?: number | undefined;
  /** The last lines of a sidecar's log (its own words on why it failed), shown escaped. */
  logTail?: readonly string[] | undefined;
  /** Further headers (e.g. `Allow` of a 405). */
  headers?: Readonly<Record<string, string>> | undefined;
}

/** What a call may say beyond the code and the message. */
export type ProblemExtras = Partial<Pick<Problem, 'status' | 'fix' | 'retryAfterSeconds' | 'logTail' | 'headers'>>;

/** The names a fix speaks of. */
export interface HostNames {
  id: string;
  envPrefix?: string | undefined;
}

/** A code a refusal may carry: the hub's own answer, a sidecar verdict, or a host verdict. */
export type ProblemCode = AnswerCode | SidecarErrorCode | OutboardErrorCode;

/**
 * A refusal with `code`: a hub answer code or a sidecar code (its status and fix from its table) or a host code
 * (its fix from the host's table; its status must then be given). `extras.fix` replaces the generic fix with a
 * precise one.
 */
export function problem(host: HostNames, code: ProblemCode, error: string, extras: ProblemExtras = {}): Problem {
  const names = { id: host.id, envPrefix: envPrefixOf(host) };
  const own = Object.hasOwn(ANSWER_CODES, code) ? ANSWER_CODES[code as AnswerCode] : Object.hasOwn(SIDECAR_ERROR_CODES, code) ? SIDECAR_ERROR_CODES[code as SidecarErrorCode] : undefined;
  const fix = extras.fix ?? (own ? own.fix(names) : fixFor(code as OutboardErrorCode, host));
  return { ...extras, status: extras.status ?? own?.status ?? 500, error, code, fix };
}

/**
 * A thrown error as a refusal, its message after `prefix` when given: an OutboardError (of any package's table)
 * keeps its code and hint, else its code's fix (a sidecar's error its status, backoff and log tail); anything else
 * is HUB_FAILED (500).
 */
export function problemOf(host: HostNames, error: unknown, prefix?: string): Problem {
  const plain = error instanceof Error ? error.message : String(error);
  const message = prefix === undefined ? plain : `${prefix}: ${plain}`;
  if (isOutboardError(error)) {
    const facts = error as { status?: unknown; retryAfterSeconds?: number; logTail?: readonly string[] };
    return {
      status: typeof facts.status === 'number' ? facts.status : 500,
      error: message,
      code: error.code,
      fix: error.hint || error.fixFor(host),
      retryAfterSeconds: facts.retryAfterSeconds,
      logTail: facts.logTail,
    };
  }
  return problem(host, 'HUB_FAILED', prefix === undefined ? `the hub failed: ${plain}` : message);
}
