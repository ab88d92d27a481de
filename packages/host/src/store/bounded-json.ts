import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import type { Stats } from 'node:fs';

/** Limits of {@link readBoundedFile} and {@link readBoundedJson}. */
export interface BoundedReadOptions {
  /** Largest file accepted, in bytes. Default: 8 MiB. */
  maxBytes?: number;
  /** Deepest nesting of arrays and objects accepted (JSON only); `Infinity` skips the check. Default: 128. */
  maxDepth?: number;
}

/** Default limits: far beyond any honest package.json or host file, far below what hurts the host. */
export const DEFAULT_MAX_JSON_BYTES = 8 * 1024 * 1024;
export const DEFAULT_MAX_JSON_DEPTH = 128;

/** Why a file could not be used; `message` is one line naming the problem (no path: the caller adds it). */
export type BoundedReadFailure =
  | { kind: 'missing' }
  /** Not a regular file: a folder, a FIFO, a socket, a device. */
  | { kind: 'not-file'; message: string }
  | { kind: 'unreadable'; code: string; message: string }
  | { kind: 'too-large'; message: string }
  | { kind: 'too-deep'; message: string }
  | { kind: 'syntax'; message: string };

/** A regular file's text and the fstat of the very descriptor it was read from. */
export type BoundedText = { kind: 'ok'; text: string; stat: Stats } | BoundedReadFailure;

/** A parsed JSON file, or why it could not be used. */
export type BoundedJson = { kind: 'ok'; value: unknown; text: string; stat: Stats } | BoundedReadFailure;

const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

/** What a non-regular file is, for messages. */
export function fileKind(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * Reads a regular file as UTF-8 (a leading BOM dropped), never blocking and never reading more than
 * `maxBytes`: the file is opened non-blocking (a FIFO opens at once instead of waiting for a writer),
 * then the descriptor itself is checked with fstat, so a file swapped between a check and the open
 * cannot slip through. Anything but a regular file is refused before a byte is read.
 */
/** True when nothing is at `path` (a dangling symlink included); any other answer is left to the open. */
function isAbsent(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false }) === undefined;
  } catch {
    return false;
  }
}

export function readBoundedFile(path: string, options: BoundedReadOptions = {}): BoundedText {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_JSON_BYTES;
  // Most files read here are often absent (a project's config, the policy, hub.json): a stat that returns
  // nothing costs a hundredth of the ENOENT error a failed open throws (about 0.2 ms each at every start).
  if (isAbsent(path)) return { kind: 'missing' };
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    if (code === 'EISDIR') return { kind: 'not-file', message: 'is a folder, not a file' };
    // A FIFO or socket without a reader/writer can refuse a non-blocking open (ENXIO): not a file either.
    if (code === 'ENXIO') return { kind: 'not-file', message: 'is not a regular file' };
    return { kind: 'unreadable', code, message: `cannot be read (${code})` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { kind: 'not-file', message: `is ${fileKind(stat)}, not a regular file` };
    if (stat.size > maxBytes) return { kind: 'too-large', message: `is ${stat.size} bytes, over the limit of ${maxBytes}` };
    // Read to the end (the size may change under us) but never past the limit. Sized to the file, so small
    // files come from Node's buffer pool (a fixed 4 KiB buffer each was a fifth of a cold scan in GC).
    let buffer = Buffer.allocUnsafe(Math.min(maxBytes + 1, stat.size + 1));
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) break;
        const grown = Buffer.allocUnsafe(Math.min(maxBytes + 1, length * 2));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const wanted = buffer.length - length;
      const n = readSync(fd, buffer, length, wanted, null);
      if (n === 0) break;
      length += n;
      // A short read that ends exactly at the size fstat gave is the end of a regular file: the read that
      // would return 0 to say so is skipped (a thousandth-of-a-second per thousand package.json files).
      if (n < wanted && length === stat.size) break;
    }
    if (length > maxBytes) return { kind: 'too-large', message: `is over the limit of ${maxBytes} bytes` };
    let text = buffer.toString('utf8', 0, length);
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return { kind: 'ok', text, stat };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    return { kind: 'unreadable', code, message: `cannot be read (${code})` };
  } finally {
    closeSync(fd);
  }
}

/**
 * The deepest nesting of arrays and objects in a JSON text, stopping as soon as it passes `limit` (strings
 * are skipped, so brackets inside them do not count). Linear, no recursion.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  // Nesting never exceeds the number of `{` and `[` in the text (inside strings or not): most files have
  // fewer than the limit, which native searches count far faster than the scan below.
  if (countUpTo(text, '{', limit + 1) + countUpTo(text, '[', limit + 1) <= limit) return false;
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return false;
}

/** How many times `char` occurs in `text`, counting no further than `most`. */
function countUpTo(text: string, char: string, most: number): number {
  let count = 0;
  for (let i = text.indexOf(char); i !== -1 && count < most; i = text.indexOf(char, i + 1)) count++;
  return count;
}

/** Parses JSON text within the depth limit; every failure is a value, never an exception. */
export function parseBoundedJson(text: string, options: BoundedReadOptions = {}): { kind: 'ok'; value: unknown } | Extract<BoundedReadFailure, { kind: 'too-deep' | 'syntax' }> {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_JSON_DEPTH;
  // Checked before parsing: every later walk of the value (validators, hashing, copies) recurses.
  if (maxDepth !== Number.POSITIVE_INFINITY && jsonDepthExceeds(text, maxDepth)) return { kind: 'too-deep', message: `nests deeper than ${maxDepth} levels` };
  try {
    return { kind: 'ok', value: JSON.parse(text) };
  } catch (error) {
    return { kind: 'syntax', message: `is not valid JSON (${(error as Error).message})` };
  }
}

/**
 * The one reader of JSON files the host did not necessarily write (package.json files, approvals.json,
 * config.json): a regular file only, at most `maxBytes`, nested at most `maxDepth` deep. Never throws for
 * a bad file and never hangs on a FIFO.
 */
export function readBoundedJson(path: string, options: BoundedReadOptions = {}): BoundedJson {
  const read = readBoundedFile(path, options);
  if (read.kind !== 'ok') return read;
  const parsed = parseBoundedJson(read.text, options);
  return parsed.kind === 'ok' ? { kind: 'ok', value: parsed.value, text: read.text, stat: read.stat } : parsed;
}
