import type { BusEvent } from './bus-event.js';
import type { Disposable } from '@outboard/protocol/disposable';
import { RingBuffer } from './ring-buffer.js';

/** What a handler learns besides the event. */
export interface EventDelivery {
  /**
   * How many events this subscriber lost, because its queue was full, just before this one (0 normally).
   * Non-zero means the subscriber must resync its view with a fresh query.
   */
  readonly dropped: number;
}

/**
 * Receives the subscriber's events one at a time, in publish order. When it returns a promise, the next
 * event waits until the promise settles (so a slow handler makes its own queue fill, never the publisher
 * wait). A throw or a rejection goes to the bus's `onHandlerError`; delivery continues with the next event.
 */
export type EventHandler = (event: BusEvent, delivery: EventDelivery) => void | PromiseLike<void>;

/** A live subscription: dispose it to stop deliveries (queued events are discarded). */
export interface EventSubscription extends Disposable {
  /** Events dropped so far because the queue was full (oldest first). */
  readonly dropped: number;
  /** Events handed to the handler so far. */
  readonly delivered: number;
  /** Events waiting in the queue now; never more than `queueCapacity`. */
  readonly queued: number;
  /** The queue bound. */
  readonly queueCapacity: number;
  /** True once disposed (by its owner, or when the bus was disposed). */
  readonly disposed: boolean;
}

/** How a subscriber reports to its bus; internal to the bus folder. */
export interface SubscriberHooks {
  readonly onHandlerError: (error: unknown, event: BusEvent, subscription: EventSubscription) => void;
  readonly onDrop: () => void;
  readonly onDispose: (subscriber: QueuedSubscriber) => void;
}

// Sync handlers are run in batches; between batches the drain yields to I/O so one busy subscriber
// cannot monopolise the event loop.
const DELIVERIES_PER_TURN = 64;
/** The delivery of an event with nothing lost before it: one shared object, not one per event. */
const NOTHING_DROPPED: EventDelivery = Object.freeze({ dropped: 0 });

/** One subscriber's bounded queue and its ordered, asynchronous delivery loop. Created by `EventBus.subscribe`. */
export class QueuedSubscriber implements EventSubscription {
  readonly #queue: RingBuffer<BusEvent>;
  readonly #matches: (event: BusEvent) => boolean;
  readonly #handler: EventHandler;
  readonly #hooks: SubscriberHooks;
  #pendingDrops = 0;
  #dropped = 0;
  #delivered = 0;
  #running = false;
  #disposed = false;

  constructor(queueCapacity: number, matches: (event: BusEvent) => boolean, handler: EventHandler, hooks: SubscriberHooks) {
    this.#queue = new RingBuffer<BusEvent>(queueCapacity);
    this.#matches = matches;
    this.#handler = handler;
    this.#hooks = hooks;
  }

  get dropped(): number {
    return this.#dropped;
  }

  get delivered(): number {
    return this.#delivered;
  }

  get queued(): number {
    return this.#queue.length;
  }

  get queueCapacity(): number {
    return this.#queue.capacity;
  }

  get disposed(): boolean {
    return this.#disposed;
  }

  /** Queues `event` when it matches; never runs the handler synchronously and never throws. */
  offer(event: BusEvent): void {
    if (this.#disposed || !this.#matches(event)) return;
    if (this.#queue.push(event)) {
      this.#dropped++;
      this.#pendingDrops++;
      this.#hooks.onDrop();
    }
    if (!this.#running) {
      this.#running = true;
      setImmediate(() => void this.#drain());
    }
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#queue.clear();
    this.#pendingDrops = 0;
    this.#hooks.onDispose(this);
  }

  async #drain(): Promise<void> {
    let budget = DELIVERIES_PER_TURN;
    try {
      for (;;) {
        if (this.#disposed) return;
        const event = this.#queue.shift();
        if (event === undefined) return;
        const dropped = this.#pendingDrops;
        this.#pendingDrops = 0;
        this.#delivered++;
        try {
          const result = this.#handler(event, dropped === 0 ? NOTHING_DROPPED : { dropped });
          if (isPromiseLike(result)) await result;
        } catch (error) {
          this.#report(error, event);
        }
        if (--budget === 0) {
          budget = DELIVERIES_PER_TURN;
          await new Promise<void>((resume) => setImmediate(resume));
        }
      }
    } finally {
      this.#running = false;
    }
  }

  #report(error: unknown, event: BusEvent): void {
    try {
      this.#hooks.onHandlerError(error, event, this);
    } catch {
      // The error hook itself failed: nothing safer to do than to keep delivering.
    }
  }
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
