import type { Emitter } from '../emitter.js';
import { ResponseError } from '../errors/response-error.js';
import { exceedsByteLimit } from '../framing/frame-encoder.js';
import { FrameReader, type FrameReaderSink } from '../framing/frame-reader.js';
import type { Framing, OversizedFrame } from '../framing/framing.js';
import { BuiltInMethods, type ProgressToken, type RequestId } from '../messages.js';
import { nextTurn } from '../runtime.js';
import type { ConnectionDiagnosticsCounters } from './connection-diagnostics.js';
import type { ResolvedConnectionOptions } from './connection-options.js';
import type { HandlerTable } from './handler-table.js';
import type { Outbound } from './outbound.js';
import type { PendingRequests } from './pending-requests.js';
import { DONE, IncomingRequest, QUEUED, RUNNING, progressTokenOf, type NotificationHandler, type ProgressSink, type RequestHandler } from './request-context.js';

/** @internal The parts of a connection that what the peer sends is handed to. */
export interface InboundParts {
  readonly options: ResolvedConnectionOptions;
  readonly counters: ConnectionDiagnosticsCounters;
  /** Where answers go. */
  readonly out: Outbound;
  /** Our requests, which responses settle. */
  readonly pending: PendingRequests;
  readonly requestHandlers: HandlerTable<RequestHandler>;
  readonly notificationHandlers: HandlerTable<NotificationHandler>;
  /** Fired when the last request waiting for a handler slot left the queue (not on close). */
  readonly queueEmpty: Emitter<void>;
}

const EMPTY_RESULT = Object.freeze({});
const OPEN_BRACE = 123;
const encoder = new TextEncoder();

/**
 * @internal Everything the peer sends, from bytes (or a message's text) to its effect: messages are read
 * ({@link FrameReader}), sorted — a response settles one of our {@link PendingRequests}, `$/` notifications
 * are handled here, a request runs its handler and is answered through {@link Outbound}, anything malformed
 * is answered or reported.
 *
 * Requests: at most `maxIncomingInFlight` handlers run at once, up to `maxIncomingQueued` more wait in FIFO
 * order, the rest are refused with `unavailable`. A waiting request that is cancelled is dropped without
 * running (answered `cancelled`); a running one has its signal aborted and is answered `cancelled` when its
 * handler returns. Progress is coalesced per event-loop turn and always precedes the answer.
 */
export class Inbound implements FrameReaderSink, ProgressSink {
  private readonly parts: InboundParts;
  private readonly name: string;
  private readonly limit: number;
  private readonly reader: FrameReader;
  private readonly running = new Map<RequestId, IncomingRequest>();
  private queue: IncomingRequest[] = [];
  private readonly queuedById = new Map<RequestId, IncomingRequest>();
  private dirty: IncomingRequest[] = [];
  private closed = false;
  private progressFlushScheduled = false;
  private readonly flushProgressBound = (): void => {
    this.progressFlushScheduled = false;
    this.flushProgress();
  };

  constructor(parts: InboundParts) {
    this.parts = parts;
    this.name = parts.options.name;
    this.limit = parts.options.maxMessageBytes;
    this.reader = new FrameReader({ sink: this, maxMessageBytes: this.limit, maxStrayChars: parts.options.maxStrayLineChars });
  }

  /** Framing of the peer's first message, undefined before one was read from bytes. */
  get framing(): Framing | undefined {
    return this.reader.framing;
  }

  /** Handlers running now. */
  get runningCount(): number {
    return this.running.size;
  }

  /** Requests waiting for a slot. */
  get queuedCount(): number {
    return this.queuedById.size;
  }

  /** Reads a chunk of bytes. The answers to a whole chunk of requests leave together, after it is read. */
  read(chunk: Uint8Array): void {
    const writer = this.parts.out.writer;
    writer.hold();
    try {
      this.reader.push(chunk);
    } finally {
      writer.release();
    }
  }

