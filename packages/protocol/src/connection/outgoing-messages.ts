import { ResponseError } from '../errors/response-error.js';
import { encodeFrame, exceedsByteLimit } from '../framing/frame-encoder.js';
import type { Framing } from '../framing/framing.js';
import { BuiltInMethods, type ProgressToken, type RequestId } from '../messages.js';
import type { ConnectionDiagnosticsCounters } from './connection-diagnostics.js';
import type { ResolvedConnectionOptions } from './connection-options.js';
import { serializeError, serializeNotification, serializeResult } from './message-serializer.js';
import type { OutgoingWriter } from './outgoing-writer.js';

/**
 * @internal Answers and connection-made notifications on their way out: serialised, checked against the
 * size limit (an oversized result becomes a `too_large` error), framed, queued. Never throws.
 */
export class OutgoingMessages {
  /** Framing of what is written; set from the peer's first message in `auto` mode. */
  framing: Framing;
  private readonly writer: OutgoingWriter;
  private readonly counters: ConnectionDiagnosticsCounters;
  private readonly isOpen: () => boolean;
  private readonly name: string;
  private readonly limit: number;
  private readonly maxQueued: number;

  constructor(writer: OutgoingWriter, counters: ConnectionDiagnosticsCounters, options: ResolvedConnectionOptions, isOpen: () => boolean) {
    this.writer = writer;
    this.counters = counters;
    this.isOpen = isOpen;
    this.name = options.name;
    this.limit = options.maxMessageBytes;
    this.maxQueued = options.maxQueuedWriteBytes;
    this.framing = options.framing === 'content-length' ? 'content-length' : 'ndjson';
  }

  /** Frames and queues a serialised message; false when the write queue is full. */
  enqueue(json: string): boolean {
    return this.writer.enqueue(encodeFrame(json, this.framing));
  }

  /** The error for a send refused because the write queue is full (and a warning). */
  queueFullError(method: string): ResponseError {
    this.counters.warn('write_queue_full', `${this.name} is not reading its input: ${this.writer.queuedCharCount} bytes are queued (maxQueuedWriteBytes ${this.maxQueued}); "${method}" was not sent. The peer may be stuck`);
    return new ResponseError('unavailable', `cannot send "${method}": ${this.name} is not reading and the write queue is full (maxQueuedWriteBytes); retry later`, { method });
  }

  /** Sends a result; an unserialisable one becomes `internal`, an oversized one `too_large`. */
  sendResult(id: RequestId, result: unknown): void {
    if (!this.isOpen()) return;
    let json: string;
    try {
      json = serializeResult(id, result);
    } catch (error) {
      this.sendError(id, new ResponseError('internal', `the result cannot be encoded as JSON (${String(error)})`));
      return;
    }
    if (exceedsByteLimit(json, this.limit)) {
      this.counters.oversizedOutgoing++;
      this.counters.warn('oversized_outgoing', `a result for ${this.name} (request id ${JSON.stringify(id)}) is over the ${this.limit}-byte limit; it was replaced by a too_large error. Return less per request (page large data)`);
      this.sendError(id, new ResponseError('too_large', `the result is over the ${this.limit}-byte limit and was not sent; ask for less per request (page large data)`, { limit: this.limit }));
      return;
    }
    this.enqueueAnswer(json);
  }

  /** Sends an error response (its data trimmed if it would be oversized). */
  sendError(id: RequestId | null, error: ResponseError): void {
    if (!this.isOpen()) return;
    let json = serializeError(id, error.toWire());
    if (exceedsByteLimit(json, this.limit)) json = serializeError(id, { code: error.code, message: error.message.slice(0, 1024), data: { code: error.reason } });
    this.enqueueAnswer(json);
  }

  private enqueueAnswer(json: string): void {
    if (!this.enqueue(json)) {
      this.counters.warn('write_queue_full', `${this.name} is not reading its input (maxQueuedWriteBytes ${this.maxQueued} reached); a response was dropped and the peer's request will time out`);
    }
  }

  /** Sends `$/progress`; dropped (and counted) when the queue is full. */
  sendProgress(token: ProgressToken, value: unknown): void {
    if (!this.sendQuietly(BuiltInMethods.progress, { token, value })) this.counters.droppedProgress++;
  }

  /** Sends a notification made by the connection itself; false when it could not be queued. */
  sendQuietly(method: string, params: unknown): boolean {
    if (!this.isOpen()) return false;
    let json: string;
    try {
      json = serializeNotification(method, params);
    } catch {
      return false;
    }
    if (exceedsByteLimit(json, this.limit)) {
      this.counters.oversizedOutgoing++;
      return false;
    }
    return this.enqueue(json);
  }
}
