/** Options of {@link CrashPolicy}. */
export interface CrashPolicyOptions {
  /** First restart delay, in ms; it doubles with each crash in the window. Default 500. */
  initialDelayMs?: number;
  /** Longest restart delay, in ms. Default 30000. */
  maxDelayMs?: number;
  /** More crashes than this within `windowMs` and the peer is failed, not restarted. Default 3. */
  maxCrashes?: number;
  /** The crash-loop window, in ms. Default 300000 (5 minutes). */
  windowMs?: number;
  /** Source of randomness for jitter (tests pass a fixed one). Default Math.random. */
  random?: () => number;
}

/** Decides, after each crash, whether and when to restart: exponential backoff with jitter and a crash-loop breaker. */
export class CrashPolicy {
  private readonly crashes: number[] = [];
  private readonly initialDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly maxCrashes: number;
  private readonly windowMs: number;
  private readonly random: () => number;

  constructor(options: CrashPolicyOptions = {}) {
    this.initialDelayMs = options.initialDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    this.maxCrashes = options.maxCrashes ?? 3;
    this.windowMs = options.windowMs ?? 300_000;
    this.random = options.random ?? Math.random;
    for (const [name, value] of Object.entries({ initialDelayMs: this.initialDelayMs, maxDelayMs: this.maxDelayMs, maxCrashes: this.maxCrashes, windowMs: this.windowMs })) {
      if (!(Number.isFinite(value) && value >= 0)) throw new TypeError(`CrashPolicy ${name} must be a non-negative number, got ${value}`);
    }
  }

  /** Records a crash at `now`; returns the restart delay in ms, or `undefined` when the loop breaker trips. */
  onCrash(now = Date.now()): number | undefined {
    this.crashes.push(now);
    while (this.crashes.length > 0 && now - (this.crashes[0] as number) > this.windowMs) this.crashes.shift();
    if (this.crashes.length > this.maxCrashes) return undefined;
    const base = Math.min(this.maxDelayMs, this.initialDelayMs * 2 ** (this.crashes.length - 1));
    return Math.round(base * (0.5 + this.random() * 0.5));
  }

  /** Crashes counted in the current window. */
  recentCrashes(now = Date.now()): number {
    return this.crashes.filter((t) => now - t <= this.windowMs).length;
  }

  /** Forgets past crashes (after an explicit restart by the user). */
  reset(): void {
    this.crashes.length = 0;
  }
}
