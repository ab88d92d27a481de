import { setMaxListeners } from 'node:events';
import { ResponseError } from '@outboard/protocol';
import type { RequestOptions } from '@outboard/protocol';

/** A peer that is started on demand, as consumers that pull from it (providers, views) need it. */
export interface StartablePeer {
  /** Starts the peer when it is not running (rejects when it cannot start). */
  start(): Promise<void>;
  request(method: string, params: unknown, options: RequestOptions): Promise<unknown>;
  /**
   * Its lifecycle state when known: a peer `ready` or `degraded` is sent its request at once, without a
   * start check. Default (undefined): every request goes through `start()` first.
   */
  readonly state?: string;
}

/** Options of {@link RequestDeadline} and {@link requestWithin}. */
export interface DeadlineRequestOptions {
  /** The deadline in milliseconds; it covers starting the peer too. Required. */
  deadlineMs: number;
  /** Aborting it cancels the pending requests in their peers (`$/cancelRequest`). */
  signal?: AbortSignal | undefined;
  /** Words added to the `timeout` message (e.g. the setting that gives more time). Default none. */
  timeoutHint?: string | undefined;
  /** Extra data on the `unavailable` error of a peer that did not start. Default none. */
  notStartedData?: Readonly<Record<string, unknown>>;
}

/** The abort reason of a deadline that passed. */
const EXPIRED = Symbol('expired');

/**
 * One deadline shared by every request of one query (one provider, or every provider of a fan-out): one
 * timer, armed when the first peer is asked, and one AbortSignal however many peers are asked. A peer that is not running is started first, within
 * the deadline: a consumer waits for the deadline, never for a slow start. When the deadline passes, `cancel()`
 * is called, `signal` aborts or the deadline is disposed, `$/cancelRequest` reaches every peer still working and
 * their late answers are dropped. Disposing twice is harmless.
 */
export class RequestDeadline {
  private readonly controller = new AbortController();
  /** Armed by the first request: the clock runs from when the first peer is asked, as it did per request. */
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly outer: AbortSignal | undefined;
  private readonly onOuterAbort = (): void => this.cancel();
  /** Requests sent (or starting their peer) and not settled: only these need cancelling at dispose. */
  private pending = 0;
  private disposed = false;
  /** Rejects when the signal aborts; made for the first peer that has to be started. */
  private abortedPromise: Promise<never> | undefined;

  constructor(private readonly options: DeadlineRequestOptions) {
    // Every pending request listens to this one signal (and removes its listener when it settles): with more
    // than ten peers asked at once Node's leak warning would otherwise reach the user's terminal.
    setMaxListeners(0, this.controller.signal);
    this.outer = options.signal;
    if (this.outer?.aborted) this.cancel();
    else this.outer?.addEventListener('abort', this.onOuterAbort, { once: true });
  }

  /** Aborts when the deadline passes or the query is cancelled; its `reason` is what `cancel()` was given. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** True once the query was cancelled (not merely out of time): nothing more will be answered. */
  get cancelled(): boolean {
    return this.controller.signal.aborted && this.controller.signal.reason !== EXPIRED;
  }

  /** Cancels every pending request (`$/cancelRequest`); `reason` becomes the signal's. Nothing once aborted. */
  cancel(reason: unknown = undefined): void {
    this.controller.abort(reason);
  }

  /**
   * Sends one request to `peer`, starting it first when needed.
   * @throws ResponseError `timeout` (`no answer within <n> ms`), `unavailable` (`its peer did not start: ...`),
   * `cancelled`, or the peer's own error.
   */
  async request(peer: StartablePeer, method: string, params: unknown): Promise<unknown> {
    // A request made after the query ended (a consumer that stopped iterating) is cancelled, never sent.
    if (this.disposed) throw this.abortError();
    this.timer ??= setTimeout(() => this.controller.abort(EXPIRED), this.options.deadlineMs);
    this.pending++;
    try {
      if (peer.state !== 'ready' && peer.state !== 'degraded') await this.started(peer);
      if (this.controller.signal.aborted) throw this.abortError();
      return await peer.request(method, params, { timeoutMs: 0, signal: this.controller.signal });
    } catch (error) {
      // Rejected because this deadline's signal aborted: the deadline's own words, not the connection's.
      if (this.controller.signal.aborted) throw this.abortError();
      throw error;
    } finally {
      this.pending--;
    }
  }

  /** Clears the timer and cancels what is still pending (when every request settled, nothing is aborted). */
  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.onOuterAbort);
    if (this.pending > 0) this.controller.abort();
  }

  private async started(peer: StartablePeer): Promise<void> {
    try {
      await Promise.race([peer.start(), this.aborted()]);
    } catch (error) {
      if (this.controller.signal.aborted) throw this.abortError();
      throw new ResponseError('unavailable', `its peer did not start: ${error instanceof Error ? error.message : String(error)}`, this.options.notStartedData ?? {});
    }
  }

  private aborted(): Promise<never> {
    if (!this.abortedPromise) {
      const signal = this.controller.signal;
      this.abortedPromise = new Promise<never>((_resolve, reject) => {
        if (signal.aborted) reject(this.abortError());
        else signal.addEventListener('abort', () => reject(this.abortError()), { once: true });
      });
      // Only a race reads it; a deadline that passes with no race waiting is not an unhandled rejection.
      this.abortedPromise.catch(() => undefined);
    }
    return this.abortedPromise;
  }

  private abortError(): ResponseError {
    if (this.controller.signal.reason === EXPIRED) {
      const { deadlineMs, timeoutHint } = this.options;
      return new ResponseError('timeout', `no answer within ${deadlineMs} ms${timeoutHint ? ` (${timeoutHint})` : ''}`);
    }
    return new ResponseError('cancelled', 'the request was cancelled');
  }
}

/**
 * Starts `peer` when needed and sends one request, all within `deadlineMs` (see {@link RequestDeadline}).
 * @throws ResponseError `timeout` (`no answer within <n> ms`), `unavailable` (`its peer did not start: ...`),
 * `cancelled`, or the peer's own error.
 */
export async function requestWithin(peer: StartablePeer, method: string, params: unknown, options: DeadlineRequestOptions): Promise<unknown> {
  const deadline = new RequestDeadline(options);
  try {
    return await deadline.request(peer, method, params);
  } finally {
    deadline.dispose();
  }
}
