import { describe } from './connection-options.js';

/** Per-call options of `Connection.request()`. */
export interface RequestOptions {
  /** Deadline in milliseconds; 0 = none. Default: the connection's `requestTimeoutMs`. */
  readonly timeoutMs?: number;
  /** Aborting it rejects the call at once with `cancelled` and sends `$/cancelRequest`. */
  readonly signal?: AbortSignal;
  /**
   * Asks the peer for progress: a progress token (the request id) is sent in `params._meta.progressToken`,
   * and each `$/progress` for it calls this. Requires params to be an object or undefined.
   */
  readonly onProgress?: (value: unknown) => void;
  /** When true, each progress report restarts the deadline (long work that shows it is alive). Default false. */
  readonly resetTimeoutOnProgress?: boolean;
}

/** @throws TypeError naming the bad option and its value. */
export function checkRequestOptions(options: RequestOptions): void {
  if (typeof options !== 'object' || options === null) throw new TypeError(`RequestOptions must be an object, got ${describe(options)}`);
  const { timeoutMs, signal, onProgress, resetTimeoutOnProgress } = options;
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || !Number.isSafeInteger(timeoutMs) || timeoutMs < 0)) {
    throw new TypeError(`RequestOptions.timeoutMs must be an integer >= 0 (milliseconds, 0 = none), got ${describe(timeoutMs)}`);
  }
  if (signal !== undefined && (typeof signal !== 'object' || signal === null || typeof (signal as AbortSignal).addEventListener !== 'function')) {
    throw new TypeError(`RequestOptions.signal must be an AbortSignal, got ${describe(signal)}`);
  }
  if (onProgress !== undefined && typeof onProgress !== 'function') throw new TypeError(`RequestOptions.onProgress must be a function, got ${describe(onProgress)}`);
  if (resetTimeoutOnProgress !== undefined && typeof resetTimeoutOnProgress !== 'boolean') {
    throw new TypeError(`RequestOptions.resetTimeoutOnProgress must be a boolean, got ${describe(resetTimeoutOnProgress)}`);
  }
}

/** A copy of `params` carrying `_meta.progressToken`. @throws TypeError when params is not an object or undefined. */
export function withProgressToken(params: unknown, token: number): Record<string, unknown> {
  if (params === undefined || params === null) return { _meta: { progressToken: token } };
  if (typeof params !== 'object' || Array.isArray(params)) {
    throw new TypeError(`RequestOptions.onProgress needs params to be an object or undefined (the progress token travels in params._meta.progressToken), got ${describe(params)}`);
  }
  const record = params as Record<string, unknown>;
  const meta = record['_meta'];
  return { ...record, _meta: { ...(typeof meta === 'object' && meta !== null ? meta : {}), progressToken: token } };
}
