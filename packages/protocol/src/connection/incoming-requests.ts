import type { Emitter } from '../emitter.js';
import { ResponseError } from '../errors/response-error.js';
import type { ProgressToken, RequestId } from '../messages.js';
import { nextTurn } from '../runtime.js';
import type { ResolvedConnectionOptions } from './connection-options.js';
import type { HandlerTable } from './handler-table.js';
import type { Outbound } from './outbound.js';
import { DONE, IncomingRequest, QUEUED, RUNNING, progressTokenOf, type ProgressSink, type RequestHandler } from './request-context.js';

/** @internal The parts of a connection that the peer's requests use. */
export interface IncomingRequestsParts {
  readonly options: ResolvedConnectionOptions;
  /** Where answers and progress go. */
  readonly out: Outbound;
  readonly handlers: HandlerTable<RequestHandler>;
  /** Fired when the last request waiting for a handler slot left the queue (not on close). */
  readonly queueEmpty: Emitter<void>;
}

/**
 * @internal The peer's requests, from arrival to answer: at most `maxIncomingInFlight` handlers run at once,
 * up to `maxIncomingQueued` more wait in FIFO order, the rest are refused with `unavailable`. A waiting
 * request that is cancelled is dropped without running (answered `cancelled`); a running one has its signal
 * aborted and is answered `cancelled` when its handler returns. Progress is coalesced per event-loop turn and
 * always precedes the answer. Every answer leaves through {@link Outbound}.
 */
export class IncomingRequests implements ProgressSink {
  private readonly parts: IncomingRequestsParts;
  private readonly name: string;
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

  constructor(parts: IncomingRequestsParts) {
    this.parts = parts;
    this.name = parts.options.name;
  }

  /** Handlers running now. */
  get runningCount(): number {
    return this.running.size;
  }

  /** Requests waiting for a slot. */
  get queuedCount(): number {
    return this.queuedById.size;
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

  /** A request arrived. */
  receive(id: RequestId, method: string, params: unknown): void {
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
  cancel(id: unknown): void {
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
    const handler = this.parts.handlers.get(request.method);
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
