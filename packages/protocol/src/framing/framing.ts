/**
 * How messages are delimited on a byte stream.
 * - `ndjson`: one JSON value per line (`\n`, optional `\r` before it). The protocol's native framing.
 * - `content-length`: LSP style, `Content-Length: <bytes>\r\n\r\n<json>`, for peers built with LSP-style libraries.
 */
export type Framing = 'ndjson' | 'content-length';

/** What a skipped (over the limit) message was, read from its bytes as they streamed past. */
export type OversizedKind = 'request' | 'notification' | 'response' | 'unknown';

/** Report of one incoming message that was over the size limit and skipped without being buffered. */
export interface OversizedFrame {
  /** Bytes of the message seen when reported: its full size when `complete`, else a lower bound. */
  readonly bytes: number;
  /** False when reported early (id and kind already known) while the rest is still being skipped. */
  readonly complete: boolean;
  /** The message's top-level `id` when it could be read (null when the id is JSON null), else undefined. */
  readonly id: number | string | null | undefined;
  /** The top-level `method` when it could be read. */
  readonly method: string | undefined;
  /** Request, notification or response, as far as the top-level members that were seen tell. */
  readonly kind: OversizedKind;
  /** The framing the message came in. */
  readonly framing: Framing;
}
