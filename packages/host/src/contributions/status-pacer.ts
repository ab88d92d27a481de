/** A status item of one extension waiting to be announced: its id and scope (the value is read when announced). */
export interface PendingStatus {
  id: string;
  projectId: string | undefined;
}

/** Options of {@link StatusPacer}. */
export interface StatusPacerOptions {
  /** Announcements per extension per second, at most. Default 10. */
  perSecond?: number;
  /** Announces one item (its latest value is read then). */
  announce(extension: string, item: PendingStatus): void;
}

interface Lane {
  /** Items changed since they were last announced, oldest first (a re-set item keeps its place). */
  dirty: Map<string, PendingStatus>;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** When this lane last announced (ms, monotonic enough: Date.now()). */
  last: number;
}

/**
 * Paces status announcements per extension (DESIGN §8): however fast a peer calls `status/set`, its
 * subscribers hear at most `perSecond` changes a second, and each announcement carries the item's latest
 * value (the ones in between are never announced). Items take turns, so a noisy item cannot starve its
 * siblings. A `set` costs a map write; timers are unref'd.
 */
export class StatusPacer {
  private readonly lanes = new Map<string, Lane>();
  private readonly intervalMs: number;

  constructor(private readonly options: StatusPacerOptions) {
    const perSecond = options.perSecond ?? 10;
    if (!(perSecond > 0)) throw new TypeError(`StatusPacerOptions.perSecond must be a positive number, got ${String(perSecond)}`);
    this.intervalMs = 1000 / perSecond;
  }

  /** Notes that an item changed; it is announced on the extension's next turn. */
  changed(extension: string, item: PendingStatus): void {
    let lane = this.lanes.get(extension);
    if (!lane) {
      lane = { dirty: new Map(), timer: undefined, last: -Infinity };
      this.lanes.set(extension, lane);
    }
    const key = `${item.id}\u0000${item.projectId ?? ''}`;
    if (!lane.dirty.has(key)) lane.dirty.set(key, item);
    if (!lane.timer) this.schedule(extension, lane);
  }

  /** Forgets whatever `extension` had waiting (its peer stopped: its items are gone). */
  drop(extension: string): void {
    const lane = this.lanes.get(extension);
    if (!lane) return;
    if (lane.timer) clearTimeout(lane.timer);
    lane.timer = undefined;
    lane.dirty.clear();
    this.lanes.delete(extension);
  }

  /** Stops every timer. */
  dispose(): void {
    for (const extension of [...this.lanes.keys()]) this.drop(extension);
  }

  private schedule(extension: string, lane: Lane): void {
    const wait = Math.max(0, lane.last + this.intervalMs - Date.now());
    lane.timer = setTimeout(() => this.turn(extension, lane), wait);
    lane.timer.unref?.();
  }

  private turn(extension: string, lane: Lane): void {
    lane.timer = undefined;
    const first = lane.dirty.entries().next();
    if (first.done) return;
    const [key, item] = first.value;
    lane.dirty.delete(key);
    lane.last = Date.now();
    try {
      this.options.announce(extension, item);
    } finally {
      if (lane.dirty.size > 0) this.schedule(extension, lane);
    }
  }
}
