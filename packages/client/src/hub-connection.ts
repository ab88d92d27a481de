import { Connection, ConnectionError, ResponseError, type Disposable } from '@outboard/protocol';
import { ClientError, HubCallError } from './client-errors.js';
import { authHeaders, type HubEndpoint } from './hub-endpoint.js';
import { openWebSocket, WebSocketRefusedError, WebSocketTransport } from './websocket-transport.js';

/** The largest message taken from the hub (an action's result is bounded far below this by the host). */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Per-call options of {@link HubConnection.call}. */
export interface CallOptions {
  /** Aborting it cancels the call in the hub (`$/cancelRequest`), and the hub cancels it in the peer. */
  signal?: AbortSignal;
  /** Receives each `$/progress` value of the call as it comes. */
  onProgress?: (value: unknown) => void;
}

/** Options of {@link HubConnection.open}. */
export interface OpenOptions {
  /** Aborts the opening handshake. */
  signal?: AbortSignal;
  /** The hub API version to state (`/api/ws?version=`). Default: none stated (the hub's current one). */
  apiVersion?: number;
  /** Names commands in the fixes of errors. Default `<id>`. */
  hostId?: string;
}

/**
 * ONE JSON-RPC connection to a hub: @outboard/protocol's {@link Connection} over a WebSocket to `/api/ws`. It
 * does not reconnect (see `HubClient`, which does). Calls reject with {@link HubCallError} when the hub
 * answered an error, ClientError `CLIENT_CANCELLED` when the signal aborted them, `CLIENT_DISCONNECTED` when
 * the connection ended first. No deadline: an action may run long.
 */
export class HubConnection {
  private constructor(
    readonly hub: HubEndpoint,
    private readonly connection: Connection,
  ) {}

  /**
   * Connects to the hub's `/api/ws` with the token. Rejects with ClientError `CLIENT_UNREACHABLE` when nothing
   * accepts the connection, `CLIENT_REFUSED` when the hub refuses it (its status and words).
   */
  static async open(hub: HubEndpoint, options: OpenOptions = {}): Promise<HubConnection> {
    const hostId = options.hostId ?? '<id>';
    const url = new URL('api/ws', hub.url);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    if (options.apiVersion !== undefined) url.searchParams.set('version', String(options.apiVersion));
    let ws;
    try {
      ws = await openWebSocket(url, { headers: authHeaders(hub), maxPayload: MAX_MESSAGE_BYTES, ...(options.signal ? { signal: options.signal } : {}) });
    } catch (error) {
      if (error instanceof WebSocketRefusedError) throw new ClientError('CLIENT_REFUSED', `the hub at ${hub.url} ${error.message}`, { hostId, cause: error });
      throw new ClientError('CLIENT_UNREACHABLE', `the hub at ${hub.url} could not be reached: ${(error as Error).message}`, { hostId, cause: error });
    }
    const connection = new Connection({
      transport: new WebSocketTransport(ws),
      name: `the hub at ${hub.url}`,
      maxMessageBytes: MAX_MESSAGE_BYTES,
      requestTimeoutMs: 0,
      // The connection rejects a call with the client's error itself: no second promise per call to translate it.
      mapRequestError: (error, method) => callError(method, error, hostId),
    });
    connection.listen();
    return new HubConnection(hub, connection);
  }

  /** True until the connection ended (closed by either side). */
  get open(): boolean {
    return this.connection.state === 'open';
  }

  /** Calls `method` with `params` and resolves with its result (see the class for how it rejects). */
  call(method: string, params: Record<string, unknown>, options?: CallOptions): Promise<unknown> {
    const signal = options?.signal;
    const onProgress = options?.onProgress;
    // A plain call (the common case) builds no options object for the connection.
    return signal || onProgress ? this.connection.request(method, params, { ...(signal ? { signal } : {}), ...(onProgress ? { onProgress } : {}) }) : this.connection.request(method, params);
  }

  /** Handles the hub's notifications of `method` (`events.event`...). Dispose to stop. */
  onNotification(method: string, handler: (params: unknown) => void): Disposable {
    return this.connection.onNotification(method, handler);
  }

  /** Calls `listener` once when the connection ends, for whatever reason. */
  onClose(listener: () => void): Disposable {
    return this.connection.onClose(() => listener());
  }

  /** Closes the connection (the hub cancels whatever is still running for it). Idempotent. */
  close(): void {
    this.connection.dispose();
  }
}

/**
 * The client's error for a call to `method` that failed with `error` (what the protocol connection rejects
 * with): `CLIENT_CANCELLED` when the caller's signal cancelled it (the connection rejects a cancelled call at
 * once, locally, and drops the hub's late answer), `CLIENT_DISCONNECTED` when the connection ended first, a
 * {@link HubCallError} for the hub's own error.
 */
function callError(method: string, error: unknown, hostId: string): Error {
  if (error instanceof ResponseError) {
    if (error.reason === 'cancelled' && error.origin === 'local') return new ClientError('CLIENT_CANCELLED', `${method} was cancelled`, { hostId, cause: error });
    if (error.origin === 'local' && error.reason === 'unavailable') return new ClientError('CLIENT_DISCONNECTED', `${method}: ${error.message}`, { hostId, cause: error });
    if (error.origin === 'peer') {
      const data = error.data as Record<string, unknown>;
      const hubCode = typeof data.senderCode === 'string' ? data.senderCode : error.reason;
      const reason = typeof data.reason === 'string' ? data.reason : error.reason;
      return new HubCallError(error.message, {
        hubCode,
        reason,
        ...(typeof data.hint === 'string' ? { hint: data.hint } : {}),
        ...(Array.isArray(data.details) ? { details: data.details.map(String) } : {}),
        cause: error,
      });
    }
  }
  if (error instanceof ConnectionError && error.code === 'closed') return new ClientError('CLIENT_DISCONNECTED', error.message, { hostId, cause: error });
  return error instanceof Error ? error : new Error(String(error));
}
