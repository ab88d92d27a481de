import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ExtensionManifest } from '@outboard/manifest';
import { runnablePaths } from '@outboard/manifest';
import { fileKind } from '../store/bounded-json.js';
import type { StatInput } from './stat-inputs.js';
import { identityOf } from './stat-inputs.js';

/**
 * What runs, beyond the manifest block (DESIGN §6): the content of every file named by a `bin` or a `./`
 * element of an `exec`, and the package.json fields that change which code Node loads. An approval keeps
 * the digest it was given for; any difference asks again, naming what changed.
 */
export interface RunDigest {
  /** sha256 of each runnable file by package-relative path; a string starting with `!` when it cannot be hashed (missing, a FIFO...). */
  files: Record<string, string>;
  /** sha256 of the canonical JSON of each of `imports`, `exports`, `type`, `main` (`null` when absent). */
  fields: Record<string, string | null>;
}

// node:crypto loads on the first rescan, not with discovery: a warm start-up never hashes.
const createHash = (algorithm: string) => (createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto')).createHash(algorithm);

/** The package.json fields that steer Node's module loading. */
export const LOAD_FIELDS = ['imports', 'exports', 'type', 'main'] as const;

/** The digest of a runnable file that does not exist. */
const MISSING = '!ENOENT';

/** Bins larger than this are not read (no honest bin is); the digest then records only their size. */
const MAX_HASHED_BYTES = 256 * 1024 * 1024;

/**
 * Computes the run digest of a package. Every runnable file's identity (from the fstat of the very
 * descriptor that was hashed) is pushed to `inputs`, so the discovery cache rehashes it only when it moves.
 */
export function computeRunDigest(dir: string, pkg: Record<string, unknown>, manifest: ExtensionManifest, hostId: string, inputs: StatInput[]): RunDigest {
  const files: Record<string, string> = {};
  for (const { path, file } of runnablePaths(manifest, hostId)) {
    if (path.endsWith('.configSchema') || file in files) continue;
    const full = join(dir, file);
    const hashed = hashRegularFile(full);
    files[file] = hashed.digest;
    inputs.push({ path: full, id: hashed.id });
  }
  const fields: Record<string, string | null> = {};
  for (const field of LOAD_FIELDS) {
    fields[field] = Object.prototype.hasOwnProperty.call(pkg, field) ? createHash('sha256').update(canonicalJson(pkg[field])).digest('hex') : null;
  }
  return { files, fields };
}

/** sha256 of a regular file, read without blocking (a FIFO is refused, never waited on), and its identity. */
function hashRegularFile(path: string): { digest: string; id: string | null } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { digest: `!${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`, id: null };
  }
  try {
    const stat = fstatSync(fd);
    const id = identityOf(stat);
    if (!stat.isFile()) return { digest: `!${fileKind(stat)}`, id };
    if (stat.size > MAX_HASHED_BYTES) return { digest: `!too large (${stat.size} bytes)`, id };
    const hash = createHash('sha256');
    const buffer = Buffer.allocUnsafe(Math.min(Math.max(stat.size, 1), 1024 * 1024));
    for (;;) {
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) break;
      hash.update(n === buffer.length ? buffer : buffer.subarray(0, n));
    }
    return { digest: hash.digest('hex'), id };
  } catch (error) {
    return { digest: `!${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`, id: null };
  } finally {
    closeSync(fd);
  }
}

/** JSON with object keys sorted, so a reordered field is not a change. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What differs between the digest an approval was given for and the one on disk now, one phrase each
 * (`bin/cli.js changed since approval`). Empty when they agree.
 */
export function describeRunDigestChanges(approved: RunDigest, now: RunDigest): string[] {
  const changes: string[] = [];
  const files = new Set([...Object.keys(approved.files), ...Object.keys(now.files)]);
  for (const file of [...files].sort()) {
    const before = approved.files[file];
    const after = now.files[file];
    // A file gone since approval runs nothing: running is refused as a missing file, and the same content coming back is still approved.
    if (before === after || (after === MISSING && before !== undefined)) continue;
    if (before === undefined) changes.push(`${file} runs now and was not part of the approval`);
    else if (after === undefined) changes.push(`${file} no longer runs`);
    else if (after.startsWith('!')) changes.push(`${file} changed since approval (now: ${after.slice(1)})`);
    else changes.push(`${file} changed since approval`);
  }
  for (const field of LOAD_FIELDS) {
    if ((approved.fields[field] ?? null) !== (now.fields[field] ?? null)) changes.push(`package.json "${field}" changed since approval`);
  }
  return changes;
}
