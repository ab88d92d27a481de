// The ONE reply module of the hub: every answer the hub writes itself, success or refusal, on a response or a
// raw socket, goes through here. A refusal is `{ apiVersion, error, code, fix }` for an API client and an HTML
// page with the reason, the fix and a link home for a browser navigation.
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { HUB_API_VERSION } from './api-version.js';
import { errorPage } from './error-page.js';
import type { Problem } from './problem.js';

/** Headers every hub answer carries: no caching of authenticated pages, no sniffing, no framing by others. */
const COMMON_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' };

/** The CSP of every hub page: nothing but its own inline style; no script, no frame, no form target elsewhere. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Whether a request is a browser navigation, answered with a page rather than JSON: `Sec-Fetch-Mode:
 * navigate`, or a GET/HEAD whose `Accept` prefers `text/html` over `application/json` (a `*\/*` counts for neither).
 */
export function wantsHtml(req: Pick<IncomingMessage, 'headers' | 'method'>): boolean {
  if (req.headers['sec-fetch-mode'] === 'navigate') return true;
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const html = acceptWeight(req.headers.accept, 'text/html');
  return html > 0 && html > acceptWeight(req.headers.accept, 'application/json');
}

/** The q-value `accept` gives `type` exactly (0 when it is not listed). */
function acceptWeight(accept: string | undefined, type: string): number {
  for (const part of (accept ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    if (name.toLowerCase() !== type) continue;
    const q = params.find((p) => /^q=/i.test(p));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    return Number.isFinite(weight) ? weight : 0;
  }
  return 0;
}

/** Answers JSON: an object gets `apiVersion` first (every hub API answer carries it), an array (a JSON-RPC batch) is sent as is. */
export function replyJson(res: ServerResponse, status: number, body: Record<string, unknown> | readonly unknown[]): void {
  if (res.destroyed) return;
  const text = JSON.stringify(Array.isArray(body) ? body : { apiVersion: HUB_API_VERSION, ...body });
  res.writeHead(status, { ...COMMON_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Answers a text document of the given content type (the Prometheus text of `/metrics`), HEAD without the body. */
export function replyText(res: ServerResponse, status: number, contentType: string, text: string, head = false): void {
  if (res.destroyed) return;
  res.writeHead(status, { ...COMMON_HEADERS, 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  res.end(head ? undefined : text);
}

/** Answers with no body (204 for a batch of notifications...). */
export function replyEmpty(res: ServerResponse, status: number): void {
  if (res.destroyed) return;
  res.writeHead(status, COMMON_HEADERS).end();
}

/** Answers an HTML page (escaped by its builder) under {@link PAGE_CSP}. */
export function replyHtml(res: ServerResponse, status: number, html: string, headers: Readonly<Record<string, string>> = {}): void {
  // A page with script of its own (the control panel) passes its own `content-security-policy` in `headers`.
  res.writeHead(status, { ...COMMON_HEADERS, 'content-security-policy': PAGE_CSP, ...headers, 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) });
  res.end(html);
}

/** Answers a redirect to a path or URL the hub built itself (a sign-in's cookie goes in `headers`). */
export function replyRedirect(res: ServerResponse, status: 302 | 303 | 307 | 308, location: string, headers: Readonly<Record<string, string>> = {}): void {
  res.writeHead(status, { ...COMMON_HEADERS, ...headers, location, 'content-length': 0 });
  res.end();
}

/**
 * Answers a refusal: the HTML page for a browser navigation, else `{ apiVersion, error, code, fix, logTail? }`.
 * When the answer has already begun, the response is cut instead, so the client sees a broken body rather
 * than a wrong one.
 */
export function replyProblem(req: Pick<IncomingMessage, 'headers' | 'method'>, res: ServerResponse, problem: Problem): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const headers = problemHeaders(problem);
  if (wantsHtml(req)) return replyHtml(res, problem.status, errorPage(problem), headers);
  const text = problemJson(problem);
  res.writeHead(problem.status, { ...COMMON_HEADERS, ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The same refusal written on a raw socket (a refused upgrade, a malformed request), which is then closed. */
export function replyProblemOnSocket(socket: Duplex, problem: Problem): void {
  if (socket.destroyed) return;
  writeRaw(socket, problem.status, { ...problemHeaders(problem), 'content-type': 'application/json; charset=utf-8' }, problemJson(problem));
}

/** A redirect written on a raw socket (an upgrade to a mount's root), which is then closed. */
export function replyRedirectOnSocket(socket: Duplex, status: 308, location: string): void {
  if (socket.destroyed) return;
  writeRaw(socket, status, { location }, '');
}

function writeRaw(socket: Duplex, status: number, headers: Readonly<Record<string, string>>, body: string): void {
  const lines = Object.entries({ ...COMMON_HEADERS, ...headers, 'content-length': String(Buffer.byteLength(body)), connection: 'close' }).map(([k, v]) => `${k}: ${v}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}\r\n${body}`);
}

function problemJson(problem: Problem): string {
  const tail = problem.logTail ?? [];
  return JSON.stringify({ apiVersion: HUB_API_VERSION, error: problem.error, code: problem.code, fix: problem.fix, ...(tail.length > 0 ? { logTail: tail } : {}) });
}

function problemHeaders(problem: Problem): Record<string, string> {
  const headers: Record<string, string> = { ...problem.headers };
  if (problem.retryAfterSeconds !== undefined) headers['retry-after'] = String(Math.max(1, Math.ceil(problem.retryAfterSeconds)));
  return headers;
}
