import type { WebSocket, RawData } from 'ws';
import { typeGlobProblem, type BusEvent, type Disposable, type EventBus, type EventFilter, type EventSubscription, type RpcRegistry } from '@outboard/host';
import { ResponseError } from '@outboard/protocol';
import { dispatchJsonRpc, errorResponse, PARSE_ERROR, rpcError, type RpcId } from './json-rpc.js';

/** What the WebSocket endpoint serves. */
export interface WsEndpointDeps {
  bus: EventBus;
  rpc: RpcRegistry;
}

/** Bytes a client may leave unread before it is dropped (never waited on). */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Most event subscriptions one connection may hold. */
const MAX_SUBSCRIPTIONS = 32;
const SUBSCRIPTION_QUEUE = 4096;

/**
 * One `/api/ws` connection. Besides every RPC method of the registry it serves, per connection:
 * - `events.subscribe` `{ types?, projectIds?, includeUnscoped?, since? }` → `{ subscription, lastSeq }`, then
 *   `events.event` notifications `{ subscription, seq, event }` (and `events.reset` `{ subscription, reason,
 *   lastSeq }` when events were lost: resync by query);
 * - `events.unsubscribe` `{ subscription }`;
 * - for a request with an id, `$/progress` notifications `{ id, token, value }`, and `$/cancelRequest { id }`
 *   cancels it (as closing the connection does); `actions.invoke` also streams the
 *   events of the action's extension as `actions.event` `{ id, event }` before the result.
 * A client that leaves over {@link MAX_BUFFERED_BYTES} unsent is disconnected.
 */
