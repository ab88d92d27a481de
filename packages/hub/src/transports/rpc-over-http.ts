import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RpcRegistry } from '@outboard/host';
import { readJsonBody } from '../http/json-body.js';
import { replyEmpty, replyJson } from '../http/reply.js';
import { dispatchJsonRpc, errorResponse, INVALID_REQUEST, PARSE_ERROR } from './json-rpc.js';

/**
 * `POST /api/rpc`: one JSON-RPC 2.0 request or a batch, answered from the host's one RPC registry (built-ins,
 * plugins, peers' methods), so the CLI and the browser use one peer instance. The HTTP client closing the
 * connection cancels the calls. A single answer also carries `apiVersion`; a batch answers an array (204 when
 * it held only notifications).
 */
export async function handleRpc(req: IncomingMessage, res: ServerResponse, registry: RpcRegistry): Promise<void> {
  const body = await readJsonBody(req);
  // JSON-RPC answers its own refusals, in its own shape (with apiVersion): a client of /api/rpc reads one format.
  if ('refused' in body) return replyJson(res, 200, errorResponse(null, body.status === 400 ? PARSE_ERROR : INVALID_REQUEST, body.refused));
  const controller = new AbortController();
  const onClose = (): void => {
    if (!res.writableFinished) controller.abort();
  };
  res.on('close', onClose);
  try {
    const answer = await dispatchJsonRpc(registry, body.value, { signal: controller.signal, caller: 'http' });
    if (answer === undefined) return replyEmpty(res, 204);
    replyJson(res, 200, answer);
  } finally {
    res.off('close', onClose);
  }
}
