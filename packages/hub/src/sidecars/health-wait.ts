import http from 'node:http';

/** Options of {@link waitForHealth}; every duration in milliseconds. */
export interface HealthWaitOptions {
  port: number;
  /** The path probed, starting with `/`. */
  path: string;
  /** Headers sent with every probe (the sidecar secret). */
  headers: Record<string, string>;
  /** Give up after this long. */
  timeoutMs: number;
  /** First wait between probes; it grows by `growth` up to `maxIntervalMs`. */
  initialIntervalMs: number;
  maxIntervalMs: number;
  growth: number;
  /** One probe is abandoned after this long. */
  probeTimeoutMs: number;
  /** Resolves when waiting is pointless (the process exited): the wait then ends with `aborted`. */
  abort: Promise<unknown>;
}

/** How a health wait ended; `lastProblem` says what the last probe saw (a status, a refused connection). */
export type HealthOutcome = { kind: 'healthy' } | { kind: 'timeout'; lastProblem: string } | { kind: 'aborted' };

/**
 * Probes `GET <path>` on 127.0.0.1:`port` until it answers 200, the deadline passes, or `abort` resolves.
 * Each probe is its own connection (no agent), so a sidecar's keep-alive handling cannot stall the wait.
 */
export async function waitForHealth(options: HealthWaitOptions): Promise<HealthOutcome> {
  const deadline = Date.now() + options.timeoutMs;
  let aborted = false;
  void options.abort.then(() => {
    aborted = true;
  });
  let interval = options.initialIntervalMs;
  let lastProblem = NO_ANSWER_YET;
  while (!aborted) {
    const left = deadline - Date.now();
    if (left <= 0) return { kind: 'timeout', lastProblem };
    const probeMs = Math.min(options.probeTimeoutMs, left);
    const status = await Promise.race([probe(options, probeMs), options.abort.then(() => 'aborted')]);
    if (aborted || status === 'aborted') return { kind: 'aborted' };
    if (status === 200) return { kind: 'healthy' };
    // A probe the deadline cut short says nothing about the sidecar; an earlier real answer says more.
    const cutShort = status === TIMED_OUT && probeMs < options.probeTimeoutMs && lastProblem !== NO_ANSWER_YET;
    if (!cutShort) lastProblem = typeof status === 'number' ? `the last probe answered ${status}` : `the last probe failed: ${status === TIMED_OUT ? `no answer within ${probeMs} ms` : status}`;
    const wait = Math.min(interval, Math.max(0, deadline - Date.now()));
    await Promise.race([delay(wait), options.abort]);
    interval = Math.min(options.maxIntervalMs, interval * options.growth);
  }
  return { kind: 'aborted' };
}

const NO_ANSWER_YET = 'no probe answered';
const TIMED_OUT = 'timed out';

/** One probe: the status code, {@link TIMED_OUT}, or the error code saying why there was none. */
function probe(options: HealthWaitOptions, timeoutMs: number): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port: options.port, path: options.path, headers: options.headers, agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      res.on('error', () => undefined);
    });
    req.on('timeout', () => {
      req.destroy();
      resolve(TIMED_OUT);
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
