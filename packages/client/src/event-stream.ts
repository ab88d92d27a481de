import { ClientError } from './client-errors.js';
import type { HubConnection } from './hub-connection.js';
import type { HostInfo, HubEvent } from './hub-methods.js';

/** What `HubClient.events()` is asked for. */
export interface EventsOptions {
  /** Type globs (`git.*`); default every type. */
  types?: string[];
  /** Only the events of this project. */
  project?: string;
  /** Resume after this seq (replayed from the hub's history); default: live events only. */
  since?: number;
  /** Ends the iteration (it then returns, without an error). */
  signal?: AbortSignal;
  /** Most items held for a slow reader before they are dropped and a reset is said instead. Default 100000. */
  maxQueued?: number;
}

/**
 * One item of the iteration: an event, or a reset — events were lost (the hub restarted, they left its history
 * before this client got back, or this reader was too slow). After a reset, resync what you show by query.
 */
export type EventItem = { kind: 'event'; event: HubEvent } | { kind: 'reset'; reason: string; lastSeq: number };

/**
 * The async iterator of `HubClient.events()`: its own `/api/ws` connection with one `events.subscribe`. When
 * the connection ends it reconnects (through `open`, with the client's backoff) and subscribes again `since`
 * the last seq it delivered, so nothing is lost or repeated; when that cannot hold (another hub run, or the
 * history moved on) it yields a reset first. An event at or below the last seq of the same hub run is never
 * yielded twice.
 */
export class EventStream implements AsyncIterableIterator<EventItem> {
  readonly #queue: EventItem[] = [];
  readonly #maxQueued: number;
  #wake: (() => void) | undefined;
  #failure: unknown;
  #done = false;
  #connection: HubConnection | undefined;
  #lastSeq: number | undefined;
  #instance: string | undefined;

  constructor(
    private readonly open: (signal: AbortSignal) => Promise<HubConnection>,
    private readonly options: EventsOptions,
    private readonly lifetime: AbortController = new AbortController(),
  ) {
    this.#maxQueued = options.maxQueued ?? 100_000;
    this.#lastSeq = options.since;
    options.signal?.addEventListener('abort', () => void this.return(), { once: true });
    if (options.signal?.aborted) this.#done = true;
    else void this.#run();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<EventItem>> {
    for (;;) {
      const item = this.#queue.shift();
      if (item) return { value: item, done: false };
      if (this.#failure !== undefined) {
        const failure = this.#failure;
        this.#failure = undefined;
        this.#done = true;
        throw failure;
      }
      if (this.#done) return { value: undefined, done: true };
      await new Promise<void>((resolve) => (this.#wake = resolve));
    }
  }

  /** Ends the stream and closes its connection. Idempotent. */
  async return(): Promise<IteratorResult<EventItem>> {
    this.#done = true;
    this.#queue.length = 0;
    this.lifetime.abort();
    this.#connection?.close();
    this.#notify();
    return { value: undefined, done: true };
  }

  /** Connects, subscribes, and after each disconnect does it again, until the stream ends or reconnection gives up. */
  async #run(): Promise<void> {
    while (!this.#done) {
      let connection: HubConnection;
      try {
        connection = await this.open(this.lifetime.signal);
      } catch (error) {
        if (!this.#done) this.#fail(error);
        return;
      }
      if (this.#done) return connection.close();
      this.#connection = connection;
      const closed = new Promise<void>((resolve) => connection.onClose(resolve));
      try {
        await this.#subscribe(connection);
      } catch (error) {
        // A refusal of the subscription itself (a bad type glob) ends the stream; a lost connection is retried.
        if (!(error instanceof ClientError && error.code === 'CLIENT_DISCONNECTED')) {
          connection.close();
          if (!this.#done) this.#fail(error);
          return;
        }
      }
      await closed;
    }
  }

  async #subscribe(connection: HubConnection): Promise<void> {
    const info = (await connection.call('host.info', {})) as HostInfo;
    const instance = info.instanceId ?? `pid:${info.pid}`;
    let since = this.#lastSeq;
    if (this.#instance !== undefined && instance !== this.#instance) {
      this.#push({ kind: 'reset', reason: 'the hub restarted: events published between the two runs are lost; resync by query', lastSeq: info.lastSeq });
      // Every event of the new run is still in its history (up to its size): none of them is lost.
      since = 0;
      this.#lastSeq = 0;
    }
    this.#instance = instance;
    connection.onNotification('events.event', (params) => {
      const event = (params as { event: HubEvent }).event;
      if (this.#lastSeq !== undefined && event.seq <= this.#lastSeq) return;
      this.#lastSeq = event.seq;
      this.#push({ kind: 'event', event });
    });
    connection.onNotification('events.reset', (params) => {
      const p = params as { reason: string; lastSeq: number };
      this.#push({ kind: 'reset', reason: p.reason, lastSeq: p.lastSeq });
    });
    const answer = (await connection.call('events.subscribe', {
      ...(this.options.types ? { types: this.options.types } : {}),
      ...(this.options.project !== undefined ? { projectIds: [this.options.project] } : {}),
      ...(since !== undefined ? { since } : {}),
    })) as { lastSeq: number };
    // Live only: resume from where the bus stood at the first subscription.
    this.#lastSeq ??= answer.lastSeq;
  }

  #push(item: EventItem): void {
    if (this.#done) return;
    if (this.#queue.length >= this.#maxQueued) {
      const dropped = this.#queue.length;
      this.#queue.length = 0;
      this.#queue.push({ kind: 'reset', reason: `${dropped} events were dropped because this program read too slowly (maxQueued ${this.#maxQueued}); resync by query`, lastSeq: this.#lastSeq ?? 0 });
    }
    this.#queue.push(item);
    this.#notify();
  }

  #fail(error: unknown): void {
    this.#failure = error;
    this.#notify();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}
