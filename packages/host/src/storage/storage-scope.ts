import { mkdirSync, readdirSync, statSync, unlinkSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ServiceError } from '../errors/service-error.js';
import { withFileLock, type FileLockOptions } from '../store/file-lock.js';
import { isProcessAlive } from '../store/lock-record.js';
import { atomicTempOwner } from '../store/temp-files.js';
import { unlinkQuietly } from '../store/unlink-quietly.js';
import { writeFileAtomic } from '../store/write-file-atomic.js';
import { keyFileName, parseKeyFileName, storageKeyProblem, MAX_STORAGE_KEY_LENGTH } from './storage-key.js';
import { describeBytes, type StorageLimits } from './storage-limits.js';

/** Options of {@link StorageScope}. */
export interface StorageScopeOptions {
  /** The folder of this scope; created (mode 0700) on the first write. Required. */
  dir: string;
  /** Names the scope in messages, e.g. `the private storage of "git"`. Required. */
  label: string;
  /** Resolved limits (see `resolveStorageLimits`). Required. */
  limits: Readonly<StorageLimits>;
  /** Lock wait and staleness for writes, in ms. Default: those of `FileLock`. */
  lock?: Pick<FileLockOptions, 'timeoutMs' | 'staleMs'>;
}

/** The answer of {@link StorageScope.get}. */
export type StorageGetResult = { readonly found: true; readonly value: unknown } | { readonly found: false };

/** How full a scope is. */
export interface StorageUsage {
  readonly keys: number;
  /** Bytes on disk of its entries (what `maxTotalBytes` bounds). */
  readonly bytes: number;
}

interface Entry {
  key: string;
  value: unknown;
}

const LOCK_TARGET = '.scope';

/**
 * One key/value folder: each key is a file `k-<encoded>.json` (see `keyFileName`) holding
 * `{"key":…,"value":…}`, so no key can name a path outside the folder. Reads take no lock (every write is
 * an atomic rename). Writes are serialised in this process and across processes (lock `<dir>/.scope.lock`),
 * so the size limits hold under concurrent writers; temp files of writers that died are swept on the next
 * write. Refusals are `ServiceError`s: `invalid_params` (key, value, prefix), `too_large` (naming the
 * limit), `unavailable` (an entry file that is not valid JSON); file-system failures are `StoreError`s.
 */
export class StorageScope {
  /** Absolute path of the folder. */
  readonly dir: string;
  /** See {@link StorageScopeOptions.label}. */
  readonly label: string;
  readonly #limits: Readonly<StorageLimits>;
  readonly #lock: Pick<FileLockOptions, 'timeoutMs' | 'staleMs'>;
  // Writers in this process queue here first, so they do not poll the file lock against each other.
  #tail: Promise<unknown> = Promise.resolve();

  constructor(options: StorageScopeOptions) {
    this.dir = options.dir;
    this.label = options.label;
    this.#limits = options.limits;
    this.#lock = options.lock ?? {};
  }

  /** The value stored under `key`, or `{ found: false }`. */
  async get(key: string): Promise<StorageGetResult> {
    checkKey(key);
    const entry = await this.#readEntry(keyFileName(key));
    return entry !== undefined && entry.key === key ? { found: true, value: entry.value } : { found: false };
  }

  /**
   * Stores `value` (any JSON value; `undefined`, functions, BigInt and cycles are refused) under `key`,
   * replacing what was there. Returns the entry's size on disk. `too_large` when the serialized value is
   * over `maxValueBytes`, or the scope would exceed `maxTotalBytes` or `maxKeys`.
   */
  async set(key: string, value: unknown): Promise<{ bytes: number }> {
    checkKey(key);
    const serialized = serializeValue(key, value);
    const valueBytes = Buffer.byteLength(serialized, 'utf8');
    if (valueBytes > this.#limits.maxValueBytes) {
      throw new ServiceError(
        'too_large',
        `The value for ${JSON.stringify(key)} is ${valueBytes} bytes serialized; ${this.label} takes at most ${describeBytes(this.#limits.maxValueBytes)} per key. Store less under one key, e.g. split it across several keys.`,
        { limit: this.#limits.maxValueBytes, size: valueBytes },
      );
    }
    const content = `{"key":${JSON.stringify(key)},"value":${serialized}}`;
    const bytes = Buffer.byteLength(content, 'utf8');
    const fileName = keyFileName(key);
    await this.#exclusive(() => {
      const usage = this.#scanAndSweep(fileName);
      if (usage.others.bytes + bytes > this.#limits.maxTotalBytes) {
        throw new ServiceError(
          'too_large',
          `Storing ${JSON.stringify(key)} would bring ${this.label} to ${usage.others.bytes + bytes} bytes; the limit is ${describeBytes(this.#limits.maxTotalBytes)}. Delete keys that are no longer needed.`,
          { limit: this.#limits.maxTotalBytes, size: usage.others.bytes + bytes },
        );
      }
      if (!usage.replaces && usage.others.keys + 1 > this.#limits.maxKeys) {
        throw new ServiceError(
          'too_large',
          `Storing ${JSON.stringify(key)} would bring ${this.label} to ${usage.others.keys + 1} keys; the limit is ${this.#limits.maxKeys}. Delete keys that are no longer needed.`,
          { limit: this.#limits.maxKeys, keys: usage.others.keys + 1 },
        );
      }
      writeFileAtomic(join(this.dir, fileName), content, { mode: 0o600 });
    });
    return { bytes };
  }

  /** Removes `key`; true when it existed. */
  async delete(key: string): Promise<boolean> {
    checkKey(key);
    const path = join(this.dir, keyFileName(key));
    return this.#exclusive(() => {
      try {
        unlinkSync(path);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    });
  }

