import { OutboardError } from '../errors/outboard-error.js';

/**
 * Stable codes of {@link StoreError}:
 * - `STORE_LOCK_TIMEOUT`: another process held the lock longer than the wait allowed.
 * - `STORE_CORRUPT`: a file is not valid JSON or fails the caller's shape check.
 * - `STORE_WRITE_FAILED`: the file system refused a write, rename or mkdir.
 * - `STORE_NEWER_FORMAT`: a file is in a format written by a newer version; it is read and written by none of this one's stores.
 */
export type StoreErrorCode = 'STORE_LOCK_TIMEOUT' | 'STORE_CORRUPT' | 'STORE_WRITE_FAILED' | 'STORE_NEWER_FORMAT';

/** Every code {@link StoreError} can carry, for docs and exhaustiveness tests. */
export const STORE_ERROR_CODES: readonly StoreErrorCode[] = ['STORE_LOCK_TIMEOUT', 'STORE_CORRUPT', 'STORE_WRITE_FAILED', 'STORE_NEWER_FORMAT'];

/**
 * A local (never serialised) failure of the durable-file layer. `message` names the file, the problem and
 * the fix; `path` is the file concerned (the lock file for `STORE_LOCK_TIMEOUT`).
 */
export class StoreError extends OutboardError {
  override name = 'StoreError';
  /** Stable code, see {@link StoreErrorCode}. */
  declare readonly code: StoreErrorCode;
  /** Absolute path of the file concerned. */
  readonly path: string;

  constructor(code: StoreErrorCode, path: string, message: string, options: { cause?: unknown; hint?: string } = {}) {
    super(code, message, options);
    this.path = path;
  }
}
