import { request } from 'node:http';
import { OutboardError, isOutboardErrorCode } from '@outboard/host/errors';

/** The hub this CLI talks to: its URL and the token (from `host.runningHub()`). */
export interface HubEndpoint {
  url: string;
  token: string | undefined;
}

/** A JSON-RPC error the hub answered, kept whole so the caller can tell a cancellation from a failure. */
export class HubRpcError extends OutboardError {
  override name = 'HubRpcError';
  constructor(
    readonly rpc: { code: number; message: string; data?: { code?: unknown; hint?: unknown; details?: unknown; reason?: unknown } },
  ) {
    const code = rpc.data?.code;
    super(isOutboardErrorCode(code) ? code : 'HUB_REQUEST_FAILED', rpc.message, {
      ...(typeof rpc.data?.hint === 'string' ? { hint: rpc.data.hint } : {}),
      ...(Array.isArray(rpc.data?.details) ? { details: rpc.data.details.map(String) } : {}),
    });
  }

  /** The wire reason (`cancelled`, `unavailable`...) when the failure came from a peer. */
  get reason(): string | undefined {
    const { code, reason } = this.rpc.data ?? {};
    return typeof reason === 'string' ? reason : typeof code === 'string' && !isOutboardErrorCode(code) ? code : undefined;
  }
}

/** The hub named by hub.json does not accept connections (it died and its record was not yet cleaned up). */
export class HubUnreachableError extends OutboardError {
  override name = 'HubUnreachableError';
  constructor(message: string) {
    super('HUB_REQUEST_FAILED', message, {});
  }
}

/**
 * Calls `method` on the hub's `/api/rpc` (JSON-RPC 2.0 over POST, the token as a bearer). Aborting `signal`
 * closes the connection, and the hub cancels the call in the peer. No time limit: an action may run long.
 * Throws {@link HubRpcError} for an error answer, {@link HubUnreachableError} when the hub cannot be reached.
 */
export function callHub(hub: HubEndpoint, method: string, params: Record<string, unknown>, signal?: AbortSignal): Promise<unknown> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
  return new Promise((resolve, reject) => {
    const req = request(new URL('api/rpc', hub.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...(hub.token ? { authorization: `Bearer ${hub.token}` } : {}) },
      ...(signal ? { signal } : {}),
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => {
        let answer: { result?: unknown; error?: HubRpcError['rpc']; apiVersion?: unknown } | undefined;
        try {
          answer = JSON.parse(text) as typeof answer;
        } catch {
          // handled below
        }
        if (res.statusCode !== 200 || !answer || typeof answer !== 'object') {
          const error = (answer as { error?: unknown } | undefined)?.error;
          return reject(new OutboardError('HUB_REQUEST_FAILED', `the hub at ${hub.url} answered ${res.statusCode}${typeof error === 'string' ? `: ${error}` : ''}`, {}));
        }
        if (answer.error) return reject(new HubRpcError(answer.error));
        resolve(answer.result);
      });
    });
    req.on('error', (error) => {
      if (signal?.aborted) return reject(new HubRpcError({ code: -32800, message: `${method} was cancelled`, data: { code: 'cancelled' } }));
      reject(new HubUnreachableError(`the hub at ${hub.url} could not be reached: ${error.message}`));
    });
    req.end(body);
  });
}
