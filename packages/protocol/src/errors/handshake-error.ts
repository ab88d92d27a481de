import { CodedError } from './coded-error.js';

/** Codes of {@link HandshakeError}. Listed in docs/protocol.md. */
export const HANDSHAKE_ERROR_CODES = Object.freeze({
  /** The two protocol ranges do not overlap. */
  protocol_mismatch: 'protocol_mismatch',
  /** The handshake did not finish within its deadline. */
  handshake_timeout: 'handshake_timeout',
  /** The peer answered `initialize` with an error. */
  initialize_failed: 'initialize_failed',
  /** The peer's `initialize` result is malformed (a field is missing or has the wrong type). */
  invalid_peer_info: 'invalid_peer_info',
  /** The host refused the peer (identity or contributions do not match what was approved). */
  rejected_by_host: 'rejected_by_host',
  /** The peer answered `activate` with an error. */
  activation_failed: 'activation_failed',
  /** The connection closed or became unusable during the handshake. */
  connection_lost: 'connection_lost',
} as const);

/** One of {@link HANDSHAKE_ERROR_CODES}. */
export type HandshakeErrorCode = keyof typeof HANDSHAKE_ERROR_CODES;

/**
 * Why a handshake failed, on the side that ran it. Local: never serialised. `cause` holds the
 * underlying {@link ResponseError} or exception when there is one.
 */
export class HandshakeError extends CodedError<HandshakeErrorCode> {
  /** @param code stable code, one of {@link HANDSHAKE_ERROR_CODES}. @param message one line naming the problem and the fix. */
  constructor(code: HandshakeErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'HandshakeError';
  }
}
