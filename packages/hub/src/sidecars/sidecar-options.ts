import os from 'node:os';
import * as L from './sidecar-limits.js';

/** The lifecycle's numbers, all resolved (see sidecar-limits.ts for each default and its unit). */
export interface SidecarLifecycle {
  healthTimeoutMs: number;
  earlyExitMs: number;
  healthPollInitialMs: number;
  healthPollMaxMs: number;
  healthPollGrowth: number;
  healthProbeTimeoutMs: number;
  crashesBeforeBackoff: number;
  crashWindowMs: number;
  backoffInitialMs: number;
  backoffMaxMs: number;
  stopStepMs: number;
  stdioDrainMs: number;
  memoryFloorBytes: number;
  /** Free memory in bytes. Default `os.freemem()` (on Linux, MemAvailable). */
  freeMemory: () => number;
  logMaxBytes: number;
  logKeep: number;
  upstreamMaxSockets: number;
  /** How long a request waits for a sidecar's response headers before a 504, in ms, unless its manifest sets `headersTimeoutSeconds`. Default 30000. */
  headersTimeoutMs: number;
  /** After one side of a proxied WebSocket ended its half, how long before both are closed, in ms. Default 2000. */
  halfCloseGraceMs: number;
  /** Milliseconds per `idleStopMinutes` minute. Default 60000. */
  msPerMinute: number;
}

const DEFAULTS: SidecarLifecycle = {
  healthTimeoutMs: L.HEALTH_TIMEOUT_MS,
  earlyExitMs: L.EARLY_EXIT_MS,
  healthPollInitialMs: L.HEALTH_POLL_INITIAL_MS,
  healthPollMaxMs: L.HEALTH_POLL_MAX_MS,
  healthPollGrowth: L.HEALTH_POLL_GROWTH,
  healthProbeTimeoutMs: L.HEALTH_PROBE_TIMEOUT_MS,
  crashesBeforeBackoff: L.CRASHES_BEFORE_BACKOFF,
  crashWindowMs: L.CRASH_WINDOW_MS,
  backoffInitialMs: L.BACKOFF_INITIAL_MS,
  backoffMaxMs: L.BACKOFF_MAX_MS,
  stopStepMs: L.STOP_STEP_MS,
  stdioDrainMs: L.STDIO_DRAIN_MS,
  memoryFloorBytes: L.MEMORY_FLOOR_BYTES,
  freeMemory: () => os.freemem(),
  logMaxBytes: L.LOG_MAX_BYTES,
  logKeep: L.LOG_KEEP,
  upstreamMaxSockets: L.UPSTREAM_MAX_SOCKETS,
  headersTimeoutMs: L.HEADERS_TIMEOUT_MS,
  halfCloseGraceMs: L.HALF_CLOSE_GRACE_MS,
  msPerMinute: L.MS_PER_MINUTE,
};

/** The defaults with `given` applied; a number that is not finite and >= 0 throws a TypeError naming it. */
export function resolveLifecycle(given: Partial<SidecarLifecycle> = {}): SidecarLifecycle {
  const out = { ...DEFAULTS };
  for (const [key, value] of Object.entries(given) as Array<[keyof SidecarLifecycle, unknown]>) {
    if (value === undefined) continue;
    if (key === 'freeMemory') {
      if (typeof value !== 'function') throw new TypeError(`SidecarFleet freeMemory must be a function returning bytes, got ${typeof value}`);
    } else if (!(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
      throw new TypeError(`SidecarFleet ${key} must be a finite number >= 0, got ${String(value)}`);
    }
    (out as Record<string, unknown>)[key] = value;
  }
  if (out.healthPollGrowth < 1) throw new TypeError(`SidecarFleet healthPollGrowth must be >= 1, got ${out.healthPollGrowth}`);
  if (!Number.isInteger(out.logKeep) || out.logKeep < 1) throw new TypeError(`SidecarFleet logKeep must be an integer >= 1, got ${out.logKeep}`);
  return out;
}
