/** How a client waits between attempts to reach the hub again. */
export interface BackoffOptions {
  /** First wait, in ms. Default 100. */
  initialDelayMs?: number;
  /** Longest wait, in ms (each wait doubles up to it). Default 2000. */
  maxDelayMs?: number;
  /** Gives up after trying this long, in ms; the pending call or iterator then fails. Default 30000. */
  giveUpAfterMs?: number;
}

/** {@link BackoffOptions} with the defaults applied. */
export type ResolvedBackoff = Required<BackoffOptions>;

/** Applies defaults; a TypeError names a bad option and its value. */
export function resolveBackoff(options: BackoffOptions = {}): ResolvedBackoff {
  const pick = (name: keyof BackoffOptions, fallback: number): number => {
    const value = options[name] ?? fallback;
    if (!Number.isSafeInteger(value) || value < 0) throw new TypeError(`reconnect.${name} must be a non-negative integer (ms), got ${String(value)}`);
    return value;
  };
  return { initialDelayMs: pick('initialDelayMs', 100), maxDelayMs: pick('maxDelayMs', 2000), giveUpAfterMs: pick('giveUpAfterMs', 30_000) };
}

/**
 * Runs `attempt` until it resolves, waiting between tries (doubling, with jitter, up to `maxDelayMs`); rejects
 * with the last failure once `giveUpAfterMs` passed or `retryable` says a failure is final, at once when
 * `signal` aborts.
 */
export async function withBackoff<T>(attempt: () => Promise<T>, backoff: ResolvedBackoff, retryable: (error: unknown) => boolean, signal?: AbortSignal): Promise<T> {
  const began = Date.now();
  let delay = backoff.initialDelayMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!retryable(error) || signal?.aborted || Date.now() - began + delay > backoff.giveUpAfterMs) throw error;
    }
    await sleep(delay * (0.75 + Math.random() * 0.5), signal);
    delay = Math.min(backoff.maxDelayMs, Math.max(1, delay * 2));
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
