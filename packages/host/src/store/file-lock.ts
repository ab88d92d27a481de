import { closeSync, mkdirSync, openSync, statSync, utimesSync, writeSync } from 'node:fs';
import { readBoundedFile } from './bounded-json.js';
import { dirname, resolve } from 'node:path';
import { formatLockHolder, isHolderDead, newLockHolder, parseLockHolder, type LockHolder } from './lock-record.js';
import { StoreError } from './store-error.js';
import { unlinkQuietly } from './unlink-quietly.js';

/** Options of {@link FileLock}, {@link withFileLock} and {@link withFileLockSync}. */
export interface FileLockOptions {
  /** How long to wait for a held lock before failing with `STORE_LOCK_TIMEOUT`, in ms. Default 10000. */
  timeoutMs?: number;
  /** A lock taken and last touched longer ago than this is broken even when its holder still runs, in ms. Default 30000. */
  staleMs?: number;
  /** Called after a stale lock was broken, with its holder when the lock file was readable. Default: none. */
  onStaleLockBroken?: (holder: LockHolder | undefined) => void;
}

/** A held lock. Disposing releases it; disposing twice is harmless. */
export interface FileLockHandle {
  /** The record written into the lock file. */
  readonly holder: LockHolder;
  /** Removes the lock file if it is still ours. */
  dispose(): void;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_STALE_MS = 30_000;
// A holder writes its record right after creating the file; an empty lock this old lost its writer.
const UNREADABLE_LOCK_GRACE_MS = 2_000;
const MAX_SLEEP_MS = 100;

type Attempt =
  | { readonly kind: 'acquired'; readonly handle: FileLockHandle }
  | { readonly kind: 'retry' }
  | { readonly kind: 'wait'; readonly holder: LockHolder | undefined };

/**
 * A cross-process lock on a file, held as an exclusively created sibling `<file>.lock` that holds the
 * owner's pid, host and time. A lock whose owner pid is dead (same host), or taken more than `staleMs`
 * ago and not touched since (an async holder touches it every `staleMs/3`), is broken; breaking is
 * serialised through `<file>.lock.break` and removes the lock only if it still holds the stale record,
 * so two waiters never both win. Waits with small jittered sleeps up to
 * `timeoutMs`, then throws {@link StoreError} `STORE_LOCK_TIMEOUT` naming the lock file, the holder pid
 * and the fix. Not re-entrant: acquiring twice in one process waits for the first release.
 */
export class FileLock {
  /** Absolute path of the protected file. */
  readonly targetPath: string;
  /** Absolute path of the lock file, `<file>.lock`. */
  readonly lockPath: string;
  readonly #breakPath: string;
  readonly #timeoutMs: number;
  readonly #staleMs: number;
  readonly #onStaleLockBroken: ((holder: LockHolder | undefined) => void) | undefined;

  constructor(targetPath: string, options: FileLockOptions = {}) {
    if (typeof targetPath !== 'string' || targetPath.length === 0) {
      throw new TypeError(`targetPath must be a file path, got ${JSON.stringify(targetPath)}`);
    }
    this.targetPath = resolve(targetPath);
    this.lockPath = `${this.targetPath}.lock`;
    this.#breakPath = `${this.lockPath}.break`;
    this.#timeoutMs = positiveNumber('timeoutMs', options.timeoutMs, DEFAULT_TIMEOUT_MS);
    this.#staleMs = positiveNumber('staleMs', options.staleMs, DEFAULT_STALE_MS);
    this.#onStaleLockBroken = options.onStaleLockBroken;
  }

  /** Waits (without blocking the event loop) until the lock is ours. */
  async acquire(): Promise<FileLockHandle> {
    const started = Date.now();
    for (let round = 0; ; round++) {
      const attempt = this.#attempt();
      if (attempt.kind === 'acquired') return this.#withHeartbeat(attempt.handle);
      if (attempt.kind === 'retry') continue;
      this.#throwIfTimedOut(started, attempt.holder);
      await new Promise<void>((done) => setTimeout(done, jitteredDelay(round)));
    }
  }

  /** Like {@link FileLock.acquire} but blocks the thread while waiting; for short-lived CLI processes. */
  acquireSync(): FileLockHandle {
    const started = Date.now();
    const sleeper = new Int32Array(new SharedArrayBuffer(4));
    for (let round = 0; ; round++) {
      const attempt = this.#attempt();
      if (attempt.kind === 'acquired') return attempt.handle;
      if (attempt.kind === 'retry') continue;
      this.#throwIfTimedOut(started, attempt.holder);
      Atomics.wait(sleeper, 0, 0, jitteredDelay(round));
    }
  }

  #attempt(): Attempt {
    const holder = newLockHolder(Date.now());
    if (this.#create(this.lockPath, formatLockHolder(holder))) {
      return { kind: 'acquired', handle: this.#handle(holder) };
    }
    const observed = readOrUndefined(this.lockPath);
    if (observed === undefined) return { kind: 'retry' }; // released between our create and our read
    const current = parseLockHolder(observed);
    if (!this.#isStale(current)) return { kind: 'wait', holder: current };
    // Another process is breaking it right now: give it a moment rather than spin.
    return this.#breakStale(observed, current) ? { kind: 'retry' } : { kind: 'wait', holder: current };
  }

  #isStale(holder: LockHolder | undefined): boolean {
    // The file's mtime is the holder's heartbeat (see #withHeartbeat), so an old lock that is still
    // being touched is not stale.
    const age = ageOfFile(this.lockPath);
    if (holder === undefined) return age !== undefined && age > UNREADABLE_LOCK_GRACE_MS;
    if (isHolderDead(holder)) return true;
    return Math.min(Date.now() - holder.time, age ?? Number.POSITIVE_INFINITY) > this.#staleMs;
  }

