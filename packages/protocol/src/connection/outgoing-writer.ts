import type { Transport } from '../transport.js';

/** Queued output at which a flush happens at once instead of at the end of the turn, in UTF-16 units. */
const EAGER_FLUSH_CHARS = 16384;
/** Frames at least this long are written on their own: joining would only copy them once more. */
const WRITE_ALONE_CHARS = 8192;
/**
 * Characters still handed to the transport after it said it is full, before waiting for 'drain'. A
 * stream only drains once its buffer is empty; stopping at the first `false` leaves the pipe idle for the
 * turn it takes to hear that and write again, which costs large frames a third of their throughput. 1 Mi
 * rather than 256 Ki: with many large frames in flight (256 of 64 KiB), fewer of them wait for 'drain'
 * and are encoded into bytes to wait here, which saved the answering side about a tenth of its CPU time.
 */
const WRITE_AHEAD_CHARS = 1048576;
/**
 * Frames queued behind the first of a burst that are written at once too, before the end of the burst.
 * Two processes on two cores keep each other busy only with several batches in circulation; one batch
 * per burst tends to merge into a single batch that each side waits for in turn.
 */
const SECOND_WRITE_FRAMES = 8;
const encoder = new TextEncoder();

/**
 * Queues framed messages and hands them to the transport in as few `write()` calls as possible, with
 * backpressure and a bound. (Over a transport that frames messages itself, one message per write, each
 * written as soon as it is queued unless the transport is full: there is nothing to join, so no burst.)
 *
 * - Batching: the first frame of a burst is written at once, and the next 8 together as soon as they are
 *   queued, so the other side starts on them while this side produces the rest (with two processes on
 *   two cores, a burst held back whole leaves the other side idle: at 16 requests in flight that halved
 *   the throughput). The rest of the burst waits for a flush that runs as a microtask, so everything
 *   produced by the current callback and the promise continuations it resolved leaves in one more write
 *   (large frames in their own write call, not copied into a joined string), without waiting for another
 *   event-loop turn (no latency is added). While incoming data is being read (`hold()`…`release()`),
 *   that flush waits for the end of that chunk, so the answers to a whole chunk of requests take at most
 *   three writes: the first answer, the next 8, then all the others.
 * - Pipelining: once 16 Ki characters are queued they are written at once, so the peer starts working
 *   on the first part of a large batch while the rest is produced.
 * - Backpressure: after `write()` returns false at most 1 Mi more characters are written (so the pipe
 *   never idles while 'drain' is on its way), then nothing until the transport drains; the rest waits
 *   here, not in the stream's buffer.
 * - Memory: a large frame that has to wait (the transport is full) is kept as UTF-8 bytes, not as a
 *   string: encoding is needed for the write anyway, and bytes outside the JavaScript heap are not
 *   copied by every garbage collection while they wait (a deep queue of large strings was a third of the
 *   CPU time of a busy connection).
 * - Bound: `enqueue` refuses a frame that would take the queue past `maxQueuedChars` (UTF-16 units,
 *   bytes for ASCII), so memory never grows without bound when the peer stops reading.
 */
export class OutgoingWriter {
  private readonly transport: Transport;
  private readonly maxQueuedChars: number;
  private readonly joinFrames: boolean;
  private queue: Array<string | Uint8Array> = [];
  private queuedChars = 0;
  private scheduled = false;
  /** A frame was written at once and the flush that ends its burst has not run yet. */
  private inBurst = false;
  /** The burst's second write (its next {@link SECOND_WRITE_FRAMES} frames) went out. */
  private secondWritten = false;
  private holding = false;
  private wanted = false;
  private waitingForDrain = false;
  /** The transport said it is full (a 'drain' will come); characters written since. */
  private transportFull = false;
  private writtenSinceFull = 0;
  private runChars = 0;
  private runAccepted = true;
  private closed = false;
  private readonly flushBound = (): void => this.flush();

  /** @param joinFrames false for a transport that takes one message per write (`framesMessages`). */
  constructor(transport: Transport, maxQueuedChars: number, joinFrames = true) {
    this.transport = transport;
    this.maxQueuedChars = maxQueuedChars;
    this.joinFrames = joinFrames;
  }

  /** Characters queued and not yet handed to the transport. */
  get queuedCharCount(): number {
    return this.queuedChars;
  }

  /** True while the transport is full and the writer waits for it to drain. */
  get isWaitingForDrain(): boolean {
    return this.waitingForDrain;
  }

