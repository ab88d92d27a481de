import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** Who holds a lock file: the content of `<file>.lock`, one JSON object. */
export interface LockHolder {
  /** Process id of the holder. */
  readonly pid: number;
  /** Host name of the holder; a pid is only checked for liveness on the same host. */
  readonly host: string;
  /** When the lock was taken, in ms since the epoch. */
  readonly time: number;
  /** Random token telling this acquisition apart from any later one by the same pid. */
  readonly nonce: string;
}

/** A fresh holder record for this process. */
export function newLockHolder(now: number): LockHolder {
  return { pid: process.pid, host: hostname(), time: now, nonce: randomBytes(8).toString('hex') };
}

/** Serialises a holder as written into the lock file. */
export function formatLockHolder(holder: LockHolder): string {
  return `${JSON.stringify(holder)}\n`;
}

/** Parses lock-file content; `undefined` when it is empty, truncated or not a holder record. */
export function parseLockHolder(text: string): LockHolder | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { pid, host, time, nonce } = value as Record<string, unknown>;
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return undefined;
  if (typeof host !== 'string' || typeof time !== 'number' || typeof nonce !== 'string') return undefined;
  return { pid, host, time, nonce };
}

/**
 * Whether a process with this pid exists on this machine: `kill(pid, 0)` failing with ESRCH means no;
 * EPERM (another user's process) means yes. A pid that is not a positive integer counts as alive, so callers
 * that delete what dead processes left behind err on the side of keeping it.
 */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Whether `holder` is a process on this machine that no longer exists. */
export function isHolderDead(holder: LockHolder): boolean {
  return holder.host === hostname() && !isProcessAlive(holder.pid);
}
