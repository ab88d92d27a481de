import type { Transport } from '../transport.js';

/**
 * Queues framed messages and writes them once per event-loop turn, all in one `write()` call, respecting
 * backpressure: after `write()` returns false nothing more is written until the transport drains. The
 * queue is bounded (`maxQueuedChars`, in UTF-16 code units, which is bytes for ASCII); `enqueue` refuses
 * a frame that would overflow it, so memory never grows without bound when the peer stops reading.
 */
export class OutgoingWriter {
  private readonly transport: Transport;
  private readonly maxQueuedChars: number;
  private readonly beforeFlush: () => void;
  private queue: string[] = [];
  private queuedChars = 0;
  private scheduled = false;
  private waitingForDrain = false;
  private closed = false;
  private readonly flushBound = (): void => this.flush();

  /**
   * @param beforeFlush runs at the start of each flush, so coalesced messages (progress) join the batch.
   */
  constructor(transport: Transport, maxQueuedChars: number, beforeFlush: () => void) {
    this.transport = transport;
    this.maxQueuedChars = maxQueuedChars;
    this.beforeFlush = beforeFlush;
  }

  /** Characters queued and not yet handed to the transport. */
  get queuedCharCount(): number {
    return this.queuedChars;
  }

  /** True while the transport is full and the writer waits for it to drain. */
  get isWaitingForDrain(): boolean {
    return this.waitingForDrain;
  }

  /** Queues a frame for the next flush. False (frame dropped) when the queue would overflow or is closed. */
  enqueue(frame: string): boolean {
    if (this.closed) return false;
    if (this.queuedChars + frame.length > this.maxQueuedChars && this.queuedChars > 0) return false;
    this.queue.push(frame);
    this.queuedChars += frame.length;
    this.schedule();
    return true;
  }

  /** Asks for a flush on the next turn (also used when only coalesced messages are pending). */
  schedule(): void {
    if (this.scheduled || this.closed) return;
    this.scheduled = true;
    // setImmediate runs after the I/O callbacks of this turn, so every answer produced while handling a
    // chunk of input leaves in one write.
    setImmediate(this.flushBound);
  }

  /** The transport drained: write what queued up meanwhile. */
  onDrain(): void {
    this.waitingForDrain = false;
    if (this.queue.length > 0) this.schedule();
  }

  /** Writes everything queued now, ignoring backpressure (used when closing), then refuses further frames. */
  flushAndClose(): void {
    if (this.closed) return;
    this.beforeFlush();
    this.closed = true;
    this.writeQueued();
  }

  private flush(): void {
    this.scheduled = false;
    if (this.closed) return;
    this.beforeFlush();
    if (this.waitingForDrain || this.queue.length === 0) return;
    if (!this.writeQueued()) this.waitingForDrain = true;
  }

  private writeQueued(): boolean {
    const queue = this.queue;
    if (queue.length === 0) return true;
    const data = queue.length === 1 ? (queue[0] as string) : queue.join('');
    this.queue = [];
    this.queuedChars = 0;
    return this.transport.write(data);
  }
}