  /** Queues a frame. False (frame dropped) when the queue would overflow or the writer is closed. */
  enqueue(frame: string): boolean {
    if (this.closed) return false;
    if (this.queuedChars + frame.length > this.maxQueuedChars && this.queuedChars > 0) return false;
    if (!this.joinFrames && this.queue.length === 0 && !this.waitingForDrain) {
      // One message per write whenever it is written, so there is no burst to gather: out now, with
      // nothing scheduled (a message transport's round trip costs no microtask on this side).
      this.runAccepted = this.transport.write(frame);
      this.runChars = frame.length;
      this.noteWritten();
      return true;
    }
    if (!this.inBurst && this.queue.length === 0 && !this.waitingForDrain) {
      // The first frame of a burst: out now; the flush scheduled here ends the burst.
      this.inBurst = true;
      this.runAccepted = this.transport.write(frame);
      this.runChars = frame.length;
      this.noteWritten();
      this.schedule();
      return true;
    }
    const entry = this.waitingForDrain && frame.length >= WRITE_ALONE_CHARS ? encoder.encode(frame) : frame;
    this.queue.push(entry);
    this.queuedChars += entry.length;
    if (this.waitingForDrain) this.schedule();
    else if (this.queuedChars >= EAGER_FLUSH_CHARS) this.writeQueued();
    else if (this.inBurst && !this.secondWritten && this.queue.length >= SECOND_WRITE_FRAMES) {
      this.secondWritten = true;
      this.writeQueued();
    } else this.schedule();
    return true;
  }

  /** Incoming data is being processed: defer flushes until `release()`. */
  hold(): void {
    this.holding = true;
  }

  /** The chunk is processed: flush (as a microtask) what it produced. */
  release(): void {
    this.holding = false;
    if (this.wanted) {
      this.wanted = false;
      this.schedule();
    }
  }

  /** The transport drained: write what queued up meanwhile. */
  onDrain(): void {
    this.waitingForDrain = false;
    this.transportFull = false;
    this.writtenSinceFull = 0;
    if (this.queue.length > 0) this.schedule();
  }

  /** Writes everything queued now, ignoring backpressure (used when closing), then refuses further frames. */
  flushAndClose(): void {
    if (this.closed) return;
    this.closed = true;
    const queue = this.queue;
    for (let i = 0; i < queue.length; ) i = this.writeRun(queue, i);
    this.queue = [];
    this.queuedChars = 0;
  }

  private schedule(): void {
    if (this.scheduled || this.closed) return;
    if (this.holding) {
      this.wanted = true;
      return;
    }
    this.scheduled = true;
    queueMicrotask(this.flushBound);
  }

  private flush(): void {
    this.scheduled = false;
    this.inBurst = false;
    this.secondWritten = false;
    if (this.closed || this.waitingForDrain || this.queue.length === 0) return;
    this.writeQueued();
  }

  private writeQueued(): void {
    const queue = this.queue;
    let i = 0;
    let ok = true;
    // Runs of small frames are joined into one write; a large frame goes as it is (no copy into a joined
    // string). Writing stops a bounded write-ahead after the transport said it is full: what is left waits
    // here for 'drain', so the stream's own buffer stays bounded and the queue bound stays meaningful.
    while (ok && i < queue.length) {
      i = this.writeRun(queue, i);
      ok = this.noteWritten();
    }
    this.queue = i === queue.length ? [] : queue.slice(i);
  }

  /**
   * Accounts for the write just made (`runChars`, `runAccepted`): past the write-ahead after the
   * transport said it is full, the writer waits for 'drain'. Returns whether writing may go on.
   */
  private noteWritten(): boolean {
    if (this.transportFull) this.writtenSinceFull += this.runChars;
    else if (!this.runAccepted) this.transportFull = true;
    const ok = !this.transportFull || this.writtenSinceFull < WRITE_AHEAD_CHARS;
    if (!ok) this.waitingForDrain = true;
    return ok;
  }

  /**
   * Writes `queue[i]`, joined with the small string frames after it when it is one; returns the index
   * after the run, and leaves its size and the transport's answer in `runChars`/`runAccepted`.
   */
  private writeRun(queue: ReadonlyArray<string | Uint8Array>, i: number): number {
    const frame = queue[i] as string | Uint8Array;
    let end = i + 1;
    let chars = frame.length;
    if (this.joinFrames && typeof frame === 'string' && frame.length < WRITE_ALONE_CHARS) {
      for (let next = queue[end]; typeof next === 'string' && next.length < WRITE_ALONE_CHARS; next = queue[++end]) chars += next.length;
    }
    this.runAccepted = this.transport.write(end - i === 1 ? frame : (queue.slice(i, end) as string[]).join(''));
    this.runChars = chars;
    this.queuedChars -= chars;
    return end;
  }
}
