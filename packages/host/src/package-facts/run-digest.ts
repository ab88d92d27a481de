import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { sep } from 'node:path';
import { canonicalSha256, type RunnablePath } from '@outboard/manifest';
import { fileKind } from '../store/bounded-json.js';
import { currentIdentity, identityOf, isRacy } from './stat-inputs.js';

/**
 * What runs, beyond the manifest block (DESIGN §6): the content of every file named by a `bin` or a `./`
 * element of an `exec`, and the package.json fields that change which code Node loads. An approval keeps
 * the digest it was given for; any difference asks again, naming what changed.
 */
export interface RunDigest {
  /**
   * sha256 of each runnable file by package-relative path; a string starting with `!` when it cannot be
   * hashed (missing, a FIFO...); {@link NOT_HASHED} while nobody needed it (an extension without approval).
   */
  files: Record<string, string>;
  /** sha256 of the canonical JSON of each of `imports`, `exports`, `type`, `main` (`null` when absent). */
  fields: Record<string, string | null>;
  /**
   * Identity (see stat-inputs) of each runnable file when it was hashed or looked at; null when absent or
   * taken too close to a change to prove anything. Lets a run check by stat and rehash only on change.
   * Not part of what an approval compares.
   */
  ids?: Record<string, string | null>;
  /** When discovery last looked (wall-clock ms), in memory only: a file changed after it changed while the record was on screen. */
  checkedAt?: number;
}

/** The package.json fields that steer Node's module loading. */
export const LOAD_FIELDS = ['imports', 'exports', 'type', 'main'] as const;

/** A runnable file not hashed yet: discovery hashes only what an approval will be compared with. */
export const NOT_HASHED = '?';

/** The digest of a runnable file that does not exist. */
const MISSING = '!ENOENT';

/**
 * A map keyed by package-relative paths, which come from the package: `constructor`, `toString` and
 * `__proto__` are file names like any other, so maps have no prototype and reads take own keys only.
 */
export function pathMap<T>(): Record<string, T> {
  return new PathMapObject() as Record<string, T>;
}

/**
 * Makes the objects of {@link pathMap}: their prototype is frozen, empty and has no prototype itself, so a map
 * inherits nothing, as with `Object.create(null)`, but keeps V8's fast properties (an `Object.create(null)`
 * object is a dictionary from birth: slower to fill, to read and to write out as JSON).
 */
const PathMapObject = function PathMapObject() {
  // nothing to set: a map starts empty
} as unknown as new () => object;
PathMapObject.prototype = Object.freeze(Object.create(null) as object);

/** The entry of `key` in a path map (also one parsed from a file, which has a prototype), never an inherited member. */
export function ownEntry<T>(map: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return map !== undefined && Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
}

/** Sets `key` in a path map as an own entry (a map parsed from a file has a prototype whose `__proto__` setter would swallow it). */
function setOwn<T>(map: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(map, key, { value, writable: true, enumerable: true, configurable: true });
}

/** Bins larger than this are not read (no honest bin is); the digest then records only their size. */
const MAX_HASHED_BYTES = 256 * 1024 * 1024;

/**
 * The run digest of a package as found by a scan: the load fields always, the runnable files' identities
 * always, their content only with `hash` (an extension some approval will be compared with), since hashing
 * every bin would double a cold scan. `startedAt` (wall-clock ms) marks identities too fresh to trust.
 */
export function scanRunDigest(dir: string, pkg: Record<string, unknown>, paths: readonly RunnablePath[], options: { hash: boolean; startedAt: number; knownIds?: Record<string, string | null> }): RunDigest {
  const files = pathMap<string>();
  const ids = pathMap<string | null>();
  for (let i = 0; i < paths.length; i++) {
    const { path, file } = paths[i] as RunnablePath;
    if (path.endsWith('.configSchema') || Object.prototype.hasOwnProperty.call(files, file)) continue;
    if (options.hash) {
      const hashed = hashRegularFile(`${dir}${sep}${file}`);
      files[file] = hashed.digest;
      ids[file] = isRacy(hashed.id, options.startedAt) ? null : hashed.id;
    } else {
      const known = ownEntry(options.knownIds, file);
      const id = known !== undefined ? known : currentIdentity(`${dir}${sep}${file}`);
      const racy = isRacy(id, options.startedAt);
      // A file changed within a tick of the scan is hashed now: later, its identity could not tell a second change.
      const hashed = racy ? hashRegularFile(`${dir}${sep}${file}`) : undefined;
      files[file] = hashed ? hashed.digest : id === null ? MISSING : NOT_HASHED;
      ids[file] = racy ? null : id;
    }
  }
  const fields: Record<string, string | null> = {};
  for (const field of LOAD_FIELDS) {
    fields[field] = Object.prototype.hasOwnProperty.call(pkg, field) ? canonicalSha256(pkg[field]) : null;
  }
  return { files, fields, ids };
}

