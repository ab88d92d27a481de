/** Options of {@link CrashBackoff}; durations in milliseconds. */
export interface CrashBackoffOptions {
  /** Crashes within `windowMs` after which restarts wait. */
  crashesBeforeBackoff: number;
  windowMs: number;
  /** The first delay once backing off; it doubles with each further crash in the window, up to `maxDelayMs`. */
  initialDelayMs: number;
  maxDelayMs: number;
}

/**
 * When a crashed sidecar may start again: at once (on the next request) for the first crashes of a window,
 * then after a doubling delay. Unlike a peer's crash policy nothing is ever given up for good: a sidecar is
 * started on demand, so the user's next request after the delay tries again.
 */
export class CrashBackoff {
  private readonly crashes: number[] = [];

  constructor(private readonly options: CrashBackoffOptions) {}

  /** Records a crash at `now`. */
  record(now = Date.now()): void {
    this.crashes.push(now);
    this.forgetOld(now);
  }

  /** Crashes in the current window. */
  recent(now = Date.now()): number {
    this.forgetOld(now);
    return this.crashes.length;
  }

  /** The earliest time a start may be tried, in epoch ms (`now` or earlier when not backing off). */
  nextStartAt(now = Date.now()): number {
    const count = this.recent(now);
    const last = this.crashes[this.crashes.length - 1];
    if (count < this.options.crashesBeforeBackoff || last === undefined) return now;
    const delay = Math.min(this.options.maxDelayMs, this.options.initialDelayMs * 2 ** (count - this.options.crashesBeforeBackoff));
    return last + delay;
  }

  /** Forgets every crash (an explicit restart by the user). */
  reset(): void {
    this.crashes.length = 0;
  }

  private forgetOld(now: number): void {
    while (this.crashes.length > 0 && now - (this.crashes[0] as number) > this.options.windowMs) this.crashes.shift();
  }
}
