import type { ConfigService } from '../config/config-service.js';
import { telemetryPayloadsIn } from '../config/host-owned-keys.js';

/** Options of {@link TelemetryPolicy}. */
export interface TelemetryPolicyOptions {
  /** The host's config (user and project, merged). Required. */
  config: ConfigService;
  /** How long one reading of the config is trusted, in ms. Default 1000. */
  maxAgeMs?: number;
  /** Clock, in ms. Default `performance.now`. */
  now?: () => number;
}

/**
 * What may leave the process (DESIGN §9): the owner of the `telemetry.payloads` answer for logs, metrics and
 * telemetry. Reads the config at most once per `maxAgeMs`, so a change made by any process applies within
 * that time, without a file read per event. An unreadable config means no payloads (the safe answer).
 */
export class TelemetryPolicy {
  readonly #config: ConfigService;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #readAt = Number.NEGATIVE_INFINITY;
  #payloads = false;

  constructor(options: TelemetryPolicyOptions) {
    this.#config = options.config;
    this.#maxAgeMs = options.maxAgeMs ?? 1000;
    if (!Number.isFinite(this.#maxAgeMs) || this.#maxAgeMs < 0) throw new TypeError(`maxAgeMs must be a non-negative number of ms, got ${String(options.maxAgeMs)}`);
    this.#now = options.now ?? (() => performance.now());
  }

  /** Whether the user opted in to payloads (`telemetry.payloads: true`): action args, RPC params, results, event bodies. */
  payloads(): boolean {
    const now = this.#now();
    if (now - this.#readAt < this.#maxAgeMs) return this.#payloads;
    this.#readAt = now;
    try {
      this.#payloads = telemetryPayloadsIn(this.#config.inspect().merged);
    } catch {
      this.#payloads = false;
    }
    return this.#payloads;
  }
}
