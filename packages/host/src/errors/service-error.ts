import { CodedError, WIRE_ERROR_CODES, type WireErrorCode } from '@outboard/protocol';

/**
 * The wire codes only the protocol answers with (a message it cannot read, no such method, a handler that
 * threw): a host service never refuses with them.
 */
const PROTOCOL_ONLY = Object.freeze(['parse_error', 'invalid_request', 'method_not_found', 'internal'] as const satisfies readonly WireErrorCode[]);

/** One of {@link SERVICE_ERROR_CODES}: a wire code (the protocol's one table) a host service may refuse with. */
export type ServiceErrorCode = Exclude<WireErrorCode, (typeof PROTOCOL_ONLY)[number]>;

/**
 * The refusal codes a host service may answer a peer with (DESIGN.md §8 `data.code`), in the order of the
 * protocol's WIRE_ERROR_CODES, which owns them: every wire code but the protocol's own (docs/capabilities.md
 * "Errors" says what each means for a service).
 */
export const SERVICE_ERROR_CODES: readonly ServiceErrorCode[] = Object.freeze(
  (Object.keys(WIRE_ERROR_CODES) as WireErrorCode[]).filter((code): code is ServiceErrorCode => !(PROTOCOL_ONLY as readonly string[]).includes(code)),
);

/**
 * A host service's refusal, meant to travel to the calling extension: the supervisor turns it into a
 * wire error with `data.code` = `code` (and `details` merged into `data`). `message` names the problem
 * and the fix. Host-side only: it knows nothing of JSON-RPC.
 */
export class ServiceError extends CodedError<ServiceErrorCode> {
  override readonly name = 'ServiceError';
  /** Machine-readable facts for the wire `data` (e.g. `{ capability }`, `{ limit }`); JSON values only. */
  readonly details: Readonly<Record<string, unknown>> | undefined;

  /** @param code see {@link SERVICE_ERROR_CODES}. */
  constructor(code: ServiceErrorCode, message: string, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(code, message, options);
    if (!SERVICE_ERROR_CODES.includes(code)) throw new TypeError(`ServiceError code must be one of ${SERVICE_ERROR_CODES.join(', ')}, got ${JSON.stringify(code)}`);
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
