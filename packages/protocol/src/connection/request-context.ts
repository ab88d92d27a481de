import type { ResponseError } from '../errors/response-error.js';
import type { ProgressToken, RequestId } from '../messages.js';

/** What a request handler gets besides the params. */
export interface RequestContext {
  /** The request's id as the peer sent it. */
  readonly id: RequestId;
  /** The method that was called. */
  readonly method: string;
  /**
   * Aborted when the caller cancels (`$/cancelRequest`, which callers also send on their deadline) or the
   * connection closes; `signal.reason` is a {@link ResponseError} (`cancelled` or `unavailable`). Created
   * on first access, so handlers that never look at it cost nothing.
   */
  readonly signal: AbortSignal;
  /** True when the caller asked for progress (sent a progress token). */
  readonly wantsProgress: boolean;
  /**
   * Reports progress (any JSON value). Coalesced: however often it is called, at most one `$/progress`
   * per event-loop turn is sent, carrying the latest value, and it always precedes the response.
   * A no-op when the caller did not ask for progress or the request is over.
   */
  progress(value: unknown): void;
}

/** Handles one incoming request; its return value (or resolved value) is the result. Throw a ResponseError to answer with that error. */
export type RequestHandler<P = unknown, R = unknown> = (params: P, context: RequestContext) => R | Promise<R>;

/** Handles one incoming notification. What it throws or rejects with is reported as a warning. */
export type NotificationHandler<P = unknown> = (params: P) => void | Promise<void>;

/** @internal Queued, running or finished. */
export const QUEUED = 0;
/** @internal */
export const RUNNING = 1;
/** @internal */
export const DONE = 2;

/** @internal Receives progress of one request so that the owner can coalesce it. */
export interface ProgressSink {
  markProgress(request: IncomingRequest): void;
}

/** @internal The record and handler context of one incoming request. */
export class IncomingRequest implements RequestContext {
  status = QUEUED;
  abortReason: ResponseError | undefined;
  progressValue: unknown;
  progressPending = false;
  private controller: AbortController | undefined;

  constructor(
    readonly id: RequestId,
    readonly method: string,
    readonly params: unknown,
    readonly progressToken: ProgressToken | undefined,
    private readonly owner: ProgressSink,
  ) {}

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.abortReason) this.controller.abort(this.abortReason);
    }
    return this.controller.signal;
  }

  get wantsProgress(): boolean {
    return this.progressToken !== undefined;
  }

  progress(value: unknown): void {
    if (this.progressToken === undefined || this.status !== RUNNING || this.abortReason) return;
    this.progressValue = value;
    if (!this.progressPending) {
      this.progressPending = true;
      this.owner.markProgress(this);
    }
  }

  /** Aborts the handler's signal (first reason wins). */
  abort(reason: ResponseError): void {
    if (this.abortReason) return;
    this.abortReason = reason;
    this.controller?.abort(reason);
  }
}

/** @internal Reads `params._meta.progressToken` when it is a number or string. */
export function progressTokenOf(params: unknown): ProgressToken | undefined {
  if (typeof params !== 'object' || params === null) return undefined;
  const meta = (params as { _meta?: unknown })._meta;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const token = (meta as { progressToken?: unknown }).progressToken;
  return typeof token === 'number' || typeof token === 'string' ? token : undefined;
}
