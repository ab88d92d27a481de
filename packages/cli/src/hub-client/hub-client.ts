import { Connection, ResponseError, type Disposable } from '@outboard/protocol';
import { OutboardError, isOutboardErrorCode } from '@outboard/host/errors';
import { authHeaders, HubUnreachableError, type HubEndpoint } from './hub-endpoint.js';
import { openWebSocket, WebSocketRefusedError, WebSocketTransport } from './websocket-transport.js';

/** The largest message taken from the hub (an action's result is bounded far below this by the host). */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Per-call options of {@link HubClient.call}. */
export interface HubCallOptions {
  /** Aborting it cancels the call in the hub (`$/cancelRequest`), and the hub cancels it in the peer. */
  signal?: AbortSignal;
  /** Receives each `$/progress` value of the call as it comes. */
  onProgress?: (value: unknown) => void;
}

/**
 * A refusal or failure the hub answered with an Outboard error code in `data.code` (kept by the protocol as
 * `data.senderCode`): the same code, message,
 * hint and details the host raised in the hub, so the CLI prints exactly what it prints without a hub.
 * `reason` is the wire reason of a peer failure (`cancelled`, `unavailable`...) when the hub sent one.
 */
export class HubCallError extends OutboardError {
  override name = 'HubCallError';
  readonly reason: string | undefined;
  constructor(error: ResponseError) {
    const data = error.data as Record<string, unknown>;
    super(isOutboardErrorCode(data.senderCode) ? data.senderCode : 'HUB_REQUEST_FAILED', error.message, {
      ...(typeof data.hint === 'string' ? { hint: data.hint } : {}),
      ...(Array.isArray(data.details) ? { details: data.details.map(String) } : {}),
      cause: error,
    });
    this.reason = typeof data.reason === 'string' ? data.reason : undefined;
  }
}

/**
 * The CLI's one JSON-RPC client of the hub: @outboard/protocol's {@link Connection} over a WebSocket to
 * `/api/ws` (one transport per file, as a future `@outboard/client` package would keep it). Calls reject with
 * {@link HubCallError} when the hub answered an Outboard error, with the protocol's `ResponseError` for any
 * other error answer (`method_not_found`, `cancelled`...). No deadline: an action may run long.
 */
export class HubClient {
  private constructor(
    readonly hub: HubEndpoint,
    private readonly connection: Connection,
  ) {}

  /**
   * Connects to the hub's `/api/ws` with the token. Rejects with {@link HubUnreachableError} when nothing
   * accepts the connection, OutboardError `HUB_REQUEST_FAILED` when the hub refuses it (its status and words).
   */
  static async connect(hub: HubEndpoint, options: { signal?: AbortSignal } = {}): Promise<HubClient> {
    const url = new URL('api/ws', hub.url);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    let ws;
    try {
      ws = await openWebSocket(url, { headers: authHeaders(hub), maxPayload: MAX_MESSAGE_BYTES, ...(options.signal ? { signal: options.signal } : {}) });
    } catch (error) {
      if (error instanceof WebSocketRefusedError) throw new OutboardError('HUB_REQUEST_FAILED', `the hub at ${hub.url} ${error.message}`);
      throw new HubUnreachableError(`the hub at ${hub.url} could not be reached: ${(error as Error).message}`);
    }
    const connection = new Connection({ transport: new WebSocketTransport(ws), name: `the hub at ${hub.url}`, maxMessageBytes: MAX_MESSAGE_BYTES, requestTimeoutMs: 0 });
    connection.listen();
    return new HubClient(hub, connection);
  }

  /** Calls `method` with `params` and resolves with its result (see the class for how it rejects). */
  async call(method: string, params: Record<string, unknown>, options: HubCallOptions = {}): Promise<unknown> {
    try {
      return await this.connection.request(method, params, { ...(options.signal ? { signal: options.signal } : {}), ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
    } catch (error) {
      if (error instanceof ResponseError && error.origin === 'peer' && isOutboardErrorCode(error.data.senderCode)) throw new HubCallError(error);
      throw error;
    }
  }

  /** Handles a notification the hub sends on this connection (`events.event` after `events.subscribe`...); dispose to stop. */
  onNotification(method: string, handler: (params: unknown) => void): Disposable {
    return this.connection.onNotification(method, handler);
  }

  /** Called once when the connection ends, from either side, with the reason in one line. */
  onClose(listener: (reason: string) => void): Disposable {
    return this.connection.onClose((event) => listener(event.reason));
  }

  /** Closes the connection (the hub cancels whatever is still running for it). Idempotent. */
  close(): void {
    this.connection.dispose();
  }
}