export class WsSession {
  readonly #subscriptions = new Map<string, Disposable>();
  readonly #controller = new AbortController();
  /** Running requests by id, so `$/cancelRequest { id }` cancels one call without closing the connection. */
  readonly #running = new Map<string | number, AbortController>();
  #nextSubscription = 1;
  #closed = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly deps: WsEndpointDeps,
    readonly version: number,
  ) {
    ws.on('message', (data: RawData, isBinary: boolean) => void this.#onMessage(data, isBinary));
    ws.on('close', () => this.#dispose());
    ws.on('error', () => this.#dispose());
  }

  close(): void {
    this.ws.close(1001, 'the hub is stopping');
    this.#dispose();
  }

  #send(message: object): void {
    if (this.#closed) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      this.#dispose();
      return;
    }
    this.ws.send(JSON.stringify(message));
  }

  async #onMessage(data: RawData, isBinary: boolean): Promise<void> {
    let message: unknown;
    try {
      if (isBinary) throw new Error('binary frames are not JSON-RPC');
      message = JSON.parse(data.toString());
    } catch (error) {
      return this.#send(errorResponse(null, PARSE_ERROR, `not valid JSON: ${(error as Error).message}`));
    }
    const call = message as { id?: RpcId; method?: unknown; params?: unknown };
    if (!Array.isArray(message) && typeof call === 'object' && call !== null && (call.method === 'events.subscribe' || call.method === 'events.unsubscribe')) {
      const id = call.id ?? null;
      try {
        const params = (call.params ?? {}) as Record<string, unknown>;
        const result = call.method === 'events.subscribe' ? this.#subscribe(params) : this.#unsubscribe(params);
        if ('id' in call) this.#send({ jsonrpc: '2.0', id, result });
      } catch (error) {
        if ('id' in call) this.#send({ jsonrpc: '2.0', id, error: rpcError(error) });
      }
      return;
    }
    if (!Array.isArray(message) && typeof call === 'object' && call !== null && call.method === '$/cancelRequest') {
      const id = (call.params as { id?: unknown } | undefined)?.id;
      if (typeof id === 'string' || typeof id === 'number') this.#running.get(id)?.abort();
      return;
    }
    const single = !Array.isArray(message) && typeof call === 'object' && call !== null && (typeof call.id === 'string' || typeof call.id === 'number') ? (call.id as string | number) : undefined;
    const own = !this.#closed && single !== undefined && !this.#running.has(single) ? new AbortController() : undefined;
    // A request of its own is aborted by its $/cancelRequest, or with the others when the connection ends (#dispose).
    const signal = own ? own.signal : this.#controller.signal;
    if (own) this.#running.set(single as string | number, own);
    const streams = this.#actionStreams(message);
    try {
      const answer = await dispatchJsonRpc(this.deps.rpc, message, {
        signal,
        caller: 'ws',
        // `id` for clients of apiVersion 1, `token` for JSON-RPC clients built on @outboard/protocol's connection.
        progress: (id, value, token) => this.#send({ jsonrpc: '2.0', method: '$/progress', params: { id, token, value } }),
      });
      // The action's own events (action.finished...) are delivered before its result, a few turns at most.
      for (let turn = 0; turn < 10 && streams.some((s) => s.queued > 0); turn++) await new Promise((resolve) => setImmediate(resolve));
      if (answer !== undefined) this.#send(answer);
    } finally {
      if (own) this.#running.delete(single as string | number);
      for (const s of streams) s.dispose();
    }
  }

  /** For each `actions.invoke` request: forwards the events of its extension (`source` or `attributes.extension`) until it answers. */
  #actionStreams(message: unknown): EventSubscription[] {
    const calls = (Array.isArray(message) ? message : [message]) as Array<{ id?: RpcId; method?: unknown; params?: { id?: unknown } }>;
    const streams: EventSubscription[] = [];
    for (const call of calls) {
      if (call?.method !== 'actions.invoke' || !('id' in call) || typeof call.params?.id !== 'string') continue;
      const action = call.params.id;
      const extension = action.split('.', 1)[0] as string;
      const requestId = call.id ?? null;
      streams.push(
        this.deps.bus.subscribe(undefined, (event) => {
          if (event.source === extension || event.attributes.extension === extension || event.attributes.action === action) {
            this.#send({ jsonrpc: '2.0', method: 'actions.event', params: { id: requestId, event } });
          }
        }, { name: 'ws' }),
      );
    }
    return streams;
  }

  #subscribe(params: Record<string, unknown>): { subscription: string; lastSeq: number } {
    if (this.#subscriptions.size >= MAX_SUBSCRIPTIONS) throw new ResponseError('too_large', `at most ${MAX_SUBSCRIPTIONS} subscriptions per connection; unsubscribe first`);
    const filter: EventFilter = {
      ...(params.types !== undefined ? { types: params.types as string[] } : {}),
      ...(params.projectIds !== undefined ? { projectIds: params.projectIds as string[], includeUnscoped: params.includeUnscoped === true } : {}),
    };
    const since = params.since;
    if (since !== undefined && (!Number.isSafeInteger(since) || (since as number) < 0)) throw new ResponseError('invalid_params', 'since must be an event seq (a non-negative integer)');
    if (filter.types !== undefined && !Array.isArray(filter.types)) throw new ResponseError('invalid_params', 'types must be a list of type globs such as ["git.*"]');
    const badGlob = (filter.types ?? []).map(typeGlobProblem).find((problem) => problem !== undefined);
    if (badGlob !== undefined) throw new ResponseError('invalid_params', badGlob);
    const subscription = `s${this.#nextSubscription++}`;
    const send = (event: BusEvent): void => this.#send({ jsonrpc: '2.0', method: 'events.event', params: { subscription, seq: event.seq, event } });
    const reset = (reason: string): void => this.#send({ jsonrpc: '2.0', method: 'events.reset', params: { subscription, reason, lastSeq: this.deps.bus.lastSeq } });
    let sub: Disposable;
    try {
      sub = this.deps.bus.subscribe(
        filter,
        (event, delivery) => {
          if (delivery.dropped > 0) reset(`${delivery.dropped} events were dropped because this client read too slowly; resync by query`);
          send(event);
        },
        { queueSize: SUBSCRIPTION_QUEUE, name: 'ws' },
      );
    } catch (error) {
      throw new ResponseError('invalid_params', (error as Error).message);
    }
    this.#subscriptions.set(subscription, sub);
    const lastSeq = this.deps.bus.lastSeq;
    if (since !== undefined) {
      const resumed = this.deps.bus.since(since as number, filter);
      // Sent after the answer, in order, on the next turn: the client knows its subscription id first.
      queueMicrotask(() => {
        if (resumed.lost) reset(`events after ${String(since)} are no longer kept (or come from another hub run); resync by query`);
        for (const event of resumed.events) send(event);
      });
    }
    return { subscription, lastSeq };
  }

  #unsubscribe(params: Record<string, unknown>): { unsubscribed: true } {
    const id = params.subscription;
    const sub = typeof id === 'string' ? this.#subscriptions.get(id) : undefined;
    if (!sub) throw new ResponseError('not_found', `no subscription ${JSON.stringify(id)} on this connection`);
    sub.dispose();
    this.#subscriptions.delete(id as string);
    return { unsubscribed: true };
  }

  #dispose(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#controller.abort();
    for (const running of this.#running.values()) running.abort();
    this.#running.clear();
    for (const sub of this.#subscriptions.values()) sub.dispose();
    this.#subscriptions.clear();
  }
}
