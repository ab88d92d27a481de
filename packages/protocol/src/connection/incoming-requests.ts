import { ResponseError } from '../errors/response-error.js';
import { nextTurn } from '../runtime.js';
import type { ProgressToken, RequestId } from '../messages.js';
import { DONE, IncomingRequest, QUEUED, RUNNING, progressTokenOf, type ProgressSink, type RequestHandler } from './request-context.js';

/** What the incoming side needs from its connection. */
export interface IncomingRequestsHost {
  readonly name: string;
  handlerFor(method: string): RequestHandler | undefined;
  sendResult(id: RequestId, result: unknown): void;
  sendError(id: RequestId, error: ResponseError): void;
  sendProgress(token: ProgressToken, value: unknown): void;
  /** The last waiting request left the queue (started or cancelled); not called on close. */
  onQueueEmpty(): void;
}

/**
 * Requests from the peer: at most `maxInFlight` handlers run at once, up to `maxQueued` more wait in
 * FIFO order, the rest are refused with `unavailable`. A waiting request that is cancelled is dropped
 * without running (answered `cancelled`); a running one has its signal aborted and is answered
 * `cancelled` when its handler returns.
 */
export class IncomingRequests implements ProgressSink {
  private readonly host: IncomingRequestsHost;
  private readonly maxInFlight: number;
  private readonly maxQueued: number;
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

  constructor(host: IncomingRequestsHost, maxInFlight: number, maxQueued: number) {
    this.host = host;
    this.maxInFlight = maxInFlight;
    this.maxQueued = maxQueued;
  }

  /** Handlers running now. */
  get runningCount(): number {
    return this.running.size;
  }

  /** Requests waiting for a slot. */
  get queuedCount(): number {
    return this.queuedById.size;
  }

  /** A request arrived. */
  receive(id: RequestId, method: string, params: unknown): void {
    if (this.running.has(id) || this.queuedById.has(id)) {
      this.host.sendError(id, new ResponseError('invalid_request', `request id ${JSON.stringify(id)} is already in use by a request in progress; use a new id per request`));
      return;
    }
    const request = new IncomingRequest(id, method, params, progressTokenOf(params), this);
    if (this.running.size < this.maxInFlight) this.start(request);
    else if (this.queuedById.size < this.maxQueued) {
      this.queue.push(request);
      this.queuedById.set(id, request);
    } else {
      this.host.sendError(
        id,
        new ResponseError('unavailable', `too many requests: ${this.running.size} running and ${this.queuedById.size} waiting (maxIncomingInFlight/maxIncomingQueued of ${this.host.name}); retry later or send fewer at once`, { running: this.running.size, queued: this.queuedById.size }),
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
      this.host.sendError(id, cancelledError(queued.method));
      if (this.queuedById.size === 0) this.host.onQueueEmpty();
      return;
    }
    this.running.get(id)?.abort(cancelledError(this.running.get(id)?.method ?? ''));
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
  flushProgress(): void {
    if (this.dirty.length === 0) return;
    const dirty = this.dirty;
    this.dirty = [];
    for (const request of dirty) this.sendPendingProgress(request);
  }

  private sendPendingProgress(request: IncomingRequest): void {
    if (!request.progressPending) return;
    request.progressPending = false;
    if (request.status === RUNNING && !request.abortReason) this.host.sendProgress(request.progressToken as ProgressToken, request.progressValue);
  }

  private start(request: IncomingRequest): void {
    request.status = RUNNING;
    this.running.set(request.id, request);
    const handler = this.host.handlerFor(request.method);
    if (!handler) {
      this.finishError(request, new ResponseError('method_not_found', `no handler for "${request.method}" on the side that received it (the connection to ${this.host.name}); check the method name and that it is registered before listen()`, { method: request.method }));
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
      this.host.sendProgress(request.progressToken as ProgressToken, request.progressValue);
    }
    this.host.sendResult(request.id, value);
    this.startNext();
  }

  private finishError(request: IncomingRequest, error: unknown): void {
    if (!this.finish(request)) return;
    this.host.sendError(request.id, toResponseError(error, request.method));
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
      this.host.sendError(request.id, request.abortReason);
      this.startNext();
      return false;
    }
    return true;
  }

  private startNext(): void {
    if (this.queue.length === 0) return;
    const waiting = this.queuedById.size;
    while (this.running.size < this.maxInFlight && this.queue.length > 0 && !this.closed) {
      const next = this.queue.shift() as IncomingRequest;
      if (next.status !== QUEUED) continue;
      this.queuedById.delete(next.id);
      this.start(next);
    }
    if (waiting > 0 && this.queuedById.size === 0 && !this.closed) this.host.onQueueEmpty();
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
