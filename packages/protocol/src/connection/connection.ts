import type { Disposable } from '../disposable.js';
import { Emitter, type Event } from '../emitter.js';
import { ConnectionError } from '../errors/connection-error.js';
import { ResponseError } from '../errors/response-error.js';
import type { TransportSink } from '../transport.js';
import { resolveConnectionOptions, type ConnectionOptions, type ResolvedConnectionOptions } from './connection-options.js';
import type { ConnectionWarning } from './connection-warning.js';
import { ConnectionDiagnosticsCounters, type ConnectionDiagnostics } from './connection-diagnostics.js';
import { HandlerTable } from './handler-table.js';
import { Inbound } from './inbound.js';
import { IncomingRequests } from './incoming-requests.js';
import { Outbound, serializeNotification, serializeRequest } from './outbound.js';
import { mapRequestError, PendingRequest, PendingRequests } from './pending-requests.js';
import type { NotificationHandler, RequestHandler } from './request-context.js';
import { checkRequestOptions, withProgressToken, type RequestOptions } from './request-options.js';

/** Lifecycle of a connection: `new` until `listen()`, `open` until closed by either side, `closing` during teardown. */
export type ConnectionState = 'new' | 'open' | 'closing' | 'closed';

/** Why a connection closed. */
export interface ConnectionCloseEvent {
  /** `local` when this side called close()/dispose(), `remote` when the peer's output ended or the transport failed. */
  readonly initiatedBy: 'local' | 'remote';
  /** One line saying why. */
  readonly reason: string;
  /** The transport error, when the transport failed. */
  readonly error?: Error;
}

/**
 * A JSON-RPC 2.0 connection to one peer over a {@link Transport}: requests both ways, correlated by id,
 * with deadlines, cancellation, progress, size limits, bounded queues and backpressure.
 *
 * Register handlers, then `listen()`. Requests reject with {@link ResponseError} (`timeout`, `cancelled`,
 * `unavailable`, `too_large`, or the peer's error); misuse (sending before `listen()` or after close)
 * raises {@link ConnectionError}. `onClose` fires exactly once. Nothing is printed: problems with the peer
 * go to `onWarning`, counts to `diagnostics()`.
 *
 * How a message travels (the spine):
 * - a request in: the transport's bytes (or a message's text) → {@link Inbound} (inbound.ts) reads and sorts
 *   them → {@link IncomingRequests} (incoming-requests.ts) runs the handler → its answer leaves through
 *   {@link Outbound} (outbound.ts).
 * - a request out: `request()`/`notify()` below serialise, check and hand it to {@link Outbound}, which
 *   frames and queues it on the OutgoingWriter (batching, backpressure); it waits in {@link PendingRequests}
 *   (pending-requests.ts), which {@link Inbound} settles with the response.
 */
export class Connection {
  private readonly options: ResolvedConnectionOptions;
  private currentState: ConnectionState = 'new';
  private readonly requestHandlers = new HandlerTable<RequestHandler>();
  private readonly notificationHandlers = new HandlerTable<NotificationHandler>();
  private readonly out: Outbound;
  private readonly pending: PendingRequests;
  private readonly incoming: IncomingRequests;
  private readonly inbound: Inbound;
  private readonly counters: ConnectionDiagnosticsCounters;
  private readonly closeEmitter: Emitter<ConnectionCloseEvent>;
  private readonly warningEmitter = new Emitter<ConnectionWarning>();
  private readonly dataReadEmitter: Emitter<number>;
  private readonly queueEmptyEmitter: Emitter<void>;
  private closeEvent: ConnectionCloseEvent | undefined;
  private nextId = 1;

  /** @throws TypeError naming the bad option and its value. */
  constructor(options: ConnectionOptions) {
    const resolved = resolveConnectionOptions(options);
    this.options = resolved;
    this.counters = new ConnectionDiagnosticsCounters(resolved, (warning) => this.warningEmitter.fire(warning));
    this.closeEmitter = new Emitter((error) => this.counters.warn('listener_failed', `an onClose listener of the connection to ${resolved.name} threw: ${String(error)}`));
    const listenerFailed = (what: string) => (error: unknown) => this.counters.warn('listener_failed', `an ${what} listener of the connection to ${resolved.name} threw: ${String(error)}`);
    this.dataReadEmitter = new Emitter(listenerFailed('onDataRead'));
    this.queueEmptyEmitter = new Emitter(listenerFailed('onIncomingQueueEmpty'));
    this.out = new Outbound(resolved, this.counters, () => this.currentState === 'open');
    this.pending = new PendingRequests(resolved.name, this.out, resolved.mapRequestError);
    this.incoming = new IncomingRequests({ options: resolved, out: this.out, handlers: this.requestHandlers, queueEmpty: this.queueEmptyEmitter });
    this.inbound = new Inbound({ options: resolved, counters: this.counters, out: this.out, incoming: this.incoming, pending: this.pending, notificationHandlers: this.notificationHandlers });
  }

  /** The peer's name given in the options (used in messages). */
  get name(): string {
    return this.options.name;
  }

