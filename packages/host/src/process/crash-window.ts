/** Options of {@link CrashWindow}; durations in milliseconds. */
export interface CrashWindowOptions {
  /** The window in which crashes are counted. Default 300000 (5 minutes). */
  windowMs?: number;
  /** Crashes in the window from which a restart waits: 1 delays from the first crash, 3 lets two go at once. Default 1. */
  backoffFrom?: number;
  /** The first delay once backing off; it doubles with each further crash in the window. Default 500. */
  initialDelayMs?: number;
  /** Longest delay. Default 30000. */
  maxDelayMs?: number;
  /** More crashes than this in the window trip the breaker: no restart until an explicit one. Default: never. */
  maxCrashes?: number;
  /** Whether each delay is spread between half of it and all of it, so that many processes do not restart in step. Default true. */
  jitter?: boolean;
  /** Source of randomness for the jitter (tests pass a fixed one). Default Math.random. */
  random?: () => number;
}

/**
 * The crash window of one supervised process (a peer, a sidecar): counts its crashes within `windowMs`,
 * says how long a restart waits (exponential backoff from the `backoffFrom`-th crash, with jitter), and
 * trips a crash-loop breaker past `maxCrashes`. A stop the host decided (an explicit stop, a process over
 * its memory limit) is not a crash and is never recorded here.
 */
export class CrashWindow {
  private readonly crashes: number[] = [];
  private readonly windowMs: number;
  private readonly backoffFrom: number;
  private readonly initialDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly maxCrashes: number;
  private readonly jitter: boolean;
  private readonly random: () => number;
  /** The jitter factor of the last recorded crash (1 without jitter). */
  private factor = 1;

  /** @throws TypeError naming an option that is not a number >= 0. */
  constructor(options: CrashWindowOptions = {}) {
    this.windowMs = options.windowMs ?? 300_000;
    this.backoffFrom = options.backoffFrom ?? 1;
    this.initialDelayMs = options.initialDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    this.maxCrashes = options.maxCrashes ?? Number.POSITIVE_INFINITY;
    this.jitter = options.jitter ?? true;
    this.random = options.random ?? Math.random;
    for (const [name, value] of Object.entries({ windowMs: this.windowMs, backoffFrom: this.backoffFrom, initialDelayMs: this.initialDelayMs, maxDelayMs: this.maxDelayMs })) {
      if (!(Number.isFinite(value) && value >= 0)) throw new TypeError(`CrashWindow ${name} must be a finite number >= 0, got ${value}`);
    }
    if (!(this.maxCrashes >= 0)) throw new TypeError(`CrashWindow maxCrashes must be a number >= 0, got ${options.maxCrashes}`);
  }

  /** Records a crash at `now`; returns the restart delay in ms (0: at once), or `undefined` when the breaker trips. */
  record(now = Date.now()): number | undefined {
    this.crashes.push(now);
    const count = this.recent(now);
    this.factor = this.jitter ? 0.5 + this.random() * 0.5 : 1;
    if (count > this.maxCrashes) return undefined;
    return Math.round(this.baseDelay(count) * this.factor);
  }

  /** Crashes in the current window. */
  recent(now = Date.now()): number {
    while (this.crashes.length > 0 && now - (this.crashes[0] as number) > this.windowMs) this.crashes.shift();
    return this.crashes.length;
  }

  /** The earliest time a start may be tried, in epoch ms (`now` when not backing off). */
  nextStartAt(now = Date.now()): number {
    const count = this.recent(now);
    const last = this.crashes[this.crashes.length - 1];
    if (last === undefined || count < this.backoffFrom) return now;
    return last + Math.round(this.baseDelay(count) * this.factor);
  }

  /** Forgets every crash (an explicit restart by the user). */
  reset(): void {
    this.crashes.length = 0;
  }

  private baseDelay(count: number): number {
    if (count < this.backoffFrom) return 0;
    return Math.min(this.maxDelayMs, this.initialDelayMs * 2 ** (count - this.backoffFrom));
  }
}
