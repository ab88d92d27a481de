import { parseBoundedJson, readBoundedFile } from './bounded-json.js';
import { basename, dirname, resolve } from 'node:path';
import { corruptInPlace, quarantineCorruptFile, type CorruptFileDiagnostic } from './corrupt-file.js';
import { FileLock, mkdirOrThrow, type FileLockHandle } from './file-lock.js';
import { StoreError } from './store-error.js';
import { FORMAT_FIELD, formatOf, newerFormatError } from './file-format.js';
import { writeFileAtomic } from './write-file-atomic.js';
import { atomicTempOwner, sweepDeadWritersFiles } from './temp-files.js';

/** Options of {@link JsonFileStore}. */
export interface JsonFileStoreOptions<T> {
  /** The JSON file. Its folder is created on the first write. Required. */
  path: string;
  /** A fresh empty value, used when the file is missing, blank, or was moved aside as corrupt. Required. */
  empty: () => T;
  /**
   * Shape check of parsed content: return a one-line problem (e.g. `the top level must be an object`)
   * or `undefined` when the value is usable. A failing value is treated like invalid JSON. Default: none.
   */
  check?: (value: unknown) => string | undefined;
  /** Permission bits for the file, e.g. `0o600`. Default: kept from the existing file, else umask. */
  mode?: number;
  /** Lock wait and staleness, in ms. Default: `timeoutMs` 10000, `staleMs` 30000. */
  lock?: { timeoutMs?: number; staleMs?: number };
  /**
   * The file's format version (see file-format.ts). When set, a file whose top-level `format` is later than
   * `current` is refused with `STORE_NEWER_FORMAT` by every read and update and never written; every write
   * stamps `format: current` first in the object. `hidden`: the field is taken out of the values handed
   * out (for files whose every other key is the user's, such as config.json). Default: no format.
   */
  format?: { current: number; hidden?: boolean };
}

/** What is on disk now, without touching anything. */
export interface JsonFileSnapshot<T> {
  /** The parsed value, or a fresh empty value when the file is missing, blank or corrupt. */
  readonly value: T;
  /** Whether the file exists (also true when corrupt). */
  readonly exists: boolean;
  /** Set when the file exists but is not valid JSON or fails the shape check. It is left in place. */
  readonly corrupt?: CorruptFileDiagnostic;
}

/** The outcome of {@link JsonFileStore.update}. */
export interface JsonUpdateResult<T> {
  /** The value now on disk. */
  readonly value: T;
  /** False when the new value serialised to exactly the old content, so nothing was written. */
  readonly written: boolean;
  /** Set when the file was corrupt: it was moved aside (see `keptAt`) and the update started from empty. */
  readonly quarantined?: CorruptFileDiagnostic;
}

/** Receives a fresh copy of the current value; mutate it in place, or return a replacement. */
export type JsonMutator<T> = (draft: T) => T | void;

/** An asynchronous {@link JsonMutator}; the lock is held until it settles. */
export type AsyncJsonMutator<T> = (draft: T) => T | void | Promise<T | void>;

/**
 * One durable JSON file shared by many processes. `read()`/`inspect()` never write: a corrupt file is
 * reported and left in place. `update()` takes the cross-process lock (`<file>.lock`), reads the file
 * fresh, applies the mutator and writes atomically, so concurrent updates from any number of processes
 * are never lost. A corrupt file met by `update()` is handed to the mutator as a fresh empty value; when
 * the mutator succeeds the file is moved to `<file>.corrupt-<timestamp>` (never overwritten) before the
 * write, and the result's `quarantined` says where the old content is. A mutator that throws changes nothing.
 * Temp files left by writers killed mid-write are swept by the next update. Content is written as
 * 2-space-indented JSON with a final newline.
 */
export class JsonFileStore<T> {
  /** Absolute path of the JSON file. */
  readonly path: string;
  readonly #empty: () => T;
  readonly #check: ((value: unknown) => string | undefined) | undefined;
  readonly #mode: number | undefined;
  readonly #lock: FileLock;
  readonly #format: { current: number; hidden?: boolean } | undefined;

  constructor(options: JsonFileStoreOptions<T>) {
    if (typeof options?.path !== 'string' || options.path.length === 0) {
      throw new TypeError(`path must be the JSON file's path, got ${JSON.stringify(options?.path)}`);
    }
    if (typeof options.empty !== 'function') throw new TypeError('empty must be a function returning a fresh empty value');
    this.path = resolve(options.path);
    this.#empty = options.empty;
    this.#check = options.check;
    this.#mode = options.mode;
    this.#lock = new FileLock(this.path, options.lock ?? {});
    if (options.format !== undefined && !(Number.isSafeInteger(options.format.current) && options.format.current >= 1)) {
      throw new TypeError(`format.current must be a positive integer, got ${JSON.stringify(options.format.current)}`);
    }
    this.#format = options.format;
  }

  /** The current value: a fresh empty value when the file is missing or blank; throws `STORE_CORRUPT` when corrupt. */
  read(): T {
    const snapshot = this.inspect();
    if (snapshot.corrupt) throw new StoreError('STORE_CORRUPT', this.path, snapshot.corrupt.message);
    return snapshot.value;
  }

