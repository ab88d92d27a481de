import { refTimer, unrefTimer, type TimerHandle } from '../runtime.js';

/**
 * An entry of a {@link DeadlineQueue}. Subclassed by the records that need a deadline, so that adding
 * one allocates nothing (the list links live in the record itself).
 */
export class DeadlineNode {
  /** Epoch milliseconds at which the entry expires; meaningful while queued. */
  deadlineAt = 0;
  /** @internal */ dlPrev: DeadlineNode | null = null;
  /** @internal */ dlNext: DeadlineNode | null = null;
  /** @internal */ dlList: DeadlineList | null = null;
}

/** @internal Entries with the same duration, in deadline order (insertion order). */
class DeadlineList {
  head: DeadlineNode | null = null;
  tail: DeadlineNode | null = null;
  constructor(readonly durationMs: number) {}
}

/**
 * Deadlines for many entries on one timer. Entries with the same duration expire in the order they were
 * added, so each duration keeps a FIFO list: add, remove and refresh are O(1), and the timer is set for
 * the earliest head. This is what keeps per-request deadlines off the hot path (no timer per request).
 * Time comes from `Date.now()` so that `node:test` mock timers (with `Date` mocked) drive it.
 */
export class DeadlineQueue<N extends DeadlineNode> {
  private readonly lists = new Map<number, DeadlineList>();
  private readonly onExpire: (node: N) => void;
  private timer: TimerHandle | undefined;
  private timerAt = Number.POSITIVE_INFINITY;
  private size = 0;

  /** @param onExpire called for each entry whose deadline passed, after it was removed. */
  constructor(onExpire: (node: N) => void) {
    this.onExpire = onExpire;
  }

  /** Number of queued entries. */
  get length(): number {
    return this.size;
  }

  /** Queues `node` to expire `durationMs` from now (durationMs > 0). */
  add(node: N, durationMs: number): void {
    let list = this.lists.get(durationMs);
    if (!list) {
      list = new DeadlineList(durationMs);
      this.lists.set(durationMs, list);
    }
    node.deadlineAt = Date.now() + durationMs;
    node.dlList = list;
    node.dlPrev = list.tail;
    node.dlNext = null;
    if (list.tail) list.tail.dlNext = node;
    else list.head = node;
    list.tail = node;
    this.size++;
    if (node.deadlineAt < this.timerAt) this.arm(node.deadlineAt);
    else if (this.size === 1) refTimer(this.timer);
  }

  /** Removes `node` if queued (no-op otherwise). The timer is left armed; it re-arms itself when it fires. */
  remove(node: N): void {
    const list = node.dlList;
    if (!list) return;
    if (node.dlPrev) node.dlPrev.dlNext = node.dlNext;
    else list.head = node.dlNext;
    if (node.dlNext) node.dlNext.dlPrev = node.dlPrev;
    else list.tail = node.dlPrev;
    node.dlPrev = node.dlNext = node.dlList = null;
    if (list.head === null) this.lists.delete(list.durationMs);
    this.size--;
    // The timer stays armed even when nothing is queued: re-arming per request would cost a timer
    // allocation each time; a timer that fires with nothing due just finds the next head. Unreferenced
    // meanwhile, so an idle queue never keeps the process alive.
    if (this.size === 0) unrefTimer(this.timer);
  }

  /** Restarts `node`'s full duration from now. */
  refresh(node: N): void {
    const list = node.dlList;
    if (!list) return;
    this.remove(node);
    this.add(node, list.durationMs);
  }

  /** Removes every entry and stops the timer. */
  clear(): void {
    for (const list of this.lists.values()) {
      let node = list.head;
      while (node) {
        const next = node.dlNext;
        node.dlPrev = node.dlNext = node.dlList = null;
        node = next;
      }
    }
    this.lists.clear();
    this.size = 0;
    this.disarm();
  }

  private arm(at: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timerAt = at;
    // setTimeout caps delays at 2^31-1 ms; a longer deadline just re-arms when the timer fires.
    const delay = Math.min(Math.max(0, at - Date.now()), 0x7fffffff);
    this.timer = setTimeout(() => this.fire(), delay);
  }

  private disarm(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
  }

  private fire(): void {
    this.timer = undefined;
    this.timerAt = Number.POSITIVE_INFINITY;
    const now = Date.now();
    const expired: N[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const [duration, list] of this.lists) {
      while (list.head && list.head.deadlineAt <= now) {
        const node = list.head as N;
        this.remove(node);
        expired.push(node);
      }
      if (list.head) next = Math.min(next, list.head.deadlineAt);
      else this.lists.delete(duration);
    }
    if (next !== Number.POSITIVE_INFINITY) this.arm(next);
    for (const node of expired) this.onExpire(node);
  }
}