  /** The keys that start with `prefix` (default: all), sorted by code unit. */
  async list(prefix = ''): Promise<string[]> {
    if (typeof prefix !== 'string' || prefix.length > MAX_STORAGE_KEY_LENGTH) {
      throw new ServiceError('invalid_params', `prefix must be a string of at most ${MAX_STORAGE_KEY_LENGTH} characters, got ${JSON.stringify(prefix) ?? typeof prefix}. Pass the start of the keys to list, or nothing for all.`, { param: 'prefix' });
    }
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const keys: string[] = [];
    for (const name of names) {
      const parsed = parseKeyFileName(name);
      if (parsed === undefined) continue;
      // A hashed name hides its key: read it (only long keys are hashed, so this stays rare).
      const key = parsed.kind === 'key' ? parsed.key : (await this.#readEntry(name, { quiet: true }))?.key;
      if (key !== undefined && key.startsWith(prefix)) keys.push(key);
    }
    return keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** How many keys and bytes the scope holds now. */
  usage(): StorageUsage {
    return this.#scanAndSweep(undefined).others;
  }

  #exclusive<T>(work: () => T): Promise<T> {
    const run = async (): Promise<T> => {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      return withFileLock(join(this.dir, LOCK_TARGET), work, this.#lock);
    };
    const result = this.#tail.then(run, run);
    this.#tail = result.catch(() => undefined);
    return result;
  }

  // One readdir + stat per entry: the bytes and keys held besides `replacing`, and temp files of dead writers removed.
  #scanAndSweep(replacing: string | undefined): { others: StorageUsage; replaces: boolean } {
    let names: string[];
    try {
      names = readdirSync(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { others: { keys: 0, bytes: 0 }, replaces: false };
      throw error;
    }
    let keys = 0;
    let bytes = 0;
    let replaces = false;
    for (const name of names) {
      const pid = atomicTempOwner(name);
      if (pid !== undefined) {
        if (pid !== process.pid && !isProcessAlive(pid)) unlinkQuietly(join(this.dir, name));
        continue;
      }
      if (parseKeyFileName(name) === undefined) continue;
      if (name === replacing) {
        replaces = true;
        continue;
      }
      try {
        bytes += statSync(join(this.dir, name)).size;
        keys++;
      } catch {
        // deleted meanwhile by a reader-side cleanup: it no longer counts
      }
    }
    return { others: { keys, bytes }, replaces };
  }

  async #readEntry(fileName: string, options: { quiet?: boolean } = {}): Promise<Entry | undefined> {
    let text: string;
    try {
      text = await readFile(join(this.dir, fileName), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      const parsed = JSON.parse(text) as Partial<Entry> | null;
      if (typeof parsed === 'object' && parsed !== null && typeof parsed.key === 'string' && 'value' in parsed) return { key: parsed.key, value: parsed.value };
    } catch {
      // falls through to the report below
    }
    if (options.quiet) return undefined;
    throw new ServiceError(
      'unavailable',
      `An entry of ${this.label} is unreadable: ${join(this.dir, fileName)} is not a stored entry. Delete the key (or that file) and store it again.`,
      { file: fileName },
    );
  }
}

function checkKey(key: unknown): asserts key is string {
  const problem = storageKeyProblem(key);
  if (problem !== undefined) throw new ServiceError('invalid_params', `Invalid storage key: ${problem}. Use a shorter key of printable characters, e.g. "cache/last-run".`, { param: 'key' });
}

function serializeValue(key: string, value: unknown): string {
  let serialized: string | undefined;
  try {
    serialized = JSON.stringify(value);
  } catch (error) {
    throw new ServiceError('invalid_params', `The value for ${JSON.stringify(key)} is not JSON: ${(error as Error).message}. Store plain JSON (objects, arrays, strings, numbers, booleans, null).`, { param: 'value' });
  }
  if (serialized === undefined) {
    throw new ServiceError('invalid_params', `The value for ${JSON.stringify(key)} is missing or not JSON (${typeof value}). Pass a JSON value; to remove the key, delete it.`, { param: 'value' });
  }
  return serialized;
}
