import { closeSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

/** Options of {@link ProcessLog}. */
export interface ProcessLogOptions {
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
 * The log file of one supervised process (a peer's stderr, a sidecar's stdout and stderr) on disk,
 * size-capped with rotation, plus a ring of its last lines for crash reports, and the host's own lifecycle
 * notes (`[host …]` lines). It only ever receives what the process itself wrote and those notes: the host
 * logs no request payloads or tokens. The one log writer of the process kit.
 *
 * Writing never blocks the event loop: chunks are queued and written in order by one asynchronous writer
 * (batched: what arrives during a write goes out in the next one). The rotation is the same as a file
 * written synchronously: a chunk that would take the file over `maxBytes` goes to a new file. Nothing is
 * lost except what the rotation drops by design: when more is queued than the rotated files can hold
 * (`maxBytes * (keep + 1)`), the oldest queued chunks are dropped, and a note says how many bytes.
 * {@link flush} waits for the queue to be written; {@link close} also closes the file.
 */
export class ProcessLog {
  readonly path: string;
  private readonly maxBytes: number;
  private readonly keep: number;
  private readonly tailLines: number;
  private readonly lines: string[] = [];
  private partial = '';
  private file: FileHandle | undefined;
  private size = 0;
  private queue: Buffer[] = [];
  private queuedBytes = 0;
  private droppedBytes = 0;
  private writing: Promise<void> | undefined;

  constructor(options: ProcessLogOptions) {
    this.maxBytes = options.maxBytes ?? 1024 * 1024;
    this.keep = options.keep ?? 3;
    this.tailLines = options.tailLines ?? 50;
    if (!(this.maxBytes > 0)) throw new TypeError(`ProcessLog maxBytes must be a positive number of bytes, got ${options.maxBytes}`);
    if (!(Number.isInteger(this.keep) && this.keep >= 1)) throw new TypeError(`ProcessLog keep must be an integer >= 1, got ${options.keep}`);
    mkdirSync(options.dir, { recursive: true });
    this.path = join(options.dir, options.fileName ?? 'peer.log');
  }

  /** Queues a chunk of the process's output. */
  write(chunk: Buffer | string): void {
    const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    this.remember(text);
    this.enqueue(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  }

  /** Queues one line of the host's own (a lifecycle note, never a payload), marked as such; not part of {@link tail}. */
  note(line: string): void {
    this.enqueue(Buffer.from(`[host ${new Date().toISOString()}] ${line}\n`, 'utf8'));
  }

  /** The last lines the process itself wrote (at most `tailLines`), the unfinished one included; host notes are not in it. */
  tail(): string[] {
    return this.partial ? [...this.lines, this.partial] : [...this.lines];
  }

  /** Resolves once everything queued so far is written. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Writes what is queued, then closes the file; later writes reopen it. Closing twice is harmless. */
  async close(): Promise<void> {
    await this.flush();
    const file = this.file;
    this.file = undefined;
    await file?.close().catch(() => undefined);
  }

  private enqueue(bytes: Buffer): void {
    this.queue.push(bytes);
    this.queuedBytes += bytes.length;
    // More than the rotation keeps would be rotated away by what follows it anyway: drop the oldest now.
    const limit = this.maxBytes * (this.keep + 1);
    while (this.queuedBytes > limit && this.queue.length > 1) {
      const dropped = this.queue.shift() as Buffer;
      this.queuedBytes -= dropped.length;
      this.droppedBytes += dropped.length;
    }
    this.writing ??= this.drain().finally(() => {
      this.writing = undefined;
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      if (this.droppedBytes > 0) {
        this.queue.unshift(Buffer.from(`[host ${new Date().toISOString()}] ${this.droppedBytes} bytes of output dropped: more arrived at once than the rotated logs keep\n`, 'utf8'));
        this.queuedBytes += (this.queue[0] as Buffer).length;
        this.droppedBytes = 0;
      }
      try {
        if (!this.file) await this.open();
        // The chunks that fit in the current file, at least one into an empty file.
        let bytes = 0;
        let count = 0;
        for (const chunk of this.queue) {
          if (this.size + bytes + chunk.length > this.maxBytes && this.size + bytes > 0) break;
          bytes += chunk.length;
          count++;
        }
        if (count === 0) {
          await this.rotate();
          continue;
        }
        const batch = this.queue.splice(0, count);
        this.queuedBytes -= bytes;
        await (this.file as FileHandle).write(batch.length === 1 ? (batch[0] as Buffer) : Buffer.concat(batch, bytes));
        this.size += bytes;
      } catch {
        // A full disk must not take the host down with a process's log: what could not be written is dropped.
        this.queue = [];
        this.queuedBytes = 0;
        await this.file?.close().catch(() => undefined);
        this.file = undefined;
        return;
      }
    }
  }

  private remember(text: string): void {
    const parts = (this.partial + text).split('\n');
    this.partial = (parts.pop() ?? '').slice(-2000);
    for (const line of parts) {
      this.lines.push(line.slice(0, 2000));
      if (this.lines.length > this.tailLines) this.lines.shift();
    }
  }

  private async open(): Promise<void> {
    this.file = await open(this.path, 'a', 0o600);
    this.size = (await this.file.stat()).size;
  }

  private async rotate(): Promise<void> {
    await this.file?.close().catch(() => undefined);
    this.file = undefined;
    await rm(`${this.path}.${this.keep}`, { force: true });
    for (let i = this.keep - 1; i >= 1; i--) await rename(`${this.path}.${i}`, `${this.path}.${i + 1}`).catch(() => undefined);
    await rename(this.path, `${this.path}.1`).catch(() => undefined);
    await this.open();
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
