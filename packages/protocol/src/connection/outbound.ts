import { ResponseError } from '../errors/response-error.js';
import { encodeFrame, exceedsByteLimit } from '../framing/frame-encoder.js';
import type { Framing } from '../framing/framing.js';
import { BuiltInMethods, type ProgressToken, type RequestId, type WireError } from '../messages.js';
import type { ConnectionDiagnosticsCounters } from './connection-diagnostics.js';
import type { ResolvedConnectionOptions } from './connection-options.js';
import { OutgoingWriter } from './outgoing-writer.js';
import { stringifyPayload } from './payload-json.js';

/**
 * @internal Everything this side writes to the peer goes through here: serialised (one JSON.stringify of the
 * payload inside a fixed envelope), checked against `maxMessageBytes`, framed, queued on the
 * {@link OutgoingWriter}. Answers and the connection's own notifications never throw (an oversized result
 * becomes a `too_large` error, a full queue a warning); the caller's requests and notifications are
 * serialised by {@link serializeRequest}/{@link serializeNotification} and refused by the connection.
 *
 * Over a transport that `framesMessages` (a WebSocket), each message is written alone and unframed.
 */
export class Outbound {
  /** Framing of what is written; mirrors the peer's first message in `auto` mode. */
  framing: Framing;
  readonly writer: OutgoingWriter;
  private framingSettled: boolean;
  private readonly framed: boolean;
  private readonly counters: ConnectionDiagnosticsCounters;
  private readonly isOpen: () => boolean;
  private readonly name: string;
  private readonly limit: number;
  private readonly maxQueued: number;

  constructor(options: ResolvedConnectionOptions, counters: ConnectionDiagnosticsCounters, isOpen: () => boolean) {
    this.framed = options.transport.framesMessages !== true;
    this.writer = new OutgoingWriter(options.transport, options.maxQueuedWriteBytes, this.framed);
    this.counters = counters;
    this.isOpen = isOpen;
    this.name = options.name;
    this.limit = options.maxMessageBytes;
    this.maxQueued = options.maxQueuedWriteBytes;
    this.framing = options.framing === 'content-length' ? 'content-length' : 'ndjson';
    this.framingSettled = options.framing !== 'auto';
  }

  /** The peer's framing, seen on a message it sent: in `auto` mode the first one sets ours. */
  mirror(framing: Framing): void {
    if (this.framingSettled) return;
    this.framingSettled = true;
    this.framing = framing;
  }

  /** True when `json` is over `maxMessageBytes` (counted as an oversized outgoing message). */
  oversized(json: string): boolean {
    if (!exceedsByteLimit(json, this.limit)) return false;
    this.counters.oversizedOutgoing++;
    return true;
  }

  /** Frames and queues a serialised message; false when the write queue is full. */
  enqueue(json: string): boolean {
    return this.writer.enqueue(this.framed ? encodeFrame(json, this.framing) : json);
  }

  /** The error for a send refused because the write queue is full (and a warning). */
  queueFullError(method: string): ResponseError {
    this.counters.warn('write_queue_full', `${this.name} is not reading its input: ${this.writer.queuedCharCount} bytes are queued (maxQueuedWriteBytes ${this.maxQueued}); "${method}" was not sent. The peer may be stuck`);
    return new ResponseError('unavailable', `cannot send "${method}": ${this.name} is not reading and the write queue is full (maxQueuedWriteBytes); retry later`, { method });
  }

  /** Answers request `id` with `result`; an unserialisable one becomes `internal`, an oversized one `too_large`. */
  sendResult(id: RequestId, result: unknown): void {
    if (!this.isOpen()) return;
    let json: string;
    try {
      const r = result === undefined ? undefined : stringifyPayload(result);
      json = `{"jsonrpc":"2.0","id":${idText(id)},"result":${r === undefined ? 'null' : r}}`;
    } catch (error) {
      this.sendError(id, new ResponseError('internal', `the result cannot be encoded as JSON (${String(error)})`));
      return;
    }
    if (this.oversized(json)) {
      this.counters.warn('oversized_outgoing', `a result for ${this.name} (request id ${JSON.stringify(id)}) is over the ${this.limit}-byte limit; it was replaced by a too_large error. Return less per request (page large data)`);
      this.sendError(id, new ResponseError('too_large', `the result is over the ${this.limit}-byte limit and was not sent; ask for less per request (page large data)`, { limit: this.limit }));
      return;
    }
    this.enqueueAnswer(json);
  }

  /** Answers request `id` (null: a message whose id could not be read) with `error`, its data trimmed if it would be oversized. */
  sendError(id: RequestId | null, error: ResponseError): void {
    if (!this.isOpen()) return;
    let json = serializeError(id, error.toWire());
    if (exceedsByteLimit(json, this.limit)) json = serializeError(id, { code: error.code, message: error.message.slice(0, 1024), data: { code: error.reason } });
    this.enqueueAnswer(json);
  }

  /** Sends `$/progress`; dropped (and counted) when the queue is full. */
  sendProgress(token: ProgressToken, value: unknown): void {
    if (!this.sendQuietly(BuiltInMethods.progress, { token, value })) this.counters.droppedProgress++;
  }

  /** Sends `$/cancelRequest` for our request `id`. */
  sendCancel(id: RequestId): void {
    this.sendQuietly(BuiltInMethods.cancelRequest, { id });
  }

  private enqueueAnswer(json: string): void {
    if (!this.enqueue(json)) {
      this.counters.warn('write_queue_full', `${this.name} is not reading its input (maxQueuedWriteBytes ${this.maxQueued} reached); a response was dropped and the peer's request will time out`);
    }
  }

  /** Sends a notification made by the connection itself; false when it could not be queued. */
  private sendQuietly(method: string, params: unknown): boolean {
    if (!this.isOpen()) return false;
    let json: string;
    try {
      json = serializeNotification(method, params);
    } catch {
      return false;
    }
    return !this.oversized(json) && this.enqueue(json);
  }
}

// Messages are built as strings around JSON.stringify of the payload: no wrapper object per message,
// and member order fixed (jsonrpc, id, method first) so a reader of the first bytes finds the id.

function idText(id: RequestId | null): string {
  return typeof id === 'number' ? String(id) : JSON.stringify(id);
}

/** `{"jsonrpc":"2.0","id":…,"method":…,"params":…}`; params omitted when undefined. @throws what JSON.stringify throws. */
export function serializeRequest(id: RequestId, method: string, params: unknown): string {
  const p = params === undefined ? undefined : stringifyPayload(params);
  return `{"jsonrpc":"2.0","id":${idText(id)},"method":${JSON.stringify(method)}${p === undefined ? '' : `,"params":${p}`}}`;
}

/** `{"jsonrpc":"2.0","method":…,"params":…}`. @throws what JSON.stringify throws. */
export function serializeNotification(method: string, params: unknown): string {
  const p = params === undefined ? undefined : stringifyPayload(params);
  return `{"jsonrpc":"2.0","method":${JSON.stringify(method)}${p === undefined ? '' : `,"params":${p}`}}`;
}

/** An error response. Never throws: unserialisable `data` is dropped. */
function serializeError(id: RequestId | null, error: WireError): string {
  const head = `{"jsonrpc":"2.0","id":${idText(id)},"error":`;
  try {
    return `${head}${JSON.stringify({ code: error.code, message: error.message, data: error.data })}}`;
  } catch {
    return `${head}${JSON.stringify({ code: error.code, message: error.message })}}`;
  }
}
