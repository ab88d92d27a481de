import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** How much of the end of each log file a page shows, in bytes. */
const TAIL_BYTES = 4096;

/**
 * The last lines of each `*.log` file in an extension's log folder (peer and sidecar logs), read from the end
 * (never the whole file). Empty when the folder is missing. The lines are untrusted: the page escapes them.
 */
export function readLogTail(dir: string, maxLines = 30): Array<{ file: string; lines: string[] }> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.log')).sort();
  } catch {
    return [];
  }
  const out: Array<{ file: string; lines: string[] }> = [];
  for (const file of names) {
    const path = join(dir, file);
    let fd: number | undefined;
    try {
      const size = statSync(path).size;
      const length = Math.min(size, TAIL_BYTES);
      const buffer = Buffer.alloc(length);
      fd = openSync(path, 'r');
      readSync(fd, buffer, 0, length, size - length);
      const lines = buffer.toString('utf8').split('\n').filter((l) => l.length > 0);
      // The first line of a cut read is partial.
      out.push({ file, lines: (size > length ? lines.slice(1) : lines).slice(-maxLines) });
    } catch {
      continue;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
  return out;
}
