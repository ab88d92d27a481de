import type { Readable, Writable } from 'node:stream';
import type { Transport, TransportSink } from '../transport.js';
import { describe } from '../connection/connection-options.js';
import { MAX_PIPE_POLL_MICROS, keepPolling } from './pipe-polling.js';

/** Options of {@link StreamTransport}. */
export interface StreamTransportOptions {
  /** Where the peer's bytes come from (a child's stdout, process.stdin...). */
  readonly readable: Readable;
  /** Where bytes for the peer go (a child's stdin, process.stdout...). */
  readonly writable: Writable;
  /** Whether `close()` ends `writable`. Default true; false for process.stdout, which must stay open. */
  readonly endWritableOnClose?: boolean;
  /**
   * Microseconds the event loop keeps polling after a chunk is read or written, because the reply (or the
   * next request) usually follows sooner than a sleeping process wakes (see `pipe-polling.ts`): costs at
   * most this much CPU after the last message. Default 0 (off), at most {@link MAX_PIPE_POLL_MICROS}.
   */
  readonly pollMicros?: number;
}

/**
 * Checks a `pollMicros` option; shared by the transports that take one.
 * @throws TypeError naming the bad value.
 */
export function pollMicrosOption(owner: string, value: number | undefined, fallback: number): number {
  const micros = value ?? fallback;
  if (typeof micros !== 'number' || !Number.isFinite(micros) || micros < 0 || micros > MAX_PIPE_POLL_MICROS) {
    throw new TypeError(`${owner}.pollMicros must be a number of microseconds from 0 to ${MAX_PIPE_POLL_MICROS}, got ${describe(value)}`);
  }
  return micros;
}

/**
 * Adapts a Node readable/writable pair to a {@link Transport}. EOF or an error on either stream closes
 * the transport (once); a write error such as EPIPE (the peer died) is reported that way instead of
 * being thrown.
 */
export class StreamTransport implements Transport {
  private readonly readable: Readable;
  private readonly writable: Writable;
  private readonly endWritable: boolean;
  private readonly pollMicros: number;
  private sink: TransportSink | undefined;
  private closed = false;
  private ended = false;
  private paused = false;
  /** Chunks a stream emitted after `pause()` (one that does not honour it at once); delivered on `resume()`. */
  private held: Uint8Array[] = [];
  /** EOF seen while paused (or with chunks held): reported once they are delivered. */
  private endWaiting = false;
  /** pause() touched the readable before start(): start() must restart it (a new 'data' listener would not). */
  private pausedBeforeStart = false;
  private readonly onData = (chunk: Uint8Array | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    keepPolling(this.pollMicros);
    // Behind held chunks while their delivery is scheduled, so order is kept.
    if (this.paused || this.held.length > 0) this.held.push(bytes);
    else this.sink?.onData(bytes);
  };
  private readonly onEnd = (): void => this.finish();
  private readonly onError = (error: Error): void => this.finish(error);
  private readonly onDrain = (): void => this.sink?.onDrain();

  constructor(options: StreamTransportOptions) {
    this.readable = options.readable;
    this.writable = options.writable;
    this.endWritable = options.endWritableOnClose ?? true;
    this.pollMicros = pollMicrosOption('StreamTransportOptions', options.pollMicros, 0);
  }

  /** {@inheritDoc Transport.start} */
  start(sink: TransportSink): void {
    if (this.sink) throw new Error('StreamTransport.start() was called twice; a transport serves one connection');
    this.sink = sink;
    this.readable.on('data', this.onData);
    this.readable.on('end', this.onEnd);
    this.readable.on('close', this.onEnd);
    this.readable.on('error', this.onError);
    this.writable.on('error', this.onError);
    this.writable.on('drain', this.onDrain);
    if (this.pausedBeforeStart && !this.paused) this.readable.resume();
  }

  /** {@inheritDoc Transport.write} */
  write(data: string | Uint8Array): boolean {
    if (this.closed || this.writable.destroyed || this.writable.writableEnded) return true;
    keepPolling(this.pollMicros);
    return this.writable.write(data);
  }

  /** {@inheritDoc Transport.close} */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.detach();
    if (this.endWritable && !this.writable.writableEnded) this.writable.end();
  }

  /** {@inheritDoc Transport.pause} */
  pause(): void {
    if (this.paused || this.closed) return;
    this.paused = true;
    if (!this.sink) this.pausedBeforeStart = true;
    this.readable.pause();
  }

  /** {@inheritDoc Transport.resume} */
  resume(): void {
    if (!this.paused || this.closed) return;
    this.paused = false;
    // Queued before the stream's own resume (also a nextTick), so held chunks keep their place in order.
    if (this.held.length > 0 || this.endWaiting) process.nextTick(this.flushHeld);
    // Only flow when started: before start() there is no 'data' listener and nothing to deliver to.
    if (this.sink) this.readable.resume();
  }

  private readonly flushHeld = (): void => {
    while (this.held.length > 0 && !this.paused && !this.closed) this.sink?.onData(this.held.shift() as Uint8Array);
    if (this.held.length === 0 && !this.paused && this.endWaiting && !this.closed) {
      this.endWaiting = false;
      this.finish();
    }
  };

  private finish(error?: Error): void {
    if (this.ended) return;
    // The end comes after the data: while paused with chunks held, it waits for resume().
    if (!error && !this.closed && (this.paused || this.held.length > 0)) {
      this.endWaiting = true;
      return;
    }
    this.ended = true;
    const sink = this.sink;
    if (!this.closed) sink?.onClose(error);
  }

  private detach(): void {
    this.held = [];
    this.readable.off('data', this.onData);
    this.readable.off('end', this.onEnd);
    this.readable.off('close', this.onEnd);
    this.writable.off('drain', this.onDrain);
    // Keep swallowing errors (EPIPE after close) so they never become uncaught exceptions.
    this.readable.off('error', this.onError);
    this.readable.on('error', () => undefined);
    this.writable.on('error', () => undefined);
    this.readable.pause();
  }
}
