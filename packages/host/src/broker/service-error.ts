import type { WireErrorCode } from '@outboard/protocol';
/**
 * The refusal codes a host service may answer a peer with (DESIGN.md §8 `data.code`): a subset of the
 * protocol's WIRE_ERROR_CODES, which owns them (the compiler refuses a code the wire does not have):
 * - `denied`: a capability the call needs is not granted (or an event type is not declared).
 * - `invalid_scope`: the call names a project outside the extension's project grants.
 * - `not_found`: the method, project or thing named does not exist.
 * - `invalid_params`: the params are malformed.
 * - `too_large`: a value or payload is over a limit (the message names the limit).
 * - `timeout`: the service did not finish in time.
 * - `cancelled`: the caller cancelled the call.
 * - `unavailable`: the service cannot answer now (e.g. a host file is unreadable).
 */
export const SERVICE_ERROR_CODES = Object.freeze([
  'denied',
  'invalid_scope',
  'not_found',
  'invalid_params',
  'too_large',
  'timeout',
  'cancelled',
  'unavailable',
] as const satisfies readonly WireErrorCode[]);

/** One of {@link SERVICE_ERROR_CODES}: the wire codes (the protocol's one table) a host service may refuse with. */
export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number] & WireErrorCode;

/**
 * A host service's refusal, meant to travel to the calling extension: the supervisor turns it into a
 * wire error with `data.code` = `code` (and `details` merged into `data`). `message` names the problem
 * and the fix. Host-side only: it knows nothing of JSON-RPC.
 */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  /** Stable code, see {@link SERVICE_ERROR_CODES}. */
  readonly code: ServiceErrorCode;
  /** Machine-readable facts for the wire `data` (e.g. `{ capability }`, `{ limit }`); JSON values only. */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: ServiceErrorCode, message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(message, options);
    if (!SERVICE_ERROR_CODES.includes(code)) throw new TypeError(`ServiceError code must be one of ${SERVICE_ERROR_CODES.join(', ')}, got ${JSON.stringify(code)}`);
    this.code = code;
    this.details = details === undefined ? undefined : Object.freeze({ ...details });
  }
}

/**
 * Builds an error without capturing a stack trace. For refusals and wire errors a peer can cause
 * thousands of times a second (a rate limit's): capturing the stack was most of their cost, and it is
 * never shown (the error travels to the peer as `code` and `message`).
 */
export function withoutStack<E extends Error>(make: () => E): E {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** True when `error` is a {@link ServiceError} (also across copies of this module). */
export function isServiceError(error: unknown): error is ServiceError {
  return (
    error instanceof ServiceError ||
    (error instanceof Error && error.name === 'ServiceError' && SERVICE_ERROR_CODES.includes((error as { code?: unknown }).code as ServiceErrorCode))
  );
}
