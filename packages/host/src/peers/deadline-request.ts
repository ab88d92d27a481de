import { ResponseError } from '@outboard/protocol';
import type { RequestOptions } from '@outboard/protocol';

/** A peer that is started on demand, as consumers that pull from it (providers, views) need it. */
export interface StartablePeer {
  /** Starts the peer when it is not running (rejects when it cannot start). */
  start(): Promise<void>;
  request(method: string, params: unknown, options: RequestOptions): Promise<unknown>;
}

/** Options of {@link requestWithin}. */
export interface DeadlineRequestOptions {
  /** The deadline in milliseconds; it covers starting the peer too. Required. */
  deadlineMs: number;
  /** Aborting it cancels the request in the peer (`$/cancelRequest`). */
  signal?: AbortSignal | undefined;
  /** Words added to the `timeout` message (e.g. the setting that gives more time). Default none. */
  timeoutHint?: string | undefined;
  /** Extra data on the `unavailable` error of a peer that did not start. Default none. */
  notStartedData?: Readonly<Record<string, unknown>>;
}

/**
 * Starts `peer` when needed and sends one request, all within `deadlineMs`: a consumer waits for the deadline,
 * never for a slow start. `$/cancelRequest` reaches the peer when `signal` aborts or the deadline passes, and
 * a late answer is dropped.
 * @throws ResponseError `timeout` (`no answer within <n> ms`), `unavailable` (`its peer did not start: ...`),
 * `cancelled`, or the peer's own error.
 */
export async function requestWithin(peer: StartablePeer, method: string, params: unknown, options: DeadlineRequestOptions): Promise<unknown> {
  const { deadlineMs } = options;
  const local = new AbortController();
  const onAbort = (): void => local.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) local.abort();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new ResponseError('timeout', `no answer within ${deadlineMs} ms${options.timeoutHint ? ` (${options.timeoutHint})` : ''}`));
      local.abort();
    }, deadlineMs);
  });
  try {
    try {
      await Promise.race([peer.start(), deadline]);
    } catch (error) {
      if (error instanceof ResponseError && error.reason === 'timeout') throw error;
      throw new ResponseError('unavailable', `its peer did not start: ${error instanceof Error ? error.message : String(error)}`, options.notStartedData ?? {});
    }
    if (local.signal.aborted) throw new ResponseError('cancelled', 'the request was cancelled');
    return await Promise.race([peer.request(method, params, { timeoutMs: 0, signal: local.signal }), deadline]);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
