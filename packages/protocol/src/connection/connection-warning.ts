/** Codes of {@link ConnectionWarning}. Listed in docs/protocol.md. */
export const CONNECTION_WARNING_CODES = Object.freeze({
  /** The peer wrote a line that is not a protocol message (reported once per connection). */
  stray_output: 'stray_output',
  /** An incoming message was over maxMessageBytes and was skipped. */
  oversized_incoming: 'oversized_incoming',
  /** An outgoing response or notification was over maxMessageBytes and was not sent as is. */
  oversized_outgoing: 'oversized_outgoing',
  /** The peer sent text that looked like JSON but did not parse. */
  parse_error: 'parse_error',
  /** The peer sent JSON that is not a JSON-RPC message. */
  invalid_message: 'invalid_message',
  /** A message could not be queued because the peer is not reading (maxQueuedWriteBytes). */
  write_queue_full: 'write_queue_full',
  /** A notification handler threw or rejected. */
  handler_failed: 'handler_failed',
  /** A response arrived for a request that was never sent. */
  unmatched_response: 'unmatched_response',
  /** The peer reported an error about a message it could not read (error response with id null). */
  peer_reported_error: 'peer_reported_error',
  /** An event listener of this connection threw. */
  listener_failed: 'listener_failed',
} as const);

/** One of {@link CONNECTION_WARNING_CODES}. */
export type ConnectionWarningCode = keyof typeof CONNECTION_WARNING_CODES;

/**
 * Something the host should log about a peer that did not stop the connection. `message` names the peer
 * (the connection's `name`), the problem and the fix. Each code is reported at most 20 times per
 * connection (`stray_output` once); {@link ConnectionDiagnostics} keeps the full counts.
 */
export interface ConnectionWarning {
  readonly code: ConnectionWarningCode;
  readonly message: string;
}

/** Most warnings of one code reported per connection; later ones are only counted. */
export const MAX_WARNINGS_PER_CODE = 20;
