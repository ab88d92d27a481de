/** The shape both OTel exporters share (logs and spans): what {@link EndpointGate.wrap} wraps. */
export interface GatedExporter<T> {
  export(items: T[], resultCallback: (result: { code: number; error?: Error }) => void): void;
  shutdown(): Promise<void>;
  forceFlush?(): Promise<void>;
}

/** Options of {@link EndpointGate}. */
export interface EndpointGateOptions {
  /** First pause after a failed export, in ms; it doubles with each failure in a row. Default 1000. */
  initialPauseMs?: number;
  /** Longest pause, in ms. Default 30000. */
  maxPauseMs?: number;
  /**
   * An export still unanswered after this long (the SDK retries an unreachable endpoint for seconds before it
   * says it failed) pauses the gate too, until it ends, in ms. Default 2000.
   */
  stallMs?: number;
  /** Clock, in ms. Default `performance.now`. */
  now?: () => number;
}

/**
 * Keeps a dead endpoint from costing the bus anything: after an export fails, or while one has gone unanswered
 * for `stallMs`, `open()` says false for a pause (doubling up to a bound while exports keep failing), and the
 * plugin makes no records in that time (they would only fill the SDK's queue and be dropped there); the first
 * success opens the gate again.
 * `skipped` counts the records not made. One gate per signal.
 */
export class EndpointGate {
  readonly #initialPauseMs: number;
  readonly #maxPauseMs: number;
  readonly #now: () => number;
  #pauseMs = 0;
  #closedUntil = Number.NEGATIVE_INFINITY;
  readonly #stallMs: number;
  /** When each export in flight began. */
  readonly #inFlight = new Set<{ readonly began: number }>();
  /** Records not made while the endpoint was paused. */
  skipped = 0;

  constructor(options: EndpointGateOptions = {}) {
    this.#initialPauseMs = options.initialPauseMs ?? 1000;
    this.#maxPauseMs = options.maxPauseMs ?? 30_000;
    this.#now = options.now ?? (() => performance.now());
    this.#stallMs = options.stallMs ?? 2000;
  }

  /** Whether records may be made now; counts a skip when not. */
  open(): boolean {
    const now = this.#now();
    if (now >= this.#closedUntil && !this.#stalled(now)) return true;
    this.skipped++;
    return false;
  }

  #stalled(now: number): boolean {
    for (const { began } of this.#inFlight) if (now - began >= this.#stallMs) return true;
    return false;
  }

  /** Reports an export's result: a failure pauses the gate, a success resets it. */
  report(failed: boolean): void {
    if (!failed) {
      this.#pauseMs = 0;
      this.#closedUntil = Number.NEGATIVE_INFINITY;
      return;
    }
    this.#pauseMs = Math.min(this.#pauseMs === 0 ? this.#initialPauseMs : this.#pauseMs * 2, this.#maxPauseMs);
    this.#closedUntil = this.#now() + this.#pauseMs;
  }

  /** `exporter`, reporting each export's result to this gate. */
  wrap<T, E extends GatedExporter<T>>(exporter: E): E {
    const exportThrough = (items: T[], resultCallback: (result: { code: number; error?: Error }) => void): void => {
      const flight = { began: this.#now() };
      this.#inFlight.add(flight);
      exporter.export(items, (result) => {
        this.#inFlight.delete(flight);
        // ExportResultCode.FAILED is 1.
        this.report(result.code !== 0);
        resultCallback(result);
      });
    };
    // Its own methods called on itself: an exporter may keep private state a prototype copy could not reach.
    const wrapped: GatedExporter<T> = { export: exportThrough, shutdown: () => exporter.shutdown(), forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve() };
    return wrapped as E;
  }
}
