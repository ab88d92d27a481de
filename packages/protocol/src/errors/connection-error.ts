import { CodedError } from './coded-error.js';

/**
 * Codes of {@link ConnectionError}: local misuse of a connection. Listed in docs/protocol.md.
 */
export const CONNECTION_ERROR_CODES = Object.freeze({
  /** request()/notify() after the connection closed. */
  closed: 'closed',
  /** request()/notify() before listen(). */
  not_listening: 'not_listening',
  /** listen() called twice. */
  already_listening: 'already_listening',
  /** A second handler for a method that already has one. */
  duplicate_handler: 'duplicate_handler',
  /** A handler for a `$/` method this package handles itself. */
  reserved_method: 'reserved_method',
  /** params or a result that JSON.stringify cannot encode (cycles, BigInt). */
  unserializable: 'unserializable',
} as const);

/** One of {@link CONNECTION_ERROR_CODES}. */
export type ConnectionErrorCode = keyof typeof CONNECTION_ERROR_CODES;

/**
 * A local programming or lifecycle error: never serialised, never sent to the peer.
 * Wire errors are {@link ResponseError}.
 */
export class ConnectionError extends CodedError<ConnectionErrorCode> {
  /** @param code stable code, one of {@link CONNECTION_ERROR_CODES}. @param message one line naming the problem and the fix. */
  constructor(code: ConnectionErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'ConnectionError';
  }
}
