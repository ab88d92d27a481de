import type { Transport, TransportSink } from '../transport.js';

/** Options of {@link createLinkedTransports}. */
export interface LinkedTransportOptions {
  /** Bytes written and not yet delivered above which `write()` returns false. Default 65536. */
  readonly highWaterMark?: number;
  /** Deliver written data in chunks of at most this many bytes (to exercise framing). Default: whole writes. */
  readonly chunkBytes?: number;
}

/**
 * One end of an in-memory pipe. Delivery is asynchronous (a microtask), like real I/O. `pause()` stops
 * this end from reading, so the other end's writes back up and `write()` returns false — a peer that
 * does not read its stdin.
 */
export class LinkedTransport implements Transport {
  /** @internal */ other!: LinkedTransport;
  private sink: TransportSink | undefined;
  private readonly highWaterMark: number;
  private readonly chunkBytes: number;
  private readonly encoder = new TextEncoder();
  private inbox: Uint8Array[] = [];
  private inboxBytes = 0;
  private delivering = false;
  private paused = false;
  private needDrain = false;
  private closed = false;
  private remoteEnded = false;
  private endNotified = false;

  /** @internal Use {@link createLinkedTransports}. */
  constructor(highWaterMark: number, chunkBytes: number) {
    this.highWaterMark = highWaterMark;
    this.chunkBytes = chunkBytes;
  }

  /** Bytes written by the other end and not yet read by this end. */
  get unreadBytes(): number {
    return this.inboxBytes;
  }

  /** True after `close()` on this end. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** {@inheritDoc Transport.start} */
  start(sink: TransportSink): void {
    if (this.sink) throw new Error('LinkedTransport.start() was called twice; a transport serves one connection');
    this.sink = sink;
    this.schedule();
  }

  /** {@inheritDoc Transport.write} */
  write(data: string | Uint8Array): boolean {
    if (this.closed) return true;
    this.other.receive(typeof data === 'string' ? this.encoder.encode(data) : data);
    if (this.other.inboxBytes > this.highWaterMark) {
      this.needDrain = true;
      return false;
    }
    return true;
  }

  /** {@inheritDoc Transport.close} The other end sees EOF after the data already written. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.other.remoteEnded = true;
    this.other.schedule();
  }

  /** {@inheritDoc Transport.pause} Written data accumulates (the writer sees `write()` return false). */
  pause(): void {
    this.paused = true;
  }

  /** {@inheritDoc Transport.resume} */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.schedule();
  }

  private receive(bytes: Uint8Array): void {
    if (this.chunkBytes > 0 && bytes.length > this.chunkBytes) {
      for (let i = 0; i < bytes.length; i += this.chunkBytes) this.inbox.push(bytes.subarray(i, i + this.chunkBytes));
    } else this.inbox.push(bytes);
    this.inboxBytes += bytes.length;
    this.schedule();
  }

  private schedule(): void {
    if (this.delivering || !this.sink || this.paused) return;
    this.delivering = true;
    queueMicrotask(() => this.deliver());
  }

  private deliver(): void {
    this.delivering = false;
    const sink = this.sink;
    if (!sink || this.paused || this.closed) return;
    // Deliver what is here now; data written by the sink while it runs goes in the next round.
    const batch = this.inbox;
    this.inbox = [];
    for (let i = 0; i < batch.length; i++) {
      const chunk = batch[i] as Uint8Array;
      this.inboxBytes -= chunk.length;
      sink.onData(chunk);
      if (this.paused || this.closed) {
        this.inbox = [...batch.slice(i + 1), ...this.inbox];
        return;
      }
    }
    const writer = this.other;
    if (writer.needDrain && this.inboxBytes <= writer.highWaterMark) {
      writer.needDrain = false;
      writer.sink?.onDrain();
    }
    if (this.inbox.length > 0) this.schedule();
    else if (this.remoteEnded && !this.endNotified) {
      this.endNotified = true;
      sink.onClose();
    }
  }
}

/**
 * Two transports connected back to back, for tests and for running a peer in the same process.
 * Everything written to one is read by the other, as bytes, so framing and limits are exercised.
 */
export function createLinkedTransports(options: LinkedTransportOptions = {}): [LinkedTransport, LinkedTransport] {
  const highWaterMark = options.highWaterMark ?? 65536;
  const chunkBytes = options.chunkBytes ?? 0;
  if (!Number.isSafeInteger(highWaterMark) || highWaterMark < 0) throw new TypeError(`highWaterMark must be an integer >= 0 (bytes), got ${String(highWaterMark)}`);
  if (!Number.isSafeInteger(chunkBytes) || chunkBytes < 0) throw new TypeError(`chunkBytes must be an integer >= 0 (bytes), got ${String(chunkBytes)}`);
  const a = new LinkedTransport(highWaterMark, chunkBytes);
  const b = new LinkedTransport(highWaterMark, chunkBytes);
  a.other = b;
  b.other = a;
  return [a, b];
}
