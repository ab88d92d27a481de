import { isOutboardError, isServiceError, type RpcRegistry } from '@outboard/host';

/** JSON-RPC 2.0 codes of the transports' own refusals (application errors use -32000 or the wire code, with `data.code`). */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
const SERVER_ERROR = -32000;

/** Most requests one batch may hold. */
export const MAX_BATCH = 100;

export type RpcId = string | number | null;

/** A JSON-RPC error object. */
export interface RpcError {
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

/** One JSON-RPC response. */
export type RpcResponse = { jsonrpc: '2.0'; id: RpcId } & ({ result: unknown } | { error: RpcError });

/** How one call runs: aborted with the transport, progress reported where the transport can carry it. */
export interface DispatchContext {
  signal: AbortSignal;
  caller: string;
  /**
   * Receives progress of the request with this id (only requests with an id can report progress), with the
   * request's progress token: its `params._meta.progressToken` (as @outboard/protocol's connection sends), else its id.
   */
  progress?: (id: RpcId, value: unknown, token: string | number | null) => void;
}

/**
 * Answers one parsed JSON-RPC 2.0 message (a request, a notification or a batch) from the host's one
 * registry. Returns the response (an array for a batch), or undefined when nothing is to be answered
 * (notifications only). Never throws.
 */
export async function dispatchJsonRpc(registry: RpcRegistry, message: unknown, context: DispatchContext): Promise<RpcResponse | RpcResponse[] | undefined> {
  if (Array.isArray(message)) {
    if (message.length === 0) return errorResponse(null, INVALID_REQUEST, 'an empty batch is not a request');
    if (message.length > MAX_BATCH) return errorResponse(null, INVALID_REQUEST, `a batch holds at most ${MAX_BATCH} requests, got ${message.length}`);
    const answers = await Promise.all(message.map((one) => dispatchOne(registry, one, context)));
    const present = answers.filter((a): a is RpcResponse => a !== undefined);
    return present.length === 0 ? undefined : present;
  }
  return dispatchOne(registry, message, context);
}

async function dispatchOne(registry: RpcRegistry, message: unknown, context: DispatchContext): Promise<RpcResponse | undefined> {
  const call = message as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown } | null;
  if (typeof call !== 'object' || call === null || Array.isArray(call) || call.jsonrpc !== '2.0' || typeof call.method !== 'string') {
    return errorResponse(null, INVALID_REQUEST, 'expected a JSON-RPC 2.0 request object { jsonrpc: "2.0", id, method, params }');
  }
  const isNotification = !('id' in call);
  const id: RpcId = typeof call.id === 'string' || typeof call.id === 'number' ? call.id : null;
  const token = progressTokenOf(call.params) ?? id;
  const progress = context.progress && !isNotification ? (value: unknown) => context.progress!(id, value, token) : undefined;
  try {
    const result = await registry.call(call.method, call.params ?? {}, { signal: context.signal, caller: context.caller, ...(progress ? { progress } : {}) });
    return isNotification ? undefined : { jsonrpc: '2.0', id, result: result ?? null };
  } catch (error) {
    return isNotification ? undefined : { jsonrpc: '2.0', id, error: rpcError(error) };
  }
}

function progressTokenOf(params: unknown): string | number | undefined {
  const meta = typeof params === 'object' && params !== null ? (params as { _meta?: { progressToken?: unknown } })._meta : undefined;
  const token = meta?.progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}

/** A response carrying one error. */
export function errorResponse(id: RpcId, code: number, message: string): RpcResponse {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** Any failure as a JSON-RPC error: OutboardErrors keep their code, hint and details; wire and service errors their `data.code`. */
export function rpcError(error: unknown): RpcError {
  const own = (error as { rpc?: RpcError } | null)?.rpc;
  if (own) return own;
  if (isOutboardError(error)) {
    const reason = (error as { reason?: unknown }).reason;
    return { code: SERVER_ERROR, message: error.message, data: { code: error.code, ...(error.hint ? { hint: error.hint } : {}), ...(error.details?.length ? { details: [...error.details] } : {}), ...(typeof reason === 'string' ? { reason } : {}) } };
  }
  if (isServiceError(error)) return { code: SERVER_ERROR, message: error.message, data: { ...error.details, code: error.code } };
  const wire = error as { code?: unknown; data?: unknown; message?: unknown } | null;
  if (wire && typeof wire.code === 'number' && typeof wire.data === 'object' && wire.data !== null) return { code: wire.code, message: String(wire.message), data: wire.data as Record<string, unknown> };
  return { code: SERVER_ERROR, message: error instanceof Error ? error.message : String(error), data: { code: 'internal' } };
}
