import { closeSync, fchmodSync, fsyncSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { StoreError } from './store-error.js';
import { atomicTempPath } from './temp-files.js';

// The temp-name rule lives in temp-files.ts; re-exported for modules that import it from here.
export { atomicTempPath, atomicTempOwner } from './temp-files.js';
import { unlinkQuietly } from './unlink-quietly.js';

/** Options of {@link writeFileAtomic}. */
export interface WriteFileAtomicOptions {
  /**
   * Permission bits of the written file, applied exactly (not narrowed by the umask), e.g. `0o600` for a
   * secret. Default: the mode of the file being replaced, or `0o666` minus the umask for a new file.
   */
  mode?: number;
  /**
   * fsync the file and its folder, so the new content survives a power loss. Default true; false for files
   * that are derived or short-lived (the discovery cache, a command's per-run config), where the atomic rename
   * alone is enough and the fsyncs would only slow a command's start.
   */
  durable?: boolean;
  /**
   * The file is derived and may be briefly absent while it is replaced (a cache: a reader that finds none
   * rebuilds it). The old file is removed just before the rename: ext4 flushes a file renamed over another
   * (auto_da_alloc), which took milliseconds for the few hundred KB of a discovery cache. Default false.
   */
  derived?: boolean;
}

/**
 * Replaces `path` with `data` so that a reader sees either the old or the new content, never a mix, even
 * when the writer is SIGKILLed: writes a temp file in the same folder (`atomicTempPath`), fsyncs it,
 * renames it over `path`, then fsyncs the folder where the platform allows. On failure the temp file is
 * removed and a {@link StoreError} `STORE_WRITE_FAILED` is thrown. Synchronous; does not create the folder;
 * takes no lock (see {@link withFileLock} for read-modify-write).
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, options: WriteFileAtomicOptions = {}): void {
  const target = resolve(path);
  const temp = atomicTempPath(target);
  const exactMode = options.mode ?? existingMode(target);
  let fd: number | undefined;
  try {
    // 'wx' (O_EXCL) so a leftover temp of the same name is never written through.
    fd = openSync(temp, 'wx', exactMode ?? 0o666);
    if (exactMode !== undefined) fchmodSync(fd, exactMode);
    writeAll(fd, data);
    if (options.durable !== false) fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    if (options.derived) unlinkQuietly(target);
    renameSync(temp, target);
  } catch (error) {
    if (fd !== undefined) closeQuietly(fd);
    unlinkQuietly(temp);
    const reason = error instanceof Error ? error.message : String(error);
    throw new StoreError(
      'STORE_WRITE_FAILED',
      target,
      `Could not write ${target}: ${reason}. Check that the folder ${dirname(target)} exists and is writable, and that the disk is not full.`,
      { cause: error },
    );
  }
  if (options.durable !== false) fsyncDirectory(dirname(target));
}

function existingMode(target: string): number | undefined {
  try {
    return statSync(target).mode & 0o7777;
  } catch {
    return undefined;
  }
}

function writeAll(fd: number, data: string | Uint8Array): void {
  let buffer: Uint8Array;
  if (typeof data === 'string') {
    // Written from the string itself: a Buffer copy of a large text cost as much as the write. A short write
    // (a regular file gives one only as the disk fills) goes on from a copy of the rest.
    const written = writeSync(fd, data);
    if (written === Buffer.byteLength(data)) return;
    buffer = Buffer.from(data, 'utf8').subarray(written);
  } else {
    buffer = data;
  }
  let offset = 0;
  while (offset < buffer.byteLength) {
    offset += writeSync(fd, buffer, offset, buffer.byteLength - offset);
  }
}

// Makes the rename itself durable; some platforms (Windows) cannot open or fsync a folder, which is fine.
function fsyncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // best effort by design
  } finally {
    if (fd !== undefined) closeQuietly(fd);
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed or invalid: nothing left to release
  }
}
