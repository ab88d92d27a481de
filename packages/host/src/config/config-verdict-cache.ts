import { sha256 } from '@outboard/manifest';
import { join } from 'node:path';
import { currentIdentity, isRacy, type StatInput } from '../package-facts/stat-inputs.js';
import { readBoundedJson } from '../store/bounded-json.js';
import { writeFileAtomic } from '../store/write-file-atomic.js';
import { isNewerFormat } from '../store/file-format.js';
import type { ConfigProblem } from './config-problem.js';

/** The cache's file in the home: derived data, safe to delete at any time. */
export const CONFIG_VERDICT_CACHE_FILE = 'config-checks.json';

/**
 * Bumped whenever what a verdict means changes (validator options, problem shape, Ajv major). A file in an
 * older format is a miss and is replaced; one in a later format (a newer host sharing the home) is a miss
 * and is never written over.
 */
const FORMAT = 1;
/** At most this many extensions are remembered; the oldest entries go first. */
const MAX_ENTRIES = 256;
/**
 * A key text up to this long is kept as it is, longer ones as their SHA-256: most sections are a few
 * settings, and hashing them loaded node:crypto, a millisecond of every configured command's start.
 */
const MAX_PLAIN_KEY = 1024;

interface Entry {
  /** The checked section, the schema's path and the format, as JSON text (or its digest when long). */
  key: string;
  /** The schema files the verdict was reached on, with their identities. */
  inputs: StatInput[];
  problems: ConfigProblem[];
}

interface CacheFile {
  format: number;
  entries: Record<string, Entry>;
}

/**
 * Run-mode verdicts of extension config checks, kept in `<home>/config-checks.json` (mode 0600) so a command
 * does not compile its schema with Ajv on every run: a verdict is reused while the checked section is the same
 * (by its text, or digest when long) and every schema file read for it (the root and each `$ref`'d sibling) still has the identity it
 * had when read (device, inode, size, mtime and ctime: a restored mtime does not fool it). A verdict reached
 * on a file changed within the same timestamp tick is not kept. Reads never throw (a bad cache is a miss);
 * writes are atomic and best effort (a cache that cannot be written costs a compile, never a run).
 */
export class ConfigVerdictCache {
  /** Absolute path of the cache file. */
  readonly path: string;

  constructor(home: string) {
    this.path = join(home, CONFIG_VERDICT_CACHE_FILE);
  }

  /**
   * The key of a check of `section` against the schema file `schemaFile` for extension `name`: the JSON
   * text of all four, or its SHA-256 (hex) past {@link MAX_PLAIN_KEY} characters. The file is mode 0600, as
   * the settings may be in it.
   */
  static key(name: string, schemaFile: string, section: unknown): string {
    const text = JSON.stringify([FORMAT, name, schemaFile, section]);
    return text.length <= MAX_PLAIN_KEY ? text : sha256(text, 'hex');
  }

  /** The problems found last time for this key, when every schema file is unchanged since; else undefined. */
  lookup(name: string, key: string): ConfigProblem[] | undefined {
    const entry = this.#read().entries[name];
    if (!entry || entry.key !== key || !Array.isArray(entry.inputs) || !Array.isArray(entry.problems)) return undefined;
    return entry.inputs.every((input) => typeof input?.path === 'string' && currentIdentity(input.path) === input.id) ? entry.problems : undefined;
  }

  /**
   * Keeps a verdict. `checkStartedAt` (wall-clock ms, taken before the schema files were read) decides
   * whether an input is racy; a racy or empty input list is not kept.
   */
  store(name: string, key: string, inputs: readonly StatInput[], problems: readonly ConfigProblem[], checkStartedAt: number): void {
    if (inputs.length === 0 || inputs.some((input) => input.id === null || isRacy(input.id, checkStartedAt))) return;
    const file = this.#read();
    if (file.newer) return;
    delete file.entries[name];
    file.entries[name] = { key, inputs: [...inputs], problems: problems.map((p) => ({ ...p })) };
    const names = Object.keys(file.entries);
    for (const old of names.slice(0, Math.max(0, names.length - MAX_ENTRIES))) delete file.entries[old];
    try {
      writeFileAtomic(this.path, `${JSON.stringify(file)}\n`, { durable: false, derived: true, mode: 0o600 });
    } catch {
      // A home we cannot write to: the next run compiles again.
    }
  }

  #read(): CacheFile & { newer?: true } {
    const read = readBoundedJson(this.path);
    if (read.kind === 'ok' && isNewerFormat(read.value, FORMAT)) return { format: FORMAT, entries: Object.create(null) as Record<string, Entry>, newer: true };
    if (read.kind === 'ok') {
      const value = read.value as Partial<CacheFile> | null;
      if (value && typeof value === 'object' && value.format === FORMAT && value.entries && typeof value.entries === 'object' && !Array.isArray(value.entries)) {
        return { format: FORMAT, entries: Object.assign(Object.create(null) as Record<string, Entry>, value.entries) };
      }
    }
    return { format: FORMAT, entries: Object.create(null) as Record<string, Entry> };
  }
}
