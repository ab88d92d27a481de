// The bare WebSocket side of the wire benchmarks (bus-wire, client-rpc): a `ws` client with no client
// library, JSON-RPC by hand, and the timing loop they share.
import { WebSocket } from 'ws';

/** Opens `/api/ws` of the hub (or the bare anchor server) on 127.0.0.1 with the token. */
export function openWs(port: number, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, { headers: { authorization: `Bearer ${token}` }, perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Sequential JSON-RPC over one bare socket: ids, a resolver per call, notifications handed to `onNotification`. */
export class BareWsCaller {
  readonly #pending = new Map<number, (result: unknown) => void>();
  #nextId = 1;

  constructor(
    readonly ws: WebSocket,
    onNotification: (message: { method: string; params?: any }) => void = () => undefined,
  ) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: unknown; method?: string; params?: unknown };
      if (typeof message.method === 'string') onNotification(message as { method: string; params?: unknown });
      else if (typeof message.id === 'number') this.#pending.get(message.id)?.(message.result);
    });
  }

  /** Sends one request and resolves with its result. */
  call(method: string, params: unknown = {}): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#pending.set(id, (result) => {
        this.#pending.delete(id);
        resolve(result);
      });
      this.ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }
}

/** Times `count` sequential calls, in ms each. */
export async function timeCalls(count: number, call: (id: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await call(i);
    times.push(performance.now() - t0);
  }
  return times;
}
