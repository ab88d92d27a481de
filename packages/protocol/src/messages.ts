/** The id of a JSON-RPC request: this package sends numbers and accepts numbers and strings. */
export type RequestId = number | string;

/** The token that ties `$/progress` notifications to a request (the request's id, when this package sends it). */
export type ProgressToken = number | string;

/** A JSON-RPC 2.0 request: expects exactly one response with the same id. */
export interface RequestMessage {
  readonly jsonrpc: '2.0';
  readonly id: RequestId;
  readonly method: string;
  readonly params?: unknown;
}

/** A JSON-RPC 2.0 notification: no id, no response. */
export interface NotificationMessage {
  readonly jsonrpc: '2.0';
  readonly method: string;
  readonly params?: unknown;
}

/** The `error` member of a JSON-RPC error response. */
export interface WireError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** A JSON-RPC 2.0 response: `result` on success, `error` on failure (id null when the request was unreadable). */
export interface ResponseMessage {
  readonly jsonrpc: '2.0';
  readonly id: RequestId | null;
  readonly result?: unknown;
  readonly error?: WireError;
}

/** Any JSON-RPC 2.0 message this package reads or writes. */
export type Message = RequestMessage | NotificationMessage | ResponseMessage;

/**
 * Methods every connection built with this package handles itself. Both sides may send them.
 * - `$/cancelRequest` (notification, params `{ id }`): stop work on request `id`.
 * - `$/progress` (notification, params `{ token, value }`): progress of the request whose progress token is `token`.
 * - `$/ping` (request, no params, result `{}`): liveness probe, answered at once, never queued.
 */
export const BuiltInMethods = Object.freeze({
  cancelRequest: '$/cancelRequest',
  progress: '$/progress',
  ping: '$/ping',
} as const);

/** Params of `$/cancelRequest`. */
export interface CancelParams {
  readonly id: RequestId;
}

/** Params of `$/progress`. `value` is any JSON the handler reported. */
export interface ProgressParams {
  readonly token: ProgressToken;
  readonly value: unknown;
}
