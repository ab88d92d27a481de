import type { IncomingMessage, ServerResponse } from 'node:http';
import { isOutboardError, isServiceError } from '@outboard/host';
import type { PeerManager } from '@outboard/host';
import { HUB_API_VERSION } from './api-version.js';
import { readJsonBody } from './json-body.js';

/** JSON-RPC 2.0 codes of the hub's own refusals (application errors use -32000 with `data.code`). */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
const SERVER_ERROR = -32000;

type RpcId = string | number | null;
interface RpcError {
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

/** A method of `/api/rpc`: params in, result out; `signal` aborts when the HTTP client goes away. */
type RpcMethod = (peers: PeerManager, params: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;

const METHODS: Record<string, RpcMethod> = {
  'actions.list': async (peers) => peers.declaredActions(),
  'actions.invoke': async (peers, params, signal) => {
    if (typeof params.id !== 'string') throw paramsError('id must be the action id');
    if (params.projectId !== undefined && typeof params.projectId !== 'string') throw paramsError('projectId must be a registered project id');
    return peers.invokeAction(params.id, { ...(params.projectId !== undefined ? { projectId: params.projectId as string } : {}), args: params.args ?? {} }, { signal, resetTimeoutOnProgress: true });
  },
  'status.list': async (peers, params) => {
    if (params.projectId !== undefined && typeof params.projectId !== 'string') throw paramsError('projectId must be a registered project id');
    const projectId = params.projectId as string | undefined;
    return peers.contributions.statusItems().map((item) => ({
      ...item,
      values: Object.fromEntries(Object.entries(item.values).filter(([scope]) => projectId === undefined || scope === '' || scope === projectId)),
    }));
  },
};

/**
 * `POST /api/rpc`: one JSON-RPC 2.0 request (no batches) answered on the shared peers, so the CLI and the
 * browser use one peer instance. The HTTP client closing the connection cancels the call in the peer.
 * Every answer also carries `apiVersion`.
 */
export async function handleRpc(req: IncomingMessage, res: ServerResponse, peers: PeerManager | undefined): Promise<void> {
  const body = await readJsonBody(req);
  if ('refused' in body) return reply(res, null, { error: { code: body.status === 400 ? PARSE_ERROR : INVALID_REQUEST, message: body.refused } });
  const call = body.value as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown } | undefined;
  if (typeof call !== 'object' || call === null || Array.isArray(call) || call.jsonrpc !== '2.0' || typeof call.method !== 'string') {
    return reply(res, null, { error: { code: INVALID_REQUEST, message: 'expected one JSON-RPC 2.0 request object { jsonrpc: "2.0", id, method, params }' } });
  }
  const id: RpcId = typeof call.id === 'string' || typeof call.id === 'number' ? call.id : null;
  const method = Object.prototype.hasOwnProperty.call(METHODS, call.method) ? METHODS[call.method] : undefined;
  if (!method) return reply(res, id, { error: { code: METHOD_NOT_FOUND, message: `unknown method "${call.method}"; the hub serves ${Object.keys(METHODS).join(', ')}` } });
  const params = call.params ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return reply(res, id, { error: { code: INVALID_PARAMS, message: 'params must be an object' } });
  if (!peers) return reply(res, id, { error: { code: SERVER_ERROR, message: 'this hub runs no peers', data: { code: 'unavailable' } } });
  const controller = new AbortController();
  const onClose = (): void => {
    if (!res.writableFinished) controller.abort();
  };
  res.on('close', onClose);
  try {
    const result = await method(peers, params as Record<string, unknown>, controller.signal);
    reply(res, id, { result: result ?? null });
  } catch (error) {
    reply(res, id, { error: rpcError(error) });
  } finally {
    res.off('close', onClose);
  }
}

function reply(res: ServerResponse, id: RpcId, outcome: { result: unknown } | { error: RpcError }): void {
  if (res.destroyed) return;
  const text = JSON.stringify({ jsonrpc: '2.0', id, ...outcome, apiVersion: HUB_API_VERSION });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function paramsError(message: string): Error & { rpc: RpcError } {
  return Object.assign(new Error(message), { rpc: { code: INVALID_PARAMS, message, data: { code: 'invalid_params' } } });
}

/** Any failure as a JSON-RPC error: OutboardErrors keep their code, hint and details; wire and service errors their `data.code`. */
function rpcError(error: unknown): RpcError {
  const own = (error as { rpc?: RpcError }).rpc;
  if (own) return own;
  if (isOutboardError(error)) {
    const reason = (error as { reason?: unknown }).reason;
    return { code: SERVER_ERROR, message: error.message, data: { code: error.code, ...(error.hint ? { hint: error.hint } : {}), ...(error.details?.length ? { details: [...error.details] } : {}), ...(typeof reason === 'string' ? { reason } : {}) } };
  }
  if (isServiceError(error)) return { code: SERVER_ERROR, message: error.message, data: { ...error.details, code: error.code } };
  const wire = error as { code?: unknown; data?: unknown; message?: unknown };
  if (typeof wire.code === 'number' && typeof wire.data === 'object' && wire.data !== null) return { code: wire.code, message: String(wire.message), data: wire.data as Record<string, unknown> };
  return { code: SERVER_ERROR, message: error instanceof Error ? error.message : String(error), data: { code: 'internal' } };
}
