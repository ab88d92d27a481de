/**
 * Receives what a {@link Transport} reads. The connection implements it; callbacks are synchronous.
 */
export interface TransportSink {
  /** Bytes arrived from the peer. The sink may keep views of `chunk`; the transport must not reuse it. */
  onData(chunk: Uint8Array): void;
  /**
   * One whole message arrived, as its text, from a transport that {@link Transport.framesMessages}: parsed
   * once, with the same checks, limits and reports as a message read from bytes. The connection's sink has
   * it; to a sink without it such a transport hands the text as one NDJSON line to `onData`.
   */
  onMessage?(text: string): void;
  /** The transport can take writes again after `write()` returned false. */
  onDrain(): void;
  /** The peer's side ended (EOF) or the transport failed (`error` set). Called at most once. */
  onClose(error?: Error): void;
}

/**
 * A byte pipe to one peer, as small as possible so that framing, limits and correlation stay in the
 * connection and are the same over every transport. One transport serves one connection.
 */
export interface Transport {
  /**
   * True for a transport whose wire delimits messages itself (a WebSocket: one text frame per message). The
   * connection then writes each message alone, as its JSON text without framing, and the transport hands
   * each message it receives to `sink.onMessage` whole. Default false: a byte stream, framed by the connection.
   */
  readonly framesMessages?: boolean;
  /** Starts delivering to `sink`. Called once, by the connection's `listen()`. */
  start(sink: TransportSink): void;
  /**
   * Writes framed text (UTF-8 on the wire), as a string or as its UTF-8 bytes (which the transport may
   * keep until written: the caller must not change them). Returns false when the receiver is full: the
   * caller should wait for `onDrain` before writing more (data passed here is never lost, it is buffered).
   * Writes after `close()` are ignored.
   */
  write(data: string | Uint8Array): boolean;
  /** Ends the outgoing side (flushing what was written) and stops reading. Idempotent. */
  close(): void;
  /**
   * Flow control: stops delivering incoming data to the sink until `resume()`. What arrives meanwhile is
   * left unread (a pipe then fills and pushes back on the peer), EOF included: `onClose` for the end of
   * input waits for `resume()` too. Delivery never happens synchronously inside `pause()`. Idempotent;
   * no effect after `close()`.
   */
  pause(): void;
  /** Restarts delivery after `pause()` (asynchronously, never inside the call). Idempotent; no effect after `close()`. */
  resume(): void;
}