  /**
   * Reads one whole message's text. An object is parsed once, here; anything else (a parse error, a size
   * over the limit, a batch, a stray line) takes the byte path, so that it is reported the same way.
   */
  readText(text: string): void {
    const writer = this.parts.out.writer;
    writer.hold();
    try {
      let value: unknown;
      let parsed = false;
      if (text.charCodeAt(0) === OPEN_BRACE && !exceedsByteLimit(text, this.limit)) {
        try {
          value = JSON.parse(text);
          parsed = true;
        } catch {
          // reported by the byte path below
        }
      }
      // One line: a newline may only be whitespace between JSON tokens (inside a string it is escaped).
      if (parsed) this.route(value);
      else this.reader.push(encoder.encode(`${text.replace(/[\r\n]/g, ' ')}\n`));
    } finally {
      writer.release();
    }
  }

  /** The stream ended: a last line without a newline is read. */
  end(): void {
    this.reader.end();
  }

  /** The connection is closing: abort running handlers, drop waiting requests, answer nothing more. */
  abortAll(reason: ResponseError): void {
    this.closed = true;
    for (const request of this.queuedById.values()) request.status = DONE;
    this.queuedById.clear();
    this.queue = [];
    this.dirty = [];
    for (const request of this.running.values()) request.abort(reason);
  }

  // --- what the frame reader produces -------------------------------------------------------------

  message(value: unknown, framing: Framing): void {
    this.parts.out.mirror(framing);
    this.route(value);
  }

  parseError(text: string, framing: Framing): void {
    const { out, counters } = this.parts;
    out.mirror(framing);
    counters.parseErrors++;
    counters.warn('parse_error', `${this.name} sent a frame that is not valid JSON: ${JSON.stringify(text.slice(0, 120))}; it was answered with a parse error`);
    out.sendError(null, new ResponseError('parse_error', 'the message is not valid JSON; send one JSON-RPC object per line', {}));
  }

  stray(line: string): void {
    const { counters } = this.parts;
    if (counters.stray.add(line)) {
      counters.warn(
        'stray_output',
        `${this.name} wrote a line to stdout that is not a protocol message: ${JSON.stringify(line.slice(0, 200))}. stdout carries only JSON-RPC; the extension should log to stderr. Further stray lines are counted in diagnostics()`,
      );
    }
  }

  oversized(frame: OversizedFrame): void {
    const { counters, out, pending } = this.parts;
    counters.oversizedIncoming++;
    const size = `${frame.complete ? '' : 'over '}${frame.bytes} bytes`;
    const what = `${frame.kind === 'unknown' ? 'message' : frame.kind}${frame.method ? ` "${frame.method}"` : ''}${frame.id !== undefined ? ` (id ${JSON.stringify(frame.id)})` : ''}`;
    counters.warn('oversized_incoming', `${this.name} sent a ${what} of ${size}, over the ${this.limit}-byte limit (maxMessageBytes); it was skipped. Send less per message (page large data) or raise the limit on both sides`);
    const id = frame.id;
    if (typeof id !== 'number' && typeof id !== 'string') return;
    if (frame.kind === 'request') {
      out.sendError(id, new ResponseError('too_large', `the request is ${size}, over the ${this.limit}-byte limit of the receiver; it was not read. Send less per request (page large data)`, { limit: this.limit, bytes: frame.bytes }));
    } else if (frame.kind === 'response') {
      pending.fail(id, new ResponseError('too_large', `the answer of ${this.name} is ${size}, over the ${this.limit}-byte limit (maxMessageBytes); it was skipped. Ask for less per request or raise the limit`, { limit: this.limit, bytes: frame.bytes }));
    }
  }

  // --- sorting a message ----------------------------------------------------------------------------

