import { lstatSync, readlinkSync, statSync } from 'node:fs';
import type { Stats } from 'node:fs';

/**
 * A file or folder a cached scan depends on. `id` is its identity as user space cannot set it back: device,
 * inode, size, mtime and ctime (tar, `cp -a` and `rsync -a` restore an mtime, never a ctime or an inode);
 * null when it was absent. `link` is the target of a symlink at `path` itself, so a re-pointed link is seen
 * even when the new target carries the old times.
 */
export interface StatInput {
  path: string;
  id: string | null;
  link?: string;
}

/**
 * How close to the scan a change may be and still hide in the same timestamp tick: Linux stamps files from
 * a coarse clock (one jiffy, up to 10 ms), and Date.now() can run ahead of it. An input changed this close
 * to the scan is "racy" (as git calls it): its identity proves nothing, so its section is not trusted.
 */
const RACY_WINDOW_MS = 50;
/** File systems with whole-second stamps (ext3, HFS+, FAT's 2 s) need a window of their own. */
const COARSE_RACY_WINDOW_MS = 2100;

/** The identity string of a stat result (see {@link StatInput}). */
export function identityOf(stat: Stats): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
}

/** The identity of `path` (following symlinks, so an edited linked package is seen), or null when absent. */
export function currentIdentity(path: string): string | null {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat ? identityOf(stat) : null;
  } catch {
    return null;
  }
}

/** The target of the symlink at `path`, or undefined when `path` is not a symlink. */
export function linkTarget(path: string): string | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/** The input of `path` now; `withLink` also records the symlink at `path` itself (package folders, dev paths). */
export function statInput(path: string, withLink = false): StatInput {
  const input: StatInput = { path, id: currentIdentity(path) };
  if (withLink) {
    const link = linkTarget(path);
    if (link !== undefined) input.link = link;
  }
  return input;
}

/**
 * True when an identity was taken too close to `scanStartedAt` (wall-clock ms) to exclude a second change
 * within the same timestamp tick: such an input must be checked again by content, i.e. rescanned.
 */
export function isRacy(id: string | null, scanStartedAt: number): boolean {
  if (id === null) return false;
  return isRacyCtime(Number(id.slice(id.lastIndexOf(':') + 1)), scanStartedAt);
}

/** {@link isRacy} from the stat's ctimeMs itself, for a caller that has the stat (no identity string to parse). */
export function isRacyCtime(ctimeMs: number, scanStartedAt: number): boolean {
  const window = ctimeMs % 1000 === 0 ? COARSE_RACY_WINDOW_MS : RACY_WINDOW_MS;
  return ctimeMs > scanStartedAt - window;
}
