import { randomUUID } from 'node:crypto';
import { freezeEvent, publishInputProblem, type BusEvent, type PublishInput } from './bus-event.js';
import { compileEventFilter, type EventFilter } from './event-filter.js';
import { QueuedSubscriber, type EventHandler, type EventSubscription } from './event-subscription.js';
import { RingBuffer } from './ring-buffer.js';

/** Options of {@link EventBus}. */
export interface EventBusOptions {
  /** Queue bound of each subscriber, in events; a full queue drops its oldest event. Default 1000. */
  subscriberQueueSize?: number;
  /** How many of the latest events are kept for {@link EventBus.since} and {@link EventBus.query}. Default 1024. */
  historySize?: number;
  /**
   * Receives what a handler threw or rejected with, the event, and the subscription (so the owner may
   * dispose a handler that keeps failing). Default: errors are dropped. Nothing is printed either way.
   */
  onHandlerError?: (error: unknown, info: HandlerErrorInfo) => void;
  /** Clock for `time`, in ms since the epoch. Default `Date.now`. */
  now?: () => number;
  /** Identifies this bus instance (seq restarts at 1 in each); e.g. part of an SSE event id. Default: a random UUID. */
  instanceId?: string;
}

/** What {@link EventBusOptions.onHandlerError} is told besides the error. */
export interface HandlerErrorInfo {
  readonly event: BusEvent;
  readonly subscription: EventSubscription;
}

/** Options of one {@link EventBus.subscribe}. */
export interface SubscribeOptions {
  /** Queue bound of this subscriber, in events. Default: the bus's `subscriberQueueSize`. */
  queueSize?: number;
  /**
   * What kind of subscriber this is (`sse`, `ws`, `plugins`, `peer:<name>`...), for the drop counts of
   * {@link EventBusStats.droppedBySubscriber}; keep it to a small set of names. Default `other`.
   */
  name?: string;
}

/** The answer of {@link EventBus.since}. */
export interface ResumeResult {
  /** Buffered events after the given seq that match the filter, oldest first. */
  readonly events: BusEvent[];
  /**
   * True when events after the given seq are no longer buffered (evicted, or the seq is from another bus
   * instance): the caller missed something and must resync with a fresh query of the state it shows.
   * Conservative: evicted events count as lost whether or not they would have matched the filter.
   */
  readonly lost: boolean;
}

/** A {@link EventBus.query}: a filter, a starting point and a bound. */
export interface EventQuery extends EventFilter {
  /** Only events with a greater seq. Default 0 (every buffered event). */
  sinceSeq?: number;
  /** The most events returned: the newest that match, in seq order. Default 100; at most the history size. */
  limit?: number;
}

/** Counters for diagnostics and `/metrics`. */
export interface EventBusStats {
  /** Events published on this bus. */
  readonly published: number;
  /** Live subscriptions. */
  readonly subscribers: number;
  /** Events dropped by full subscriber queues, over all subscriptions ever made. */
  readonly dropped: number;
  /** The same drops by subscriber name (see {@link SubscribeOptions.name}), over all subscriptions ever made. */
  readonly droppedBySubscriber: Readonly<Record<string, number>>;
}

const DEFAULT_QUEUE_SIZE = 1000;
const DEFAULT_HISTORY_SIZE = 1024;
const DEFAULT_QUERY_LIMIT = 100;

/**
 * The host's event bus (one per host). `publish` stores the event in a bounded history and offers it to
 * each matching subscriber's bounded queue, then returns: it never waits for, and never throws because
 * of, a subscriber. Each subscriber receives its events asynchronously, in publish order, one at a time;
 * a full queue drops its oldest event and counts the drop. `since` and `query` read the history, for
 * resuming a stream (SSE `Last-Event-ID`) and for resync.
 */
export class EventBus {
  /** See {@link EventBusOptions.instanceId}. */
  readonly instanceId: string;
  readonly #queueSize: number;
  readonly #history: RingBuffer<BusEvent>;
  readonly #subscribers = new Set<QueuedSubscriber>();
  readonly #onHandlerError: ((error: unknown, info: HandlerErrorInfo) => void) | undefined;
  readonly #now: () => number;
  #seq = 0;
  #dropped = 0;
  readonly #droppedByName = new Map<string, number>();
  // Formatting a date costs more than the rest of a publish: events of the same millisecond share the string.
  #lastTimeMs = Number.NaN;
  #lastTime = '';
  #disposed = false;

  constructor(options: EventBusOptions = {}) {
    this.#queueSize = positiveInteger('subscriberQueueSize', options.subscriberQueueSize, DEFAULT_QUEUE_SIZE);
    this.#history = new RingBuffer(positiveInteger('historySize', options.historySize, DEFAULT_HISTORY_SIZE));
    if (options.onHandlerError !== undefined && typeof options.onHandlerError !== 'function') {
      throw new TypeError(`onHandlerError must be a function, got ${typeof options.onHandlerError}`);
    }
    this.#onHandlerError = options.onHandlerError;
    this.#now = options.now ?? Date.now;
    if (options.instanceId !== undefined && (typeof options.instanceId !== 'string' || options.instanceId.length === 0)) {
      throw new TypeError(`instanceId must be a non-empty string, got ${JSON.stringify(options.instanceId)}`);
    }
    this.instanceId = options.instanceId ?? randomUUID();
  }

