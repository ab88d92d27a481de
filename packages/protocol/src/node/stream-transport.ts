import type { Readable, Writable } from 'node:stream';
import type { Transport, TransportSink } from '../transport.js';

/** Options of {@link StreamTransport}. */
export interface StreamTransportOptions {
  /** Where the peer's bytes come from (a child's stdout, process.stdin...). */
  readonly readable: Readable;
  /** Where bytes for the peer go (a child's stdin, process.stdout...). */
  readonly writable: Writable;
  /** Whether `close()` ends `writable`. Default true; false for process.stdout, which must stay open. */
  readonly endWritableOnClose?: boolean;
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
  private sink: TransportSink | undefined;
  private closed = false;
  private ended = false;
  private readonly onData = (chunk: Uint8Array | string): void => {
    this.sink?.onData(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  };
  private readonly onEnd = (): void => this.finish();
  private readonly onError = (error: Error): void => this.finish(error);
  private readonly onDrain = (): void => this.sink?.onDrain();

  constructor(options: StreamTransportOptions) {
    this.readable = options.readable;
    this.writable = options.writable;
    this.endWritable = options.endWritableOnClose ?? true;
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
  }

  /** {@inheritDoc Transport.write} */
  write(data: string): boolean {
    if (this.closed || this.writable.destroyed || this.writable.writableEnded) return true;
    return this.writable.write(data);
  }

  /** {@inheritDoc Transport.close} */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.detach();
    if (this.endWritable && !this.writable.writableEnded) this.writable.end();
  }

  private finish(error?: Error): void {
    if (this.ended) return;
    this.ended = true;
    const sink = this.sink;
    if (!this.closed) sink?.onClose(error);
  }

  private detach(): void {
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