  // An async holder may keep the lock for long (an npm install): touch the file every staleMs/3 so no
  // waiter takes it for stale. A sync holder blocks its thread, so it cannot (and needs no) heartbeat.
  #withHeartbeat(handle: FileLockHandle): FileLockHandle {
    const lockPath = this.lockPath;
    const timer = setInterval(() => {
      const now = new Date();
      try {
        utimesSync(lockPath, now, now);
      } catch {
        // lock gone (broken or released): nothing to keep alive
      }
    }, Math.max(10, this.#staleMs / 3));
    timer.unref();
    return {
      holder: handle.holder,
      dispose(): void {
        clearInterval(timer);
        handle.dispose();
      },
    };
  }

  // Only one process at a time may break, and only the exact stale record it saw: a lock taken afresh by
  // another waiter in between is never removed. False when another breaker is at work.
  #breakStale(observed: string, holder: LockHolder | undefined): boolean {
    if (!this.#create(this.#breakPath, formatLockHolder(newLockHolder(Date.now())))) {
      // A breaker holds this for microseconds; an old one was killed mid-break.
      const age = ageOfFile(this.#breakPath);
      if (age !== undefined && age > UNREADABLE_LOCK_GRACE_MS) unlinkQuietly(this.#breakPath);
      return false;
    }
    let broken = false;
    try {
      if (readOrUndefined(this.lockPath) === observed) {
        unlinkQuietly(this.lockPath);
        broken = true;
      }
    } finally {
      unlinkQuietly(this.#breakPath);
    }
    if (broken) this.#onStaleLockBroken?.(holder);
    return true;
  }

  // Exclusive create with the record written at once; false when the file already exists.
  #create(path: string, content: string): boolean {
    for (let tries = 0; tries < 2; tries++) {
      let fd: number;
      try {
        fd = openSync(path, 'wx');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') return false;
        if (code === 'ENOENT' && tries === 0) {
          mkdirOrThrow(dirname(path));
          continue;
        }
        throw new StoreError(
          'STORE_WRITE_FAILED',
          path,
          `Could not create the lock file ${path}: ${(error as Error).message}. Check that its folder is writable.`,
          { cause: error },
        );
      }
      try {
        writeSync(fd, content);
      } finally {
        closeSync(fd);
      }
      return true;
    }
    return false;
  }

  #handle(holder: LockHolder): FileLockHandle {
    let released = false;
    const lockPath = this.lockPath;
    return {
      holder,
      dispose(): void {
        if (released) return;
        released = true;
        // If our lock was broken as stale, the file now belongs to someone else: leave it.
        const current = readOrUndefined(lockPath);
        if (current !== undefined && parseLockHolder(current)?.nonce === holder.nonce) unlinkQuietly(lockPath);
      },
    };
  }

  #throwIfTimedOut(started: number, holder: LockHolder | undefined): void {
    if (Date.now() - started < this.#timeoutMs) return;
    const lock = this.lockPath;
    const message =
      holder === undefined
        ? `Timed out after ${this.#timeoutMs} ms waiting for the lock ${lock}, held by an unknown process (the lock file is empty or unreadable). If no other process is writing ${this.targetPath}, delete ${lock} and retry.`
        : `Timed out after ${this.#timeoutMs} ms waiting for the lock ${lock}, held by process ${holder.pid} on ${holder.host} since ${new Date(holder.time).toISOString()}. If no process ${holder.pid} is running, delete ${lock} and retry.`;
    throw new StoreError('STORE_LOCK_TIMEOUT', lock, message);
  }
}

/**
 * Runs `fn` while holding the {@link FileLock} of `path` and releases the lock afterwards, also when `fn`
 * throws or rejects. Waiting does not block the event loop.
 */
export async function withFileLock<T>(path: string, fn: () => T | Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const handle = await new FileLock(path, options).acquire();
  try {
    return await fn();
  } finally {
    handle.dispose();
  }
}

/** Synchronous {@link withFileLock}: blocks the thread while waiting; for short-lived CLI processes. */
export function withFileLockSync<T>(path: string, fn: () => T, options: FileLockOptions = {}): T {
  const handle = new FileLock(path, options).acquireSync();
  try {
    return fn();
  } finally {
    handle.dispose();
  }
}

function positiveNumber(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(`${name} must be a positive number of milliseconds, got ${JSON.stringify(value)}`);
  }
  return value;
}

// Jittered so that many waiters do not retry in lock-step; grows from a few ms to MAX_SLEEP_MS.
function jitteredDelay(round: number): number {
  const ceiling = Math.min(MAX_SLEEP_MS, 4 * 1.5 ** round);
  return 1 + Math.random() * ceiling;
}

// A lock record is one short line; the bounded reader never blocks on a FIFO planted under the lock's name.
function readOrUndefined(path: string): string | undefined {
  const read = readBoundedFile(path, { maxBytes: 4096 });
  return read.kind === 'ok' ? read.text : undefined;
}

function ageOfFile(path: string): number | undefined {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Creates `dir` (and its parents), or throws STORE_WRITE_FAILED naming the folder and the fix. */
export function mkdirOrThrow(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new StoreError(
      'STORE_WRITE_FAILED',
      dir,
      `Could not create the folder ${dir}: ${(error as Error).message}. Create it or fix its permissions.`,
      { cause: error },
    );
  }
}