  /**
   * The current value and whether the file exists or is corrupt; never throws for a missing or corrupt file.
   * Throws `STORE_NEWER_FORMAT` for a file in a later format than this store's (see the `format` option).
   */
  inspect(): JsonFileSnapshot<T> {
    const state = this.#load();
    if (state.kind === 'missing') return { value: this.#empty(), exists: false };
    if (state.kind === 'corrupt') return { value: this.#empty(), exists: true, corrupt: corruptInPlace(this.path, state.reason) };
    return { value: state.value, exists: true };
  }

  /** Read-modify-write under the lock; waits without blocking the event loop. See the class contract. */
  async update(mutator: AsyncJsonMutator<T>): Promise<JsonUpdateResult<T>> {
    this.#ensureFolder();
    const handle = await this.#lock.acquire();
    try {
      this.#removeDeadWritersTempFiles();
      const { draft, raw, corruptReason } = this.#loadForUpdate();
      const returned = await mutator(draft);
      return this.#commit(returned === undefined ? draft : returned, raw, corruptReason);
    } finally {
      handle.dispose();
    }
  }

  /** Synchronous {@link JsonFileStore.update}: blocks the thread while waiting for the lock. */
  updateSync(mutator: JsonMutator<T>): JsonUpdateResult<T> {
    this.#ensureFolder();
    const handle: FileLockHandle = this.#lock.acquireSync();
    try {
      this.#removeDeadWritersTempFiles();
      const { draft, raw, corruptReason } = this.#loadForUpdate();
      const returned = mutator(draft);
      return this.#commit(returned === undefined ? draft : returned, raw, corruptReason);
    } finally {
      handle.dispose();
    }
  }

  #loadForUpdate(): { draft: T; raw: string | undefined; corruptReason: string | undefined } {
    const state = this.#load();
    if (state.kind === 'ok') return { draft: state.value, raw: state.raw, corruptReason: undefined };
    if (state.kind === 'missing') return { draft: this.#empty(), raw: undefined, corruptReason: undefined };
    return { draft: this.#empty(), raw: undefined, corruptReason: state.reason };
  }

  // A corrupt file is moved aside only now, so a mutator that throws leaves it exactly where it was.
  #commit(value: T, raw: string | undefined, corruptReason: string | undefined): JsonUpdateResult<T> {
    const quarantined = corruptReason === undefined ? undefined : quarantineCorruptFile(this.path, corruptReason);
    const text = `${JSON.stringify(this.#stamped(value), null, 2)}\n`;
    const written = text !== raw;
    if (written) writeFileAtomic(this.path, text, this.#mode === undefined ? {} : { mode: this.#mode });
    // Hand back what a later read() would see, detached from the mutator's object.
    const stored = this.#unstamped(JSON.parse(text)) as T;
    return quarantined ? { value: stored, written, quarantined } : { value: stored, written };
  }

  /** The value as written: `format` first (an object's own keys keep their order after it). */
  #stamped(value: T): unknown {
    if (this.#format === undefined || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const { [FORMAT_FIELD]: _old, ...rest } = value as Record<string, unknown>;
    return { [FORMAT_FIELD]: this.#format.current, ...rest };
  }

  /** The value as handed out: without `format` when the field is hidden. */
  #unstamped(value: unknown): unknown {
    if (!this.#format?.hidden || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const { [FORMAT_FIELD]: _format, ...rest } = value as Record<string, unknown>;
    return rest;
  }

  #load(): { kind: 'missing' } | { kind: 'corrupt'; reason: string } | { kind: 'ok'; value: T; raw: string } {
    // One bounded reader: a folder or FIFO in the file's place, a huge or deeply nested file is corrupt, never a hang or a crash.
    const read = readBoundedFile(this.path);
    if (read.kind === 'missing') return { kind: 'missing' };
    if (read.kind === 'unreadable') {
      throw new StoreError('STORE_CORRUPT', this.path, `Could not read ${this.path}: ${read.message}. Check that it is a readable file.`);
    }
    if (read.kind !== 'ok') return { kind: 'corrupt', reason: read.message };
    const raw = read.text;
    // A blank file holds nothing to lose (e.g. created by `touch`): treat it as missing.
    if (raw.trim() === '') return { kind: 'missing' };
    const parsed = parseBoundedJson(raw);
    if (parsed.kind !== 'ok') return { kind: 'corrupt', reason: parsed.kind === 'syntax' ? parsed.message.replace(/^is /, '') : parsed.message };
    // A later format is never read as corrupt: moving it aside or starting again would lose what it holds.
    const format = this.#format === undefined ? undefined : formatOf(parsed.value);
    if (format !== undefined && format > (this.#format?.current ?? format)) throw newerFormatError(this.path, format, this.#format?.current ?? 0);
    const value = this.#unstamped(parsed.value);
    const problem = this.#check?.(value);
    if (problem !== undefined) return { kind: 'corrupt', reason: `unexpected shape: ${problem}` };
    return { kind: 'ok', value: value as T, raw };
  }

  #ensureFolder(): void {
    mkdirOrThrow(dirname(this.path));
  }

  // A writer killed mid-write leaves its temp file (and whoever broke its lock may have been killed too):
  // under the lock, sweep temp files of this file whose writer no longer runs. One readdir per update.
  #removeDeadWritersTempFiles(): void {
    const base = basename(this.path);
    sweepDeadWritersFiles(dirname(this.path), (name) => atomicTempOwner(name, base));
  }

}