/**
 * Brings a (cached) digest up to date before it is compared with an approval: each runnable file is
 * stat'ed, and rehashed only when its identity moved, was never trusted, or it was never hashed. Returns
 * true when the digest changed (the cache should then be written). Microseconds when nothing moved.
 */
export async function refreshRunDigest(dir: string, digest: RunDigest, startedAt: number): Promise<boolean> {
  let changed = false;
  const ids = (digest.ids ??= pathMap());
  for (const file of Object.keys(digest.files)) {
    const full = `${dir}${sep}${file}`;
    const known = ownEntry(ids, file) ?? null;
    const hashedBefore = ownEntry(digest.files, file) !== NOT_HASHED;
    if (known !== null && hashedBefore && currentIdentity(full) === known) continue;
    const hashed = hashRegularFile(full);
    const id = isRacy(hashed.id, startedAt) ? null : hashed.id;
    if (ownEntry(digest.files, file) !== hashed.digest || known !== id) changed = true;
    setOwn(digest.files, file, hashed.digest);
    setOwn(ids, file, id);
  }
  return changed;
}

/**
 * The digest to store with an approval of the record that was shown: files not hashed yet are hashed now,
 * unless they changed after discovery produced the record (`checkedAt`): such a file changed while the
 * record was on screen and is stored as changed, so the next resolution asks again instead of approving
 * what nobody saw.
 */
export function digestToApprove(dir: string, digest: RunDigest): Pick<RunDigest, 'files' | 'fields'> {
  const files = pathMap<string>();
  for (const [file, value] of Object.entries(digest.files)) {
    if (value !== NOT_HASHED) {
      files[file] = value;
      continue;
    }
    const hashed = hashRegularFile(`${dir}${sep}${file}`);
    // The very file the scan saw is safe; one that moved is safe only when it moved before discovery looked.
    const seen = ownEntry(digest.ids, file);
    const sameAsSeen = seen !== undefined && seen !== null && hashed.id === seen;
    const changedAfterShown = !sameAsSeen && digest.checkedAt !== undefined && hashed.id !== null && isRacy(hashed.id, digest.checkedAt);
    files[file] = changedAfterShown ? '!changed while the approval was asked for' : hashed.digest;
  }
  return { files, fields: { ...digest.fields } };
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

/**
 * What differs between the digest an approval was given for and the one on disk now, one phrase each
 * (`bin/cli.js changed since approval`). Empty when they agree.
 */
export function describeRunDigestChanges(approved: RunDigest, now: RunDigest): string[] {
  const changes: string[] = [];
  const files = new Set([...Object.keys(approved.files), ...Object.keys(now.files)]);
  for (const file of [...files].sort()) {
    const before = ownEntry(approved.files, file);
    const after = ownEntry(now.files, file);
    // A file gone since approval runs nothing: running is refused as a missing file, and the same content coming back is still approved.
    if (before === after || (after === MISSING && before !== undefined)) continue;
    if (before === undefined) changes.push(`${file} runs now and was not part of the approval`);
    else if (after === undefined) changes.push(`${file} no longer runs`);
    else if (after === NOT_HASHED) changes.push(`${file} was not checked`);
    else if (after.startsWith('!')) changes.push(`${file} changed since approval (now: ${after.slice(1)})`);
    else changes.push(`${file} changed since approval`);
  }
  for (const field of LOAD_FIELDS) {
    if ((approved.fields[field] ?? null) !== (now.fields[field] ?? null)) changes.push(`package.json "${field}" changed since approval`);
  }
  return changes;
}
