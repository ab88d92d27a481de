import { ResponseError } from '../errors/response-error.js';
import type { RequestId } from '../messages.js';
import { DeadlineNode, DeadlineQueue } from './deadline-queue.js';
import type { Outbound } from './outbound.js';

/** @internal One request this side sent and that waits for its answer. */
export class PendingRequest extends DeadlineNode {
  abortListener: (() => void) | undefined;

  constructor(
    readonly id: number,
    readonly method: string,
    readonly resolve: (value: unknown) => void,
    readonly reject: (error: Error) => void,
    readonly timeoutMs: number,
    readonly onProgress: ((value: unknown) => void) | undefined,
    readonly resetTimeoutOnProgress: boolean,
    readonly signal: AbortSignal | undefined,
  ) {
    super();
  }
}

const ABANDONED_IDS_KEPT = 1024;

/**
 * @internal Requests this side sent that wait for their answer, by id: their deadlines (one timer for all),
 * their caller's AbortSignal, their progress. Settling is exactly-once: an answer after a timeout or cancel
 * is suppressed (counted as late), never delivered. On a timeout or cancel the peer is told through `out`.
 */
export class PendingRequests {
  private readonly pending = new Map<number, PendingRequest>();
  private readonly deadlines: DeadlineQueue<PendingRequest>;
  private readonly name: string;
  private readonly out: Outbound;
  private readonly mapError: ((error: Error, method: string) => Error) | undefined;
  // Recently abandoned ids, so a late answer is told apart from a bogus one. Insertion-ordered, bounded.
  private readonly abandoned = new Set<RequestId>();
  /** Answers that arrived after their request timed out or was cancelled. */
  lateResponses = 0;

  /**
   * @param name the peer's name, for messages; @param out where `$/cancelRequest` goes; @param mapError
   * what each rejection goes through (ConnectionOptions.mapRequestError), if anything.
   */
  constructor(name: string, out: Outbound, mapError?: (error: Error, method: string) => Error) {
    this.name = name;
    this.out = out;
    this.mapError = mapError;
    this.deadlines = new DeadlineQueue((request) => this.abandon(request, 'timeout'));
  }

  /** Requests waiting for an answer. */
  get size(): number {
    return this.pending.size;
  }

  /** Timers armed for deadlines (0 or 1). For tests of "timers cleared". */
  get deadlineCount(): number {
    return this.deadlines.length;
  }

  /** Tracks a request that was just queued for sending. */
  add(request: PendingRequest): void {
    this.pending.set(request.id, request);
    if (request.timeoutMs > 0) this.deadlines.add(request, request.timeoutMs);
    const signal = request.signal;
    if (signal) {
      request.abortListener = () => this.abandon(request, 'cancelled');
      signal.addEventListener('abort', request.abortListener, { once: true });
    }
  }

  /** Delivers a response. Returns false when no request waits for `id` (late or unknown). */
  settle(id: unknown, message: Record<string, unknown>): boolean {
    const request = typeof id === 'number' ? this.pending.get(id) : undefined;
    if (!request) {
      if (this.abandoned.has(id as RequestId)) {
        this.lateResponses++;
        return true;
      }
      return false;
    }
    this.forget(request);
    if (message['error'] !== undefined) this.reject(request, ResponseError.fromWire(message['error']));
    else request.resolve(message['result']);
    return true;
  }

  /** Rejects the request `id` with `error` (e.g. its answer was too large); false when unknown. */
  fail(id: unknown, error: ResponseError): boolean {
    const request = typeof id === 'number' ? this.pending.get(id) : undefined;
    if (!request) return false;
    this.forget(request);
    this.reject(request, error);
    return true;
  }

  /** A `$/progress` for `token` (our request id) arrived. */
  progress(token: unknown, value: unknown): void {
    const request = typeof token === 'number' ? this.pending.get(token) : undefined;
    if (!request?.onProgress) return;
    if (request.resetTimeoutOnProgress) this.deadlines.refresh(request);
    request.onProgress(value);
  }

  /** Rejects every pending request with the error made for it and clears every timer. */
  rejectAll(makeError: (request: PendingRequest) => Error): void {
    const requests = [...this.pending.values()];
    this.pending.clear();
    this.deadlines.clear();
    for (const request of requests) {
      this.detachSignal(request);
      this.reject(request, makeError(request));
    }
  }

  private abandon(request: PendingRequest, why: 'timeout' | 'cancelled'): void {
    if (this.pending.get(request.id) !== request) return;
    this.forget(request);
    this.abandoned.add(request.id);
    if (this.abandoned.size > ABANDONED_IDS_KEPT) {
      const oldest = this.abandoned.values().next().value as RequestId;
      this.abandoned.delete(oldest);
    }
    const error =
      why === 'timeout'
        ? new ResponseError('timeout', `${this.name} did not answer "${request.method}" within ${request.timeoutMs} ms; the request was cancelled. If the work is legitimately slow, pass a larger timeoutMs (or resetTimeoutOnProgress with progress reports)`, { method: request.method, timeoutMs: request.timeoutMs })
        : new ResponseError('cancelled', `the request "${request.method}" to ${this.name} was cancelled by its caller`, { method: request.method });
    this.reject(request, error);
    this.out.sendCancel(request.id);
  }

  private reject(request: PendingRequest, error: Error): void {
    request.reject(mapRequestError(this.mapError, error, request.method));
  }

  private forget(request: PendingRequest): void {
    this.pending.delete(request.id);
    this.deadlines.remove(request);
    this.detachSignal(request);
  }

  private detachSignal(request: PendingRequest): void {
    if (request.signal && request.abortListener) request.signal.removeEventListener('abort', request.abortListener);
    request.abortListener = undefined;
  }
}

/**
 * @internal What a request that failed with `error` rejects with: `map(error, method)` (ConnectionOptions.mapRequestError),
 * or what it threw; `error` itself without a map (or when the map threw something that is not an Error).
 */
export function mapRequestError(map: ((error: Error, method: string) => Error) | undefined, error: Error, method: string): Error {
  if (map === undefined) return error;
  try {
    return map(error, method);
  } catch (thrown) {
    return thrown instanceof Error ? thrown : error;
  }
}