  /** Current lifecycle state. */
  get state(): ConnectionState {
    return this.currentState;
  }

  /** Fires exactly once when the connection closes; a listener added after that is called on the next microtask. */
  readonly onClose: Event<ConnectionCloseEvent> = (listener) => {
    const closed = this.closeEvent;
    if (closed) {
      let cancelled = false;
      queueMicrotask(() => {
        if (!cancelled) listener(closed);
      });
      return { dispose: () => void (cancelled = true) };
    }
    return this.closeEmitter.event(listener);
  };

  /** Problems with the peer worth logging (stray output, oversized or malformed messages...). */
  readonly onWarning: Event<ConnectionWarning> = this.warningEmitter.event;

  /**
   * Fires after each chunk read from the transport was handled (its messages dispatched, handlers started),
   * with its size in bytes. With the transport's `pause()`/`resume()` it lets an owner read one chunk per
   * event-loop turn; nothing needs to watch the stream itself.
   */
  readonly onDataRead: Event<number> = (listener) => this.dataReadEmitter.event(listener);

  /**
   * Fires when `diagnostics().queuedIncoming` drops to 0: the last request waiting for a handler slot
   * started or was cancelled. Lets an owner that paused reading until the queue is served resume without
   * polling. Not fired on close.
   */
  readonly onIncomingQueueEmpty: Event<void> = (listener) => this.queueEmptyEmitter.event(listener);

  /**
   * Handles requests for `method`. One handler per method.
   * @throws ConnectionError `duplicate_handler` or `reserved_method` (`$/` methods this package handles).
   */
  onRequest<P = unknown, R = unknown>(method: string, handler: RequestHandler<P, R>): Disposable {
    return this.requestHandlers.register(method, handler as RequestHandler);
  }

  /** Handles notifications for `method`. One handler per method. @throws ConnectionError as {@link onRequest}. */
  onNotification<P = unknown>(method: string, handler: NotificationHandler<P>): Disposable {
    return this.notificationHandlers.register(method, handler as NotificationHandler);
  }

  /**
   * Starts reading from the transport; state becomes `open`. The result closes the connection when disposed.
   * @throws ConnectionError `already_listening` when called twice, `closed` after close.
   */
  listen(): Disposable {
    if (this.currentState !== 'new') {
      throw this.currentState === 'open'
        ? new ConnectionError('already_listening', `the connection to ${this.name} is already listening; call listen() once`)
        : new ConnectionError('closed', `the connection to ${this.name} is closed; create a new connection`);
    }
    this.currentState = 'open';
    const sink: TransportSink = {
      onData: (chunk) => {
        if (this.currentState !== 'open') return;
        this.inbound.read(chunk);
        if (this.dataReadEmitter.hasListeners && this.currentState === 'open') this.dataReadEmitter.fire(chunk.length);
      },
      onMessage: (text) => {
        if (this.currentState !== 'open') return;
        this.inbound.readText(text);
        if (this.dataReadEmitter.hasListeners && this.currentState === 'open') this.dataReadEmitter.fire(text.length);
      },
      onDrain: () => this.out.writer.onDrain(),
      onClose: (error) => {
        if (this.currentState !== 'open') return;
        this.inbound.end();
        this.teardown({ initiatedBy: 'remote', reason: error ? `the transport to ${this.name} failed: ${error.message}` : `${this.name} closed its output`, ...(error ? { error } : {}) });
      },
    };
    try {
      this.options.transport.start(sink);
    } catch (error) {
      this.teardown({ initiatedBy: 'local', reason: `the transport to ${this.name} could not start: ${error instanceof Error ? error.message : String(error)}` });
      throw error;
    }
    return { dispose: () => this.dispose() };
  }

