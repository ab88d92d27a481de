import type { Disposable } from '@outboard/protocol';

/**
 * Work per event-loop turn, in one place. A peer gets one {@link TurnBudget}: its host-service calls take
 * from it, and its output is read again only once the calls it sent are served (see paced-transport.ts), so
 * a peer flooding the host costs a bounded slice of each turn, and timers, other peers and the host's own
 * work run in between. {@link TurnMemo} keeps a value for the rest of the current turn.
 */

/** Runs `fn` once the current turn is over (after I/O callbacks: a `setImmediate`). */
function afterThisTurn(fn: () => void): void {
  setImmediate(fn);
}

/** At most `perTurn` calls of {@link take} pass in one turn; the others wait for a later one. */
export class TurnBudget {
  private used = 0;
  private resetScheduled = false;
  private waitingCount = 0;
  private spent = 0;
  private readonly idleWaiters = new Set<() => void>();

  /** @param perTurn calls allowed per turn (an integer >= 1). */
  constructor(private readonly perTurn: number) {
    if (!(Number.isInteger(perTurn) && perTurn >= 1)) throw new TypeError(`TurnBudget perTurn must be an integer >= 1, got ${perTurn}`);
  }

  /** Host time spent on this budget's owner so far, in ms (see {@link charge}). */
  get spentMs(): number {
    return this.spent;
  }

  /** Records `ms` of host time spent on the owner's traffic (reading its output, serving its calls). */
  charge(ms: number): void {
    if (ms > 0) this.spent += ms;
  }

  /** Calls waiting for a later turn now. */
  get waiting(): number {
    return this.waitingCount;
  }

  /** `undefined` while this turn's budget lasts (go ahead now), else a promise that resolves in a later turn. */
  take(): Promise<void> | undefined {
    if (this.used < this.perTurn) {
      this.use();
      return undefined;
    }
    return this.later();
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
      if (this.waitingCount === 0) waiter();
      else this.idleWaiters.add(waiter);
    });
    return {
      dispose: () => {
        armed = false;
        this.idleWaiters.delete(waiter);
      },
    };
  }

  private async later(): Promise<void> {
    this.waitingCount++;
    try {
      do await new Promise<void>((resolve) => afterThisTurn(resolve));
      while (this.used >= this.perTurn);
      this.use();
    } finally {
      this.waitingCount--;
      if (this.waitingCount === 0 && this.idleWaiters.size > 0) {
        const waiters = [...this.idleWaiters];
        afterThisTurn(() => waiters.forEach((w) => w()));
      }
    }
  }

  private use(): void {
    this.used++;
    if (this.resetScheduled) return;
    this.resetScheduled = true;
    afterThisTurn(() => {
      this.used = 0;
      this.resetScheduled = false;
    });
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
