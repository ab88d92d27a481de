import { closeSync, openSync, readSync, statSync } from 'node:fs';

/** The most read from a log at once, in bytes (a follower reads what grew in steps of this). */
const CHUNK_BYTES = 256 * 1024;

/**
 * One log file read from its end and then followed: {@link last} gives its last lines, {@link more} the complete
 * lines appended since the previous read (from the start again when the file was rotated or truncated).
 */
export class LogTail {
  #offset = 0;
  #partial = '';

  constructor(readonly path: string) {}

  /** Whether the file exists now. */
  exists(): boolean {
    return this.#size() !== undefined;
  }

  /** Its last `count` lines (at most the last 256 KiB), and follows from the end. */
  last(count: number): string[] {
    const size = this.#size() ?? 0;
    const start = Math.max(0, size - CHUNK_BYTES);
    const text = this.#read(start, size - start);
    this.#offset = size;
    this.#partial = '';
    const lines = text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    // A read that started mid-file begins mid-line: drop that piece.
    if (start > 0) lines.shift();
    return lines.slice(-count);
  }

  /** The complete lines written since the last read. */
  more(): string[] {
    const size = this.#size();
    if (size === undefined) return [];
    if (size < this.#offset) {
      // Rotated or truncated: the new file is read from its start.
      this.#offset = 0;
      this.#partial = '';
    }
    const length = Math.min(size - this.#offset, CHUNK_BYTES);
    if (length <= 0) return [];
    const text = this.#partial + this.#read(this.#offset, length);
    this.#offset += length;
    const lines = text.split('\n');
    this.#partial = lines.pop() ?? '';
    return lines;
  }

  #size(): number | undefined {
    try {
      return statSync(this.path).size;
    } catch {
      return undefined;
    }
  }

  #read(position: number, length: number): string {
    if (length <= 0) return '';
    let fd: number | undefined;
    try {
      fd = openSync(this.path, 'r');
      const buffer = Buffer.alloc(length);
      const read = readSync(fd, buffer, 0, length, position);
      return buffer.subarray(0, read).toString('utf8');
    } catch {
      return '';
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
}
