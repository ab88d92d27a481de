import WebSocket from 'ws';
import { OutboardError } from '@outboard/host/errors';
import { HubRpcError, HubUnreachableError, type HubEndpoint } from './hub-rpc.js';

/** The largest answer taken from the hub (an action's result is bounded far below this by the host). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/**
 * Calls `method` over the hub's `/api/ws` (JSON-RPC 2.0, the token as a bearer), handing each `$/progress`
 * value of the call to `onProgress` as it comes. Aborting `signal` closes the socket, and the hub cancels
 * the call in the peer. Throws {@link HubRpcError} for an error answer, {@link HubUnreachableError} when the
 * hub does not accept the connection, an OutboardError when it refuses it or closes it before answering.
 */
export function callHubStreaming(hub: HubEndpoint, method: string, params: Record<string, unknown>, options: { signal?: AbortSignal; onProgress?: (value: unknown) => void } = {}): Promise<unknown> {
  const { signal, onProgress } = options;
  const url = new URL('api/ws', hub.url);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return new Promise((resolve, reject) => {
    let opened = false;
    let settled = false;
    const ws = new WebSocket(url, { headers: hub.token ? { authorization: `Bearer ${hub.token}` } : {}, perMessageDeflate: false, maxPayload: MAX_ANSWER_BYTES });
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      outcome();
      ws.close();
    };
    const onAbort = (): void => finish(() => reject(new HubRpcError({ code: -32800, message: `${method} was cancelled`, data: { code: 'cancelled' } })));
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    ws.on('unexpected-response', (_req, res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text = (text + d).slice(0, 4096)));
      res.on('end', () => {
        let error: unknown;
        try {
          error = (JSON.parse(text) as { error?: unknown }).error;
        } catch {
          // no JSON body: the status alone says it
        }
        finish(() => reject(new OutboardError('HUB_REQUEST_FAILED', `the hub at ${hub.url} answered ${res.statusCode}${typeof error === 'string' ? `: ${error}` : ''}`, {})));
      });
    });
    ws.on('open', () => {
      opened = true;
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
    });
    ws.on('message', (data, isBinary) => {
      let message: { id?: unknown; method?: unknown; params?: { id?: unknown; value?: unknown }; result?: unknown; error?: HubRpcError['rpc'] };
      try {
        if (isBinary) return;
        message = JSON.parse(data.toString()) as typeof message;
      } catch {
        return; // not JSON: nothing this call waits for
      }
      if (message.method === '$/progress' && message.params?.id === 1) return onProgress?.(message.params.value);
      if (message.id !== 1) return;
      if (message.error) return finish(() => reject(new HubRpcError(message.error as HubRpcError['rpc'])));
      finish(() => resolve(message.result));
    });
    ws.on('error', (error) => {
      if (!opened) finish(() => reject(new HubUnreachableError(`the hub at ${hub.url} could not be reached: ${error.message}`)));
    });
    ws.on('close', (code, reason) => {
      finish(() => reject(new OutboardError('HUB_REQUEST_FAILED', `the hub at ${hub.url} closed the connection before answering ${method} (${code}${reason.length ? ` ${reason.toString()}` : ''})`, {})));
    });
  });
}
