import type { Disposable } from '../disposable.js';
import { Emitter, type Event } from '../emitter.js';
import { ConnectionError } from '../errors/connection-error.js';
import { ResponseError } from '../errors/response-error.js';
import { exceedsByteLimit } from '../framing/frame-encoder.js';
import { FrameReader } from '../framing/frame-reader.js';
import { BuiltInMethods } from '../messages.js';
import { nextTurn } from '../runtime.js';
import type { TransportSink } from '../transport.js';
import { resolveConnectionOptions, type ConnectionOptions, type ResolvedConnectionOptions } from './connection-options.js';
import type { ConnectionWarning } from './connection-warning.js';
import { ConnectionDiagnosticsCounters, type ConnectionDiagnostics } from './connection-diagnostics.js';
import { IncomingMessageRouter } from './incoming-message-router.js';
import { IncomingRequests } from './incoming-requests.js';
import { OutgoingRequests, PendingRequest } from './outgoing-requests.js';
import { OutgoingWriter } from './outgoing-writer.js';
import type { NotificationHandler, RequestHandler } from './request-context.js';
import { checkRequestOptions, withProgressToken, type RequestOptions } from './request-options.js';
import { serializeNotification, serializeRequest } from './message-serializer.js';
import { OutgoingMessages } from './outgoing-messages.js';

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

const RESERVED = new Set<string>([BuiltInMethods.cancelRequest, BuiltInMethods.progress, BuiltInMethods.ping]);

/**
 * A JSON-RPC 2.0 connection to one peer over a {@link Transport}: requests both ways, correlated by id,
 * with deadlines, cancellation, progress, size limits, bounded queues and backpressure.
 *
 * Register handlers, then `listen()`. Requests reject with {@link ResponseError} (`timeout`, `cancelled`,
 * `unavailable`, `too_large`, or the peer's error); misuse (sending before `listen()` or after close)
 * raises {@link ConnectionError}. `onClose` fires exactly once. Nothing is printed: problems with the peer
 * go to `onWarning`, counts to `diagnostics()`.
 */
export class Connection {
  private readonly options: ResolvedConnectionOptions;
  private currentState: ConnectionState = 'new';
  private readonly requestHandlers = new Map<string, RequestHandler>();
  private readonly notificationHandlers = new Map<string, NotificationHandler>();
  private readonly reader: FrameReader;
  private readonly writer: OutgoingWriter;
  private readonly outgoing: OutgoingRequests;
  private readonly incoming: IncomingRequests;
  private readonly router: IncomingMessageRouter;
  private readonly counters: ConnectionDiagnosticsCounters;
  private readonly closeEmitter: Emitter<ConnectionCloseEvent>;
  private readonly warningEmitter = new Emitter<ConnectionWarning>();
  private readonly dataReadEmitter: Emitter<number>;
  private readonly queueEmptyEmitter: Emitter<void>;
  private closeEvent: ConnectionCloseEvent | undefined;
  private readonly out: OutgoingMessages;
  private framingSettled: boolean;
  private nextId = 1;
  private progressFlushScheduled = false;

  /** @throws TypeError naming the bad option and its value. */
  constructor(options: ConnectionOptions) {
    const resolved = resolveConnectionOptions(options);
    this.options = resolved;
    this.counters = new ConnectionDiagnosticsCounters(resolved, (warning) => this.warningEmitter.fire(warning));
    this.closeEmitter = new Emitter((error) => this.counters.warn('listener_failed', `an onClose listener of the connection to ${resolved.name} threw: ${String(error)}`));
    const listenerFailed = (what: string) => (error: unknown) => this.counters.warn('listener_failed', `an ${what} listener of the connection to ${resolved.name} threw: ${String(error)}`);
    this.dataReadEmitter = new Emitter(listenerFailed('onDataRead'));
    this.queueEmptyEmitter = new Emitter(listenerFailed('onIncomingQueueEmpty'));
    this.framingSettled = resolved.framing !== 'auto';
    this.writer = new OutgoingWriter(resolved.transport, resolved.maxQueuedWriteBytes);
    const out = new OutgoingMessages(this.writer, this.counters, resolved, () => this.currentState === 'open');
    this.out = out;
    const name = resolved.name;
    this.outgoing = new OutgoingRequests({ name, sendCancel: (id) => out.sendQuietly(BuiltInMethods.cancelRequest, { id }) });
    this.incoming = new IncomingRequests(
      {
        name,
        handlerFor: (method) => this.requestHandlers.get(method),
        sendResult: (id, result) => out.sendResult(id, result),
        sendError: (id, error) => out.sendError(id, error),
        sendProgress: (token, value) => out.sendProgress(token, value),
        scheduleProgressFlush: () => {
          // Progress is coalesced per event-loop turn (not per microtask), so a handler that reports
          // after every await still sends a bounded number.
          if (this.progressFlushScheduled) return;
          this.progressFlushScheduled = true;
          nextTurn(() => {
            this.progressFlushScheduled = false;
            this.incoming.flushProgress();
          });
        },
        onQueueEmpty: () => {
          if (this.queueEmptyEmitter.hasListeners) this.queueEmptyEmitter.fire();
        },
      },
      resolved.maxIncomingInFlight,
      resolved.maxIncomingQueued,
    );
    this.router = new IncomingMessageRouter({
      options: resolved,
      counters: this.counters,
      outgoing: this.outgoing,
      incoming: this.incoming,
      notificationHandler: (method) => this.notificationHandlers.get(method),
      sendResult: (id, result) => out.sendResult(id, result),
      sendError: (id, error) => out.sendError(id, error),
      onFraming: (framing) => {
        if (this.framingSettled) return;
        this.framingSettled = true;
        out.framing = framing;
      },
    });
    this.reader = new FrameReader({ sink: this.router, maxMessageBytes: resolved.maxMessageBytes, maxStrayChars: resolved.maxStrayLineChars });
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
    return this.register(this.requestHandlers, method, handler as RequestHandler);
  }

