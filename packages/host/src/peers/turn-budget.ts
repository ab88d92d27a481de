import type { Disposable } from '@outboard/protocol';

/**
 * Work per event-loop turn, in one place. A peer gets one {@link TurnBudget}: its host-service calls take
 * from it, and its output is read again only once the calls it sent are served (see peer-flow.ts), so
 * a peer flooding the host costs a bounded slice of each turn, and timers, other peers and the host's own
 * work run in between. {@link TurnMemo} keeps a value for the rest of the current turn.
 */

/** Runs `fn` once the current turn is over (after I/O callbacks: a `setImmediate`). */
function afterThisTurn(fn: () => void): void {
  setImmediate(fn);
}

/**
 * At most `perTurn` calls of {@link take} pass in one turn; the others wait, first come first served, for
 * a later one. The calls let through in a later turn are let through together, from one callback, so
 * that what they do (their answers included) runs in one go instead of one callback each: a deep queue
 * costs one callback and a few writes per turn, not one of each per call.
 */
export class TurnBudget {
  private used = 0;
  private turnScheduled = false;
  /** Calls waiting for a later turn, oldest first. */
  private readonly queue: Array<() => void> = [];
  private spent = 0;
  private inProgress = 0;
  private measuring = false;
  private readonly idleWaiters = new Set<() => void>();
  private readonly nextTurn = (): void => this.startTurn();

  /** @param perTurn calls allowed per turn (an integer >= 1). */
  constructor(private readonly perTurn: number) {
    if (!(Number.isInteger(perTurn) && perTurn >= 1)) throw new TypeError(`TurnBudget perTurn must be an integer >= 1, got ${perTurn}`);
  }

  /** Host time spent on this budget's owner so far, in ms (see {@link measure}). */
  get spentMs(): number {
    return this.spent;
  }

  /**
   * Runs `fn` and charges the host time it took to the owner (reading its output, serving its calls).
   * A measurement inside another is not charged twice.
   */
  measure<T>(fn: () => T): T {
    if (this.measuring) return fn();
    this.measuring = true;
    const started = performance.now();
    try {
      return fn();
    } finally {
      this.measuring = false;
      this.spent += performance.now() - started;
    }
  }

  /** Calls of the owner started and not finished yet (see {@link callStarted}). */
  get callsInProgress(): number {
    return this.inProgress;
  }

  /** The owner's call started (its handler is running, waiting for the budget included). */
  callStarted(): void {
    this.inProgress++;
  }

  /** The owner's call finished (as its handler returns: before its answer is sent). */
  callEnded(): void {
    this.inProgress--;
  }

  /** Calls waiting for a later turn now. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * `undefined` while this turn's budget lasts and no earlier call waits (go ahead now), else a promise
   * that resolves in a later turn, after the calls that were waiting before it.
   */
  take(): Promise<void> | undefined {
    if (this.used < this.perTurn && this.waiting === 0) {
      this.use();
      return undefined;
    }
    return new Promise<void>((resolve) => {
      this.queue.push(resolve);
      this.scheduleTurn();
    });
  }

  /**
   * Calls `fn` once, in a later turn, when no call waits for the budget. Never synchronously. Disposing
   * before that cancels it.
   */
  whenIdle(fn: () => void): Disposable {
    let armed = true;
    const waiter = (): void => {
      if (!armed) return;
      armed = false;
      this.idleWaiters.delete(waiter);
      fn();
    };
    afterThisTurn(() => {
      if (!armed) return;
      if (this.waiting === 0) waiter();
      else this.idleWaiters.add(waiter);
    });
    return {
      dispose: () => {
        armed = false;
        this.idleWaiters.delete(waiter);
      },
    };
  }

  /** A new turn: the budget is whole again, and the oldest waiting calls get it first. */
  private startTurn(): void {
    this.turnScheduled = false;
    this.used = 0;
    if (this.waiting === 0) return;
    // One splice per turn (the queue holds at most the calls in progress, not a backlog of messages).
    const granted = this.queue.splice(0, this.perTurn);
    for (const resolve of granted) {
      this.use();
      resolve();
    }
    if (this.waiting === 0 && this.idleWaiters.size > 0) {
      const waiters = [...this.idleWaiters];
      afterThisTurn(() => waiters.forEach((w) => w()));
    }
  }

  private use(): void {
    this.used++;
    this.scheduleTurn();
  }

  private scheduleTurn(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    afterThisTurn(this.nextTurn);
  }
}

/**
 * Values computed at most once per key and turn: a fresh read for every caller of a later turn, one read
 * for a burst (e.g. the grants of a peer sending thousands of requests at once).
 */
export class TurnMemo<K, V> {
  private readonly values = new Map<K, V>();

  /** The value of `key` computed in this turn, else `compute()` (remembered until the turn ends). */
  get(key: K, compute: () => V): V {
    if (this.values.has(key)) return this.values.get(key) as V;
    if (this.values.size === 0) afterThisTurn(() => this.values.clear());
    const value = compute();
    this.values.set(key, value);
    return value;
  }
}