  /** The seq of the latest event, 0 before the first. */
  get lastSeq(): number {
    return this.#seq;
  }

  /**
   * Stores and fans out one event; returns it as stored. Throws a `TypeError` naming the field when
   * `input` is malformed (see `publishInputProblem`), and never for any other reason.
   */
  publish(input: PublishInput): BusEvent {
    const problem = publishInputProblem(input);
    if (problem !== undefined) throw new TypeError(`Cannot publish: ${problem}.`);
    const now = this.#now();
    if (now !== this.#lastTimeMs) {
      this.#lastTime = new Date(now).toISOString();
      this.#lastTimeMs = now;
    }
    const event = freezeEvent(input, this.#seq + 1, this.#lastTime);
    this.#seq = event.seq;
    this.#history.push(event);
    for (const subscriber of this.#subscribers) subscriber.offer(event);
    return event;
  }

  /**
   * Delivers every later event that matches `filter` to `handler` (see `EventHandler` for ordering,
   * promises and errors). Throws a `TypeError` for an invalid filter or option, and an `Error` once the
   * bus is disposed. Dispose the result to stop.
   */
  subscribe(filter: EventFilter | undefined, handler: EventHandler, options: SubscribeOptions = {}): EventSubscription {
    if (this.#disposed) throw new Error('Cannot subscribe: the event bus was disposed (the host is shutting down).');
    if (typeof handler !== 'function') throw new TypeError(`handler must be a function, got ${typeof handler}`);
    const matches = compileEventFilter(filter);
    const queueSize = positiveInteger('queueSize', options.queueSize, this.#queueSize);
    if (options.name !== undefined && (typeof options.name !== 'string' || options.name.length === 0)) throw new TypeError(`name must be a non-empty string, got ${JSON.stringify(options.name)}`);
    const name = options.name ?? 'other';
    const subscriber = new QueuedSubscriber(queueSize, matches, handler, {
      onHandlerError: (error, event, subscription) => this.#onHandlerError?.(error, { event, subscription }),
      onDrop: () => {
        this.#dropped++;
        this.#droppedByName.set(name, (this.#droppedByName.get(name) ?? 0) + 1);
      },
      onDispose: (self) => {
        this.#subscribers.delete(self);
      },
    });
    this.#subscribers.add(subscriber);
    return subscriber;
  }

  /**
   * The buffered events after `seq` that match `filter`, and whether some were lost (see
   * {@link ResumeResult}). `seq` 0 means "from the beginning". Throws a `TypeError` for a seq that is not
   * a non-negative integer or an invalid filter.
   */
  since(seq: number, filter?: EventFilter): ResumeResult {
    if (!Number.isSafeInteger(seq) || seq < 0) throw new TypeError(`seq must be a non-negative integer, got ${String(seq)}`);
    const matches = compileEventFilter(filter);
    if (seq > this.#seq) return { events: [], lost: true };
    const oldest = this.#history.at(0)?.seq;
    const lost = oldest !== undefined && oldest > seq + 1;
    const events: BusEvent[] = [];
    for (let i = this.#firstIndexAfter(seq); i < this.#history.length; i++) {
      const event = this.#history.at(i)!;
      if (matches(event)) events.push(event);
    }
    return { events, lost };
  }

  /** The newest buffered events matching `query` (at most `limit`), oldest first. Throws a `TypeError` for bad input. */
  query(query: EventQuery = {}): BusEvent[] {
    const sinceSeq = query.sinceSeq ?? 0;
    if (!Number.isSafeInteger(sinceSeq) || sinceSeq < 0) throw new TypeError(`sinceSeq must be a non-negative integer, got ${String(query.sinceSeq)}`);
    const limit = positiveInteger('limit', query.limit, DEFAULT_QUERY_LIMIT);
    const matches = compileEventFilter(query);
    const newestFirst: BusEvent[] = [];
    const first = this.#firstIndexAfter(sinceSeq);
    for (let i = this.#history.length - 1; i >= first && newestFirst.length < limit; i--) {
      const event = this.#history.at(i)!;
      if (matches(event)) newestFirst.push(event);
    }
    return newestFirst.reverse();
  }

  /** Counters, see {@link EventBusStats}. */
  stats(): EventBusStats {
    return { published: this.#seq, subscribers: this.#subscribers.size, dropped: this.#dropped, droppedBySubscriber: Object.fromEntries(this.#droppedByName) };
  }

  /** Disposes every subscription and refuses new ones; publishing still works (and reaches no one). Idempotent. */
  dispose(): void {
    this.#disposed = true;
    for (const subscriber of [...this.#subscribers]) subscriber.dispose();
  }

  // Binary search: the history is in seq order.
  #firstIndexAfter(seq: number): number {
    let low = 0;
    let high = this.#history.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.#history.at(mid)!.seq <= seq) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`${name} must be a positive integer, got ${String(value)}`);
  return value;
}
