import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RpcRegistry } from '@outboard/host';
import { HUB_API_VERSION } from './api-version.js';
import { readJsonBody } from './json-body.js';
import { dispatchJsonRpc, errorResponse, INVALID_REQUEST, PARSE_ERROR } from '../transports/json-rpc.js';

/**
 * `POST /api/rpc`: one JSON-RPC 2.0 request or a batch, answered from the host's one RPC registry (built-ins,
 * plugins, peers' methods), so the CLI and the browser use one peer instance. The HTTP client closing the
 * connection cancels the calls. A single answer also carries `apiVersion`; a batch answers an array (204 when
 * it held only notifications).
 */
export async function handleRpc(req: IncomingMessage, res: ServerResponse, registry: RpcRegistry): Promise<void> {
  const body = await readJsonBody(req);
  if ('refused' in body) return reply(res, errorResponse(null, body.status === 400 ? PARSE_ERROR : INVALID_REQUEST, body.refused));
  const controller = new AbortController();
  const onClose = (): void => {
    if (!res.writableFinished) controller.abort();
  };
  res.on('close', onClose);
  try {
    const answer = await dispatchJsonRpc(registry, body.value, { signal: controller.signal, caller: 'http' });
    if (answer === undefined) {
      if (!res.destroyed) res.writeHead(204, { 'cache-control': 'no-store' }).end();
      return;
    }
    reply(res, answer);
  } finally {
    res.off('close', onClose);
  }
}

function reply(res: ServerResponse, answer: object): void {
  if (res.destroyed) return;
  const text = JSON.stringify(Array.isArray(answer) ? answer : { ...answer, apiVersion: HUB_API_VERSION });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
