import type { WireError } from '../messages.js';
import { CodedError } from './coded-error.js';
import { WIRE_ERROR_CODES, isWireErrorCode, wireErrorCodeFor, type WireErrorCode } from './wire-error-codes.js';

/** `error.data` of a response error: a stable `code` plus any details the sender added. */
export interface ResponseErrorData {
  readonly code: WireErrorCode;
  readonly [key: string]: unknown;
}

/**
 * An error that travels on the wire (or stands for one): JSON-RPC numeric `code`, `message`, and `data.code`.
 * Handlers throw it to answer with that error; `request()` rejects with it. `origin` says whether the
 * other side sent it (`peer`) or this side decided it (`local`: timeout, cancelled, unavailable, too_large).
 */
export class ResponseError extends CodedError<number> {
  /** `data` as on the wire; `data.code` is always one of {@link WIRE_ERROR_CODES}. */
  readonly data: ResponseErrorData;
  /** `peer` when parsed from a response, `local` when this process produced it. */
  readonly origin: 'peer' | 'local';

  /**
   * @param reason the stable `data.code`; the numeric code follows from it.
   * @param message one line naming the problem and, where there is one, the fix.
   * @param details extra members of `data` (must be JSON-serialisable; `code` is ignored).
   */
  constructor(reason: WireErrorCode, message: string, details?: Readonly<Record<string, unknown>>, origin: 'peer' | 'local' = 'local') {
    // `code` is the JSON-RPC number, as on the wire; the stable name is `data.code` (see `reason`).
    super(WIRE_ERROR_CODES[reason], message);
    this.name = 'ResponseError';
    this.data = { ...details, code: reason };
    this.origin = origin;
  }

  /** The stable code (`data.code`), e.g. `timeout`. */
  get reason(): WireErrorCode {
    return this.data.code;
  }

  /** The `error` member to put in a response. */
  toWire(): WireError {
    return { code: this.code, message: this.message, data: this.data };
  }

  /**
   * Reads an `error` member from a peer, tolerating peers that omit `data.code` (it is derived from the
   * numeric code) or send junk (it becomes `internal`). The numeric code is kept as sent, and a string
   * `data.code` that is not a wire code (an application's own, e.g. a hub's `PEER_NEEDS_APPROVAL`) is kept
   * as `data.senderCode`.
   */
  static fromWire(error: unknown): ResponseError {
    const e = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
    const numeric = typeof e['code'] === 'number' ? e['code'] : WIRE_ERROR_CODES.internal;
    const message = typeof e['message'] === 'string' ? e['message'] : 'the peer sent an error without a message';
    const rawData = e['data'];
    const data = typeof rawData === 'object' && rawData !== null && !Array.isArray(rawData) ? (rawData as Record<string, unknown>) : {};
    const reason = isWireErrorCode(data['code']) ? data['code'] : wireErrorCodeFor(numeric);
    const sent = data['code'];
    const details = rawData === undefined || data === rawData ? { ...data, ...(typeof sent === 'string' && !isWireErrorCode(sent) ? { senderCode: sent } : {}) } : { value: rawData };
    const result = new ResponseError(reason, message, details, 'peer');
    // Keep the peer's number even when it is not ours (e.g. an LSP server's -32803).
    (result as { code: number }).code = numeric;
    return result;
  }
}