  /** Handles notifications for `method`. One handler per method. @throws ConnectionError as {@link onRequest}. */
  onNotification<P = unknown>(method: string, handler: NotificationHandler<P>): Disposable {
    return this.register(this.notificationHandlers, method, handler as NotificationHandler);
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
        // Answers to a whole chunk of requests leave together, after it is read.
        this.writer.hold();
        try {
          this.reader.push(chunk);
        } finally {
          this.writer.release();
        }
        if (this.dataReadEmitter.hasListeners && this.currentState === 'open') this.dataReadEmitter.fire(chunk.length);
      },
      onDrain: () => this.writer.onDrain(),
      onClose: (error) => {
        if (this.currentState !== 'open') return;
        this.reader.end();
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
   * when params cannot be encoded; throws TypeError for bad options.
   */
  request<R = unknown>(method: string, params?: unknown, options?: RequestOptions): Promise<R> {
    if (this.currentState !== 'open') return Promise.reject(this.notOpenError(method));
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
      return Promise.reject(new ConnectionError('unserializable', `the params of "${method}" cannot be encoded as JSON (${String(error)}); remove cycles, BigInt and functions`, { cause: error }));
    }
    if (exceedsByteLimit(json, this.options.maxMessageBytes)) {
      this.counters.oversizedOutgoing++;
      return Promise.reject(new ResponseError('too_large', `the request "${method}" to ${this.name} is over the ${this.options.maxMessageBytes}-byte limit (maxMessageBytes) and was not sent; send less per request (page large data) or raise the limit on both sides`, { method, limit: this.options.maxMessageBytes }));
    }
    if (signal?.aborted) return Promise.reject(new ResponseError('cancelled', `the request "${method}" to ${this.name} was cancelled before it was sent`, { method }));
    return new Promise<R>((resolve, reject) => {
      const pending = new PendingRequest(id, method, resolve as (value: unknown) => void, reject, timeoutMs, onProgress, resetTimeoutOnProgress, signal);
      if (!this.out.enqueue(json)) {
        reject(this.out.queueFullError(method));
        return;
      }
      this.outgoing.add(pending);
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
    if (exceedsByteLimit(json, this.options.maxMessageBytes)) {
      this.counters.oversizedOutgoing++;
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
      incomingFraming: this.reader.framing,
      pendingOutgoing: this.outgoing.size,
      runningIncoming: this.incoming.runningCount,
      queuedIncoming: this.incoming.queuedCount,
      queuedWriteBytes: this.writer.queuedCharCount,
      waitingForDrain: this.writer.isWaitingForDrain,
      lateResponses: this.outgoing.lateResponses,
      deadlinesArmed: this.outgoing.deadlineCount,
    });
  }

  private register<H>(table: Map<string, H>, method: string, handler: H): Disposable {
    if (typeof method !== 'string' || method.length === 0) throw new TypeError(`method must be a non-empty string, got ${String(method)}`);
    if (typeof handler !== 'function') throw new TypeError(`the handler of "${method}" must be a function, got ${typeof handler}`);
    if (RESERVED.has(method)) throw new ConnectionError('reserved_method', `"${method}" is handled by the connection itself; do not register a handler for it`);
    if (table.has(method)) throw new ConnectionError('duplicate_handler', `a handler for "${method}" is already registered; dispose it before registering another`);
    table.set(method, handler);
    let done = false;
    return {
      dispose: () => {
        if (done) return;
        done = true;
        if (table.get(method) === handler) table.delete(method);
      },
    };
  }

  private teardown(event: ConnectionCloseEvent): void {
    this.currentState = 'closing';
    this.closeEvent = event;
    const unavailable = (what: string): ResponseError => new ResponseError('unavailable', `the connection to ${this.name} closed (${event.reason}) ${what}`);
    this.outgoing.rejectAll((request) => unavailable(`before "${request.method}" was answered`));
    this.incoming.abortAll(unavailable('while the request was being handled'));
    this.writer.flushAndClose();
    this.options.transport.close();
    this.currentState = 'closed';
    this.closeEmitter.fire(event);
    this.closeEmitter.clear();
    this.dataReadEmitter.clear();
    this.queueEmptyEmitter.clear();
  }

  private notOpenError(method: string): ConnectionError {
    return this.currentState === 'new'
      ? new ConnectionError('not_listening', `cannot send "${method}": the connection to ${this.name} is not listening yet; call listen() first`)
      : new ConnectionError('closed', `cannot send "${method}": the connection to ${this.name} is closed (${this.closeEvent?.reason ?? 'closed'}); start a new connection`);
  }
}
