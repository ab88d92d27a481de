import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { escapeHtml, page } from '../server/html-escape.js';

/** What an error answer may add to its message. */
export interface ErrorExtras {
  /** Seconds until trying again is worth it (`Retry-After`). */
  retryAfterSeconds?: number | undefined;
  /** The last lines of the sidecar's log (its own words on why it failed), shown escaped. */
  logTail?: readonly string[] | undefined;
  /** Answer an HTML page (a browser navigation) instead of JSON. */
  html?: boolean;
}

/** Whether a request is a browser navigation, which gets an HTML page rather than JSON. */
export function wantsHtml(req: IncomingMessage): boolean {
  return req.headers['sec-fetch-mode'] === 'navigate' || /^text\/html/i.test(req.headers.accept ?? '');
}

/**
 * Answers `{ "error": message, "logTail"?: [...] }` with `status` (and `Retry-After` when given), or, for a
 * navigation, an HTML page with the same text escaped and a way back; when the answer has already begun, the
 * response is cut instead, so the client sees a broken body rather than a wrong one.
 */
export function answerError(res: ServerResponse, status: number, message: string, extras: ErrorExtras = {}): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const tail = extras.logTail ?? [];
  const body = extras.html ? errorPage(status, message, tail) : `${JSON.stringify(tail.length > 0 ? { error: message, logTail: tail } : { error: message })}\n`;
  const headers: Record<string, string | number> = {
    'content-type': extras.html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  };
  if (extras.html) headers['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
  if (extras.retryAfterSeconds !== undefined) headers['retry-after'] = Math.max(1, Math.ceil(extras.retryAfterSeconds));
  res.writeHead(status, headers);
  res.end(body);
}

/** The page of a failed proxied navigation: the reason, the log's last lines, and a way back to the hub. */
function errorPage(status: number, message: string, tail: readonly string[]): string {
  const lines = tail.length > 0 ? `<p>The last lines of its log:</p>\n<pre>${tail.map(escapeHtml).join('\n')}</pre>` : '';
  return page(`${status} ${STATUS_CODES[status] ?? ''}`, `<h1>${escapeHtml(STATUS_CODES[status] ?? String(status))}</h1>\n<p>${escapeHtml(message)}</p>\n${lines}\n<p><a href="/">Back to the hub</a></p>`);
}

/** The same answer written on a raw socket (a refused WebSocket upgrade), which is then closed. */
export function answerErrorOnSocket(socket: Duplex, status: number, message: string, retryAfterSeconds?: number): void {
  if (socket.destroyed) return;
  const body = `${JSON.stringify({ error: message })}\n`;
  const retry = retryAfterSeconds === undefined ? '' : `Retry-After: ${Math.max(1, Math.ceil(retryAfterSeconds))}\r\n`;
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${retry}Connection: close\r\n\r\n${body}`);
}