  /**
   * Sends a request and resolves with the peer's result.
   * Rejects with ResponseError: `timeout` (deadline: options.timeoutMs, else the connection's
   * requestTimeoutMs), `cancelled` (options.signal aborted), `unavailable` (closed before the answer, or
   * the write queue is full), `too_large` (the request or its answer is over maxMessageBytes), or the
   * peer's own error. On timeout or cancel the peer is sent `$/cancelRequest` and a late answer is dropped.
   * Rejects with ConnectionError `not_listening`/`closed` when the connection is not open, `unserializable`
   * when params cannot be encoded; throws TypeError for bad options. Each rejection goes through the
   * connection's `mapRequestError` first, when it has one.
   */
  request<R = unknown>(method: string, params?: unknown, options?: RequestOptions): Promise<R> {
    if (this.currentState !== 'open') return this.refuse(this.notOpenError(method), method);
    let timeoutMs = this.options.requestTimeoutMs;
    let signal: AbortSignal | undefined;
    let onProgress: ((value: unknown) => void) | undefined;
    let resetTimeoutOnProgress = false;
    if (options !== undefined) {
      checkRequestOptions(options);
      if (options.timeoutMs !== undefined) timeoutMs = options.timeoutMs;
      signal = options.signal;
      onProgress = options.onProgress;
      resetTimeoutOnProgress = options.resetTimeoutOnProgress === true;
    }
    const id = this.nextId++;
    const sent = onProgress ? withProgressToken(params, id) : params;
    let json: string;
    try {
      json = serializeRequest(id, method, sent);
    } catch (error) {
      return this.refuse(new ConnectionError('unserializable', `the params of "${method}" cannot be encoded as JSON (${String(error)}); remove cycles, BigInt and functions`, { cause: error }), method);
    }
    if (this.out.oversized(json)) {
      return this.refuse(new ResponseError('too_large', `the request "${method}" to ${this.name} is over the ${this.options.maxMessageBytes}-byte limit (maxMessageBytes) and was not sent; send less per request (page large data) or raise the limit on both sides`, { method, limit: this.options.maxMessageBytes }), method);
    }
    if (signal?.aborted) return this.refuse(new ResponseError('cancelled', `the request "${method}" to ${this.name} was cancelled before it was sent`, { method }), method);
    return new Promise<R>((resolve, reject) => {
      const pending = new PendingRequest(id, method, resolve as (value: unknown) => void, reject, timeoutMs, onProgress, resetTimeoutOnProgress, signal);
      if (!this.out.enqueue(json)) {
        reject(mapRequestError(this.options.mapRequestError, this.out.queueFullError(method), method));
        return;
      }
      this.pending.add(pending);
    });
  }

  /**
   * Sends a notification (no answer).
   * @throws ConnectionError `not_listening`/`closed`/`unserializable`; ResponseError `too_large` (over
   * maxMessageBytes) or `unavailable` (write queue full).
   */
  notify(method: string, params?: unknown): void {
    if (this.currentState !== 'open') throw this.notOpenError(method);
    let json: string;
    try {
      json = serializeNotification(method, params);
    } catch (error) {
      throw new ConnectionError('unserializable', `the params of "${method}" cannot be encoded as JSON (${String(error)}); remove cycles, BigInt and functions`, { cause: error });
    }
    if (this.out.oversized(json)) {
      throw new ResponseError('too_large', `the notification "${method}" to ${this.name} is over the ${this.options.maxMessageBytes}-byte limit (maxMessageBytes) and was not sent; send less per message or raise the limit on both sides`, { method, limit: this.options.maxMessageBytes });
    }
    if (!this.out.enqueue(json)) throw this.out.queueFullError(method);
  }

  /**
   * Closes: pending requests reject with `unavailable`, running handlers are aborted, waiting ones dropped,
   * timers cleared, queued writes flushed, the transport closed, `onClose` fired. Idempotent.
   */
  close(reason = 'closed by this side'): Promise<void> {
    if (this.currentState === 'new') {
      this.currentState = 'closed';
      this.closeEvent = { initiatedBy: 'local', reason };
      this.closeEmitter.fire(this.closeEvent);
    } else if (this.currentState === 'open') this.teardown({ initiatedBy: 'local', reason });
    return Promise.resolve();
  }

  /** Same as `close()` without waiting. */
  dispose(): void {
    void this.close();
  }

  /** Counters and recent stray output, for `doctor`-style reports. */
  diagnostics(): ConnectionDiagnostics {
    return this.counters.snapshot({
      state: this.currentState,
      framing: this.out.framing,
      incomingFraming: this.inbound.framing,
      pendingOutgoing: this.pending.size,
      runningIncoming: this.incoming.runningCount,
      queuedIncoming: this.incoming.queuedCount,
      queuedWriteBytes: this.out.writer.queuedCharCount,
      waitingForDrain: this.out.writer.isWaitingForDrain,
      lateResponses: this.pending.lateResponses,
      deadlinesArmed: this.pending.deadlineCount,
    });
  }

  private teardown(event: ConnectionCloseEvent): void {
    this.currentState = 'closing';
    this.closeEvent = event;
    const unavailable = (what: string): ResponseError => new ResponseError('unavailable', `the connection to ${this.name} closed (${event.reason}) ${what}`);
    this.pending.rejectAll((request) => unavailable(`before "${request.method}" was answered`));
    this.incoming.abortAll(unavailable('while the request was being handled'));
    this.out.writer.flushAndClose();
    this.options.transport.close();
    this.currentState = 'closed';
    this.closeEmitter.fire(event);
    this.closeEmitter.clear();
    this.dataReadEmitter.clear();
    this.queueEmptyEmitter.clear();
  }

  /** A request refused before it was sent: rejected with `error`, through `mapRequestError` if set. */
  private refuse<R>(error: Error, method: string): Promise<R> {
    return Promise.reject(mapRequestError(this.options.mapRequestError, error, method));
  }

  private notOpenError(method: string): ConnectionError {
    return this.currentState === 'new'
      ? new ConnectionError('not_listening', `cannot send "${method}": the connection to ${this.name} is not listening yet; call listen() first`)
      : new ConnectionError('closed', `cannot send "${method}": the connection to ${this.name} is closed (${this.closeEvent?.reason ?? 'closed'}); start a new connection`);
  }
}
