// The numbers of the sidecar lifecycle (DESIGN §7), each named once. SidecarFleetOptions overrides any of them.
import { DEFAULT_SIDECAR_HEADERS_TIMEOUT_SECONDS } from '@outboard/manifest';

/** How long the first request waits for the health path to answer 200 before a 503 naming the log file. */
export const HEALTH_TIMEOUT_MS = 20_000;
/** A sidecar exiting within this long of its first 200 is never marked running (another server answered on its port). */
export const EARLY_EXIT_MS = 250;
/** First wait between health probes; it grows by {@link HEALTH_POLL_GROWTH} up to {@link HEALTH_POLL_MAX_MS}. */
export const HEALTH_POLL_INITIAL_MS = 20;
/** Longest wait between health probes. */
export const HEALTH_POLL_MAX_MS = 250;
/** Factor by which the wait between health probes grows. */
export const HEALTH_POLL_GROWTH = 1.5;
/** One health probe that has not answered after this long is abandoned (the next one is sent). */
export const HEALTH_PROBE_TIMEOUT_MS = 2_000;
/** Crashes within {@link CRASH_WINDOW_MS} after which restarts are delayed (backoff). */
export const CRASHES_BEFORE_BACKOFF = 3;
/** The window in which crashes are counted (5 minutes). */
export const CRASH_WINDOW_MS = 5 * 60_000;
/** First restart delay once backing off; it doubles with each further crash in the window. */
export const BACKOFF_INITIAL_MS = 5_000;
/** Longest restart delay. */
export const BACKOFF_MAX_MS = 5 * 60_000;
/** Each stop step (stdin closed, then SIGTERM) waits this long for the process to exit before the next. */
export const STOP_STEP_MS = 2_000;
/** After a failed start, how long the log waits for the rest of the process's output before the answer names it. */
export const STDIO_DRAIN_MS = 200;
/** Free memory (`os.freemem()`) below which no sidecar is started. */
export const MEMORY_FLOOR_BYTES = 256 * 1024 * 1024;
/** A sidecar log file is rotated at this size. */
export const LOG_MAX_BYTES = 1024 * 1024;
/** Rotated sidecar log files kept (`sidecar.log.1` newest). */
export const LOG_KEEP = 3;
/** Connections the proxy keeps open to one sidecar (its undici pool's size). */
export const UPSTREAM_MAX_SOCKETS = 256;
/** How long a proxied request waits for the sidecar's response headers before a 504 naming its log (a started body is never timed); a manifest may set its own. */
export const HEADERS_TIMEOUT_MS = DEFAULT_SIDECAR_HEADERS_TIMEOUT_SECONDS * 1000;
/** After one side of a proxied WebSocket ended its half, how long the other has to end its own before both are closed (the proxy's default). */
export { HALF_CLOSE_GRACE_MS } from '../proxy/proxy-upgrade.js';
/** Milliseconds in a minute: `idleStopMinutes` is in minutes. */
export const MS_PER_MINUTE = 60_000;
/** The sidecar's log file, in `<home>/ext/<name>/logs/`. */
export const SIDECAR_LOG_FILE = 'sidecar.log';