  private route(value: unknown): void {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.invalid(null, Array.isArray(value) ? 'a JSON-RPC batch (array); protocol v1 has no batches: send one message per frame' : `a JSON ${value === null ? 'null' : typeof value}, not a JSON-RPC message object`);
      return;
    }
    const message = value as Record<string, unknown>;
    const method = message['method'];
    const id = message['id'];
    const version = message['jsonrpc'];
    // Absent is accepted (docs/protocol.md); present, it must be "2.0".
    if (version !== '2.0' && version !== undefined) {
      this.wrongVersion(id, version, typeof method === 'string' ? method : undefined, 'result' in message || 'error' in message);
      return;
    }
    if (typeof method === 'string') {
      if (id === undefined) this.notification(method, message['params']);
      else if (typeof id === 'number' || typeof id === 'string') {
        if (method === BuiltInMethods.ping) this.parts.out.sendResult(id, EMPTY_RESULT);
        else this.receive(id, method, message['params']);
      } else this.invalid(null, `a request whose id is ${JSON.stringify(id)}; ids are numbers or strings`);
      return;
    }
    if (id !== undefined && ('result' in message || 'error' in message)) {
      this.response(id, message);
      return;
    }
    this.invalid(typeof id === 'number' || typeof id === 'string' ? id : null, 'an object with neither a string "method" nor a "result"/"error"');
  }

  private response(id: unknown, message: Record<string, unknown>): void {
    const { counters, pending } = this.parts;
    if (pending.settle(id, message)) return;
    if (id === null && message['error'] !== undefined) {
      const error = ResponseError.fromWire(message['error']);
      counters.warn('peer_reported_error', `${this.name} could not read a message from this side: ${error.message} (${error.reason})`);
      return;
    }
    counters.unmatchedResponses++;
    counters.warn('unmatched_response', `${this.name} answered request id ${JSON.stringify(id)}, which was never sent; the answer was dropped`);
  }

  private notification(method: string, params: unknown): void {
    if (method === BuiltInMethods.cancelRequest) {
      this.cancel((params as { id?: unknown } | undefined)?.id);
      return;
    }
    if (method === BuiltInMethods.progress) {
      const p = params as { token?: unknown; value?: unknown } | undefined;
      this.parts.pending.progress(p?.token, p?.value);
      return;
    }
    const handler = this.parts.notificationHandlers.get(method);
    if (!handler) {
      this.parts.counters.unhandledNotifications++;
      return;
    }
    try {
      const result = handler(params);
      if (result && typeof (result as Promise<void>).then === 'function') (result as Promise<void>).then(undefined, (error: unknown) => this.notificationFailed(method, error));
    } catch (error) {
      this.notificationFailed(method, error);
    }
  }

  private notificationFailed(method: string, error: unknown): void {
    this.parts.counters.warn('handler_failed', `the handler of notification "${method}" from ${this.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  private wrongVersion(id: unknown, version: unknown, method: string | undefined, isResponse: boolean): void {
    const what = `a message whose "jsonrpc" is ${JSON.stringify(version)}, not "2.0"`;
    const validId = typeof id === 'number' || typeof id === 'string' ? id : null;
    if (method === undefined && isResponse && validId !== null) {
      // An answer in the wrong dialect is not an answer: the request fails now rather than at its deadline.
      this.parts.counters.invalidMessages++;
      this.parts.counters.warn('invalid_message', `${this.name} sent ${what} (an answer to id ${JSON.stringify(validId)}); it was dropped`);
      this.parts.pending.fail(validId, new ResponseError('invalid_request', `${this.name} answered with ${what}; it must speak JSON-RPC 2.0`));
      return;
    }
    this.invalid(method === undefined ? null : validId, what);
  }

  private invalid(id: RequestId | null, what: string): void {
    this.parts.counters.invalidMessages++;
    this.parts.counters.warn('invalid_message', `${this.name} sent ${what}; it was answered with invalid_request`);
    this.parts.out.sendError(id, new ResponseError('invalid_request', `not a valid JSON-RPC 2.0 message: ${what}`));
  }

  // --- running the peer's requests ------------------------------------------------------------------

  private receive(id: RequestId, method: string, params: unknown): void {
    if (this.running.has(id) || this.queuedById.has(id)) {
      this.parts.out.sendError(id, new ResponseError('invalid_request', `request id ${JSON.stringify(id)} is already in use by a request in progress; use a new id per request`));
      return;
    }
    const request = new IncomingRequest(id, method, params, progressTokenOf(params), this);
    const { maxIncomingInFlight, maxIncomingQueued } = this.parts.options;
    if (this.running.size < maxIncomingInFlight) this.start(request);
    else if (this.queuedById.size < maxIncomingQueued) {
      this.queue.push(request);
      this.queuedById.set(id, request);
    } else {
      this.parts.out.sendError(
        id,
        new ResponseError('unavailable', `too many requests: ${this.running.size} running and ${this.queuedById.size} waiting (maxIncomingInFlight/maxIncomingQueued of ${this.name}); retry later or send fewer at once`, { running: this.running.size, queued: this.queuedById.size }),
      );
    }
  }

  /** The peer cancelled request `id` (unknown ids are ignored: it may have finished already). */
  private cancel(id: unknown): void {
    if (typeof id !== 'number' && typeof id !== 'string') return;
    const queued = this.queuedById.get(id);
    if (queued) {
      this.queuedById.delete(id);
      queued.status = DONE;
      this.parts.out.sendError(id, cancelledError(queued.method));
      if (this.queuedById.size === 0) this.parts.queueEmpty.fire();
      return;
    }
    const running = this.running.get(id);
    running?.abort(cancelledError(running.method));
  }

  private start(request: IncomingRequest): void {
    request.status = RUNNING;
    this.running.set(request.id, request);
    const handler = this.parts.requestHandlers.get(request.method);
    if (!handler) {
      this.finishError(request, new ResponseError('method_not_found', `no handler for "${request.method}" on the side that received it (the connection to ${this.name}); check the method name and that it is registered before listen()`, { method: request.method }));
      return;
    }
    let result: unknown;
    try {
      result = handler(request.params, request);
    } catch (error) {
      this.finishError(request, error);
      return;
    }
    if (isThenable(result)) {
      result.then(
        (value) => this.finishOk(request, value),
        (error: unknown) => this.finishError(request, error),
      );
    } else this.finishOk(request, result);
  }

  private finishOk(request: IncomingRequest, value: unknown): void {
    if (!this.finish(request)) return;
    // The last progress goes out before the result, never after it.
    if (request.progressPending) {
      request.progressPending = false;
      this.parts.out.sendProgress(request.progressToken as ProgressToken, request.progressValue);
    }
    this.parts.out.sendResult(request.id, value);
    this.startNext();
  }

  private finishError(request: IncomingRequest, error: unknown): void {
    if (!this.finish(request)) return;
    this.parts.out.sendError(request.id, toResponseError(error, request.method));
    this.startNext();
  }

  /** Marks the request done; false when its answer must not be sent (cancelled or closed). */
  private finish(request: IncomingRequest): boolean {
    if (request.status === DONE) return false;
    request.status = DONE;
    this.running.delete(request.id);
    if (this.closed) return false;
    if (request.abortReason) {
      request.progressPending = false;
      this.parts.out.sendError(request.id, request.abortReason);
      this.startNext();
      return false;
    }
    return true;
  }

  private startNext(): void {
    if (this.queue.length === 0) return;
    const waiting = this.queuedById.size;
    const maxInFlight = this.parts.options.maxIncomingInFlight;
    while (this.running.size < maxInFlight && this.queue.length > 0 && !this.closed) {
      const next = this.queue.shift() as IncomingRequest;
      if (next.status !== QUEUED) continue;
      this.queuedById.delete(next.id);
      this.start(next);
    }
    if (waiting > 0 && this.queuedById.size === 0 && !this.closed) this.parts.queueEmpty.fire();
  }

  /** @internal Progress was reported by a running handler. */
  markProgress(request: IncomingRequest): void {
    this.dirty.push(request);
    // Progress is coalesced per event-loop turn (not per microtask), so a handler that reports after
    // every await still sends a bounded number.
    if (this.progressFlushScheduled) return;
    this.progressFlushScheduled = true;
    nextTurn(this.flushProgressBound);
  }

  /** Sends the latest progress of every request that reported some since the last flush. */
  private flushProgress(): void {
    if (this.dirty.length === 0) return;
    const dirty = this.dirty;
    this.dirty = [];
    for (const request of dirty) {
      if (!request.progressPending) continue;
      request.progressPending = false;
      if (request.status === RUNNING && !request.abortReason) this.parts.out.sendProgress(request.progressToken as ProgressToken, request.progressValue);
    }
  }
}

function cancelledError(method: string): ResponseError {
  return new ResponseError('cancelled', `the request "${method}" was cancelled by its caller`, { method });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** What a handler threw, as the error to answer with: ResponseErrors as they are, anything else `internal`. */
function toResponseError(error: unknown, method: string): ResponseError {
  if (error instanceof ResponseError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ResponseError('internal', `the handler of "${method}" failed: ${message}`, { method });
}
