import type { Disposable } from '@outboard/protocol';
import { HostReachability } from './host-reachability.js';
import { PeerScope } from './scope.js';

/** Options of {@link poll}. */
export interface PollOptions<T> {
  /** The interval between reads, in milliseconds (a backstop when something else triggers `refresh`). */
  readonly everyMs: number;
  /** Reads the new value; `previous` is the value held (for reads that accumulate). May throw: the last good value stays. */
  readonly read: (previous: T, signal: AbortSignal) => T | Promise<T>;
  /** The value before the first good read, and after every scope change. */
  readonly initial: () => T;
  /** Read at once on `start()` (default true); false waits for the first tick or `refresh()`. */
  readonly immediate?: boolean;
}

/** A running poll. */
export interface Poll<T> {
  /** The last good value (the initial value until a read succeeds, and again after a scope change). */
  readonly state: T;
  /** Starts the clock; the Disposable (push it on `context.subscriptions`) stops it and discards a read in flight. */
  start(): Disposable;
  /**
   * Reads off-cycle. Coalesced: triggers while waiting make one read, one during a read makes one more after
   * it. Resolves (never rejects) once a read that started after this call is over, or was skipped.
   */
  refresh(): Promise<void>;
  /** Called after each read that produced a value. */
  onDidChange(listener: (value: T) => void): Disposable;
}

/** Options of {@link PollLane}. */
export interface PollLaneOptions {
  /** The scope whose changes reset every poll's value and discard answers in flight. Default: a scope of its own. */
  readonly scope?: PeerScope;
  /** Whether the host answers: reads are skipped while it does not. Default: always reachable. */
  readonly reachability?: HostReachability;
}

/**
 * One background-read lane: the reads of every poll made by {@link PollLane.poll} run one after another, so
 * aligned clocks never burst. `runPeer` owns one per peer (`context.poll`); tests make their own.
 */
export class PollLane {
  readonly #scope: PeerScope;
  readonly #reachability: HostReachability;
  #tail: Promise<void> = Promise.resolve();

  constructor(options: PollLaneOptions = {}) {
    this.#scope = options.scope ?? new PeerScope();
    this.#reachability = options.reachability ?? new HostReachability();
  }

  /**
   * Keeps a value current by reading it on an interval, with the rules every hand-written poll has to
   * remember: it never rejects, skips its read while the host is unreachable (and reads when it is back),
   * discards an answer that outlived its scope, keeps the last good value when a read fails, stops on
   * dispose, coalesces triggers, and shares this lane with every other poll made here.
   */
  poll<T>(options: PollOptions<T>): Poll<T> {
    return startablePoll(options, this.#scope, this.#reachability, (task) => {
      this.#tail = this.#tail.then(task).catch(() => undefined);
    });
  }
}

function startablePoll<T>(options: PollOptions<T>, scope: PeerScope, reachability: HostReachability, enqueue: (task: () => Promise<void>) => void): Poll<T> {
  if (!(options.everyMs > 0)) throw new RangeError(`poll everyMs must be a positive number of milliseconds, got ${options.everyMs}`);
  const value = scope.scoped(options.initial);
  const listeners = new Set<(value: T) => void>();
  let started = false;
  let disposed = false;
  let queued = false;
  let running = false;
  let trailing = false;
  let abort: AbortController | undefined;
  /** Who waits for the next read to start and end (see `refresh`). */
  let waiting: Array<() => void> = [];
  const release = (list: Array<() => void>): void => list.forEach((resolve) => resolve());

  const run = async (): Promise<void> => {
    queued = false;
    const mine = waiting;
    waiting = [];
    if (disposed || !reachability.reachable) {
      release(mine);
      return;
    }
    running = true;
    const guard = scope.guard();
    abort = new AbortController();
    const signal = abort.signal;
    try {
      const next = await options.read(value.value, signal);
      if (!disposed && guard.current && !signal.aborted) {
        value.value = next;
        for (const listener of [...listeners]) listener(next);
      }
    } catch {
      // The last good value stays; the next tick tries again.
    } finally {
      running = false;
      abort = undefined;
      release(mine);
      if (trailing && !disposed) {
        trailing = false;
        void trigger();
      }
    }
  };
  const trigger = (): Promise<void> => {
    if (!started || disposed) return Promise.resolve();
    const done = new Promise<void>((resolve) => waiting.push(resolve));
    if (running) trailing = true;
    else if (!queued) {
      queued = true;
      enqueue(run);
    }
    return done;
  };

  return {
    get state() {
      return value.value;
    },
    refresh: trigger,
    onDidChange(listener) {
      listeners.add(listener);
      return { dispose: () => void listeners.delete(listener) };
    },
    start() {
      if (started) throw new Error('this poll was already started; start it once and keep its Disposable');
      started = true;
      const tick = (): void => void trigger();
      const timer = setInterval(tick, options.everyMs);
      timer.unref?.();
      const woke = reachability.onReachable(tick);
      if (options.immediate ?? true) tick();
      return {
        dispose() {
          if (disposed) return;
          disposed = true;
          clearInterval(timer);
          woke.dispose();
          abort?.abort();
          release(waiting);
          waiting = [];
          value.dispose();
          listeners.clear();
        },
      };
    },
  };
}
