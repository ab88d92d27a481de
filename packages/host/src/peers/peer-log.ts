import { closeSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Options of {@link PeerLog}. */
export interface PeerLogOptions {
  /** The folder of the log files, `<home>/ext/<name>/logs`. Created when missing. Required. */
  dir: string;
  /** Base file name. Default `peer.log`. */
  fileName?: string;
  /** Size at which the file is rotated, in bytes. Default 1 MiB. */
  maxBytes?: number;
  /** Rotated files kept (`peer.log.1` newest). Default 3. */
  keep?: number;
  /** Lines kept in memory for crash reports. Default 50. */
  tailLines?: number;
}

/**
 * A peer's stderr on disk, size-capped with rotation, plus a ring of its last lines for crash reports.
 * It only ever receives what the peer itself wrote to stderr: the host logs no request payloads or tokens.
 */
export class PeerLog {
  readonly path: string;
  private readonly maxBytes: number;
  private readonly keep: number;
  private readonly tailLines: number;
  private readonly lines: string[] = [];
  private partial = '';
  private fd: number | undefined;
  private size = 0;

  constructor(options: PeerLogOptions) {
    this.maxBytes = options.maxBytes ?? 1024 * 1024;
    this.keep = options.keep ?? 3;
    this.tailLines = options.tailLines ?? 50;
    if (!(this.maxBytes > 0)) throw new TypeError(`PeerLog maxBytes must be a positive number of bytes, got ${options.maxBytes}`);
    mkdirSync(options.dir, { recursive: true });
    this.path = join(options.dir, options.fileName ?? 'peer.log');
  }

  /** Appends a chunk of the peer's stderr. */
  write(chunk: Buffer | string): void {
    const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    this.remember(text);
    this.append(text);
  }

  /** Writes one line of the host's own (a lifecycle note, never a payload), marked as such; not part of {@link tail}. */
  note(line: string): void {
    this.append(`[host ${new Date().toISOString()}] ${line}\n`);
  }

  private append(text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    if (this.fd === undefined) this.open();
    if (this.size + bytes.length > this.maxBytes && this.size > 0) this.rotate();
    try {
      writeSync(this.fd as number, bytes);
      this.size += bytes.length;
    } catch {
      // A full disk must not take the host down with the peer's log.
    }
  }

  /** The last lines the peer itself wrote (at most `tailLines`), the unfinished one included; host notes are not in it. */
  tail(): string[] {
    return this.partial ? [...this.lines, this.partial] : [...this.lines];
  }

  /** Closes the file; later writes reopen it. Disposing twice is harmless. */
  dispose(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private remember(text: string): void {
    const parts = (this.partial + text).split('\n');
    this.partial = (parts.pop() ?? '').slice(-2000);
    for (const line of parts) {
      this.lines.push(line.slice(0, 2000));
      if (this.lines.length > this.tailLines) this.lines.shift();
    }
  }

  private open(): void {
    this.fd = openSync(this.path, 'a', 0o600);
    try {
      this.size = statSync(this.path).size;
    } catch {
      this.size = 0;
    }
  }

  private rotate(): void {
    this.dispose();
    rmSync(`${this.path}.${this.keep}`, { force: true });
    for (let i = this.keep - 1; i >= 1; i--) {
      try {
        renameSync(`${this.path}.${i}`, `${this.path}.${i + 1}`);
      } catch {
        // not there yet
      }
    }
    try {
      renameSync(this.path, `${this.path}.1`);
    } catch {
      // already gone
    }
    this.open();
  }
}

/**
 * The last `count` lifecycle notes the host wrote to a peer's log (`[host …]` lines: starts, transitions,
 * crashes), read from the end of `<home>/ext/<name>/logs/peer.log`; [] when there is no log yet.
 */
export function recentPeerNotes(home: string, name: string, count = 10): { log: string; notes: string[] } {
  const log = join(home, 'ext', name, 'logs', 'peer.log');
  let text = '';
  try {
    const fd = openSync(log, 'r');
    try {
      const size = statSync(log).size;
      const length = Math.min(size, 64 * 1024);
      const buffer = Buffer.alloc(length);
      readSync(fd, buffer, 0, length, size - length);
      text = buffer.toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return { log, notes: [] };
  }
  return { log, notes: text.split('\n').filter((l) => l.startsWith('[host ')).slice(-count) };
}
