/**
 * The error vocabulary of the wire. Every error response carries a JSON-RPC numeric `code` and a stable
 * string in `data.code`; callers switch on `data.code`. The table maps each `data.code` to its numeric code.
 * docs/protocol.md lists exactly these (a test keeps them in step).
 */
export const WIRE_ERROR_CODES = Object.freeze({
  /** The message was not valid JSON (JSON-RPC standard code). */
  parse_error: -32700,
  /** The message was JSON but not a valid request (JSON-RPC standard code). */
  invalid_request: -32600,
  /** No handler for the method (JSON-RPC standard code). */
  method_not_found: -32601,
  /** The params were refused by the handler or the handshake (JSON-RPC standard code). */
  invalid_params: -32602,
  /** The handler failed in an unexpected way (JSON-RPC standard code). */
  internal: -32603,
  /** The request was cancelled by the caller (same number as LSP's RequestCancelled). */
  cancelled: -32800,
  /** The request's deadline passed before an answer arrived. */
  timeout: -32001,
  /** The other side cannot take the request now: connection closed, queue full, not ready. */
  unavailable: -32002,
  /** A message was over the size limit; it was skipped without being buffered. */
  too_large: -32003,
  /** A capability that is not granted was needed. */
  denied: -32004,
  /** The request named a scope (project, path) outside what was granted. */
  invalid_scope: -32005,
  /** The thing the request named does not exist. */
  not_found: -32006,
} as const);

/** One of the stable error codes carried in `error.data.code`. */
export type WireErrorCode = keyof typeof WIRE_ERROR_CODES;

/** True when `value` is one of {@link WIRE_ERROR_CODES}. */
export function isWireErrorCode(value: unknown): value is WireErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(WIRE_ERROR_CODES, value);
}

/** The `data.code` for a JSON-RPC numeric code, `internal` when the number is not in the table. */
export function wireErrorCodeFor(numericCode: number): WireErrorCode {
  for (const [name, value] of Object.entries(WIRE_ERROR_CODES)) {
    if (value === numericCode) return name as WireErrorCode;
  }
  return 'internal';
}
