import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';

/**
 * Answers `{ "error": message }` with `status` (and `Retry-After` when given); when the answer has already
 * begun, the response is cut instead, so the client sees a broken body rather than a wrong one.
 */
export function answerError(res: ServerResponse, status: number, message: string, retryAfterSeconds?: number): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const body = `${JSON.stringify({ error: message })}\n`;
  const headers: Record<string, string | number> = { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' };
  if (retryAfterSeconds !== undefined) headers['retry-after'] = Math.max(1, Math.ceil(retryAfterSeconds));
  res.writeHead(status, headers);
  res.end(body);
}

/** The same answer written on a raw socket (a refused WebSocket upgrade), which is then closed. */
export function answerErrorOnSocket(socket: Duplex, status: number, message: string, retryAfterSeconds?: number): void {
  if (socket.destroyed) return;
  const body = `${JSON.stringify({ error: message })}\n`;
  const retry = retryAfterSeconds === undefined ? '' : `Retry-After: ${Math.max(1, Math.ceil(retryAfterSeconds))}\r\n`;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${retry}Connection: close\r\n\r\n${body}`);
}
