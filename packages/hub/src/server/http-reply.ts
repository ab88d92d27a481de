import type { ServerResponse } from 'node:http';
import { HUB_API_VERSION } from '../api/api-version.js';

/** Headers every hub answer carries: no caching of authenticated pages, no sniffing, no framing by others. */
const COMMON_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' };

/** Answers JSON with `apiVersion` first (every hub API answer carries it). */
export function sendJson(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  const text = JSON.stringify({ apiVersion: HUB_API_VERSION, ...body });
  res.writeHead(status, { ...COMMON_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Answers `{ apiVersion, error }` with `status`. */
export function sendError(res: ServerResponse, status: number, error: string, headers: Record<string, string> = {}): void {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  sendJson(res, status, { error });
}

/** The CSP of a page without script: nothing but its own inline style. */
const PLAIN_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Answers an HTML page (already escaped by its builder), with `csp` (default: nothing but its own inline style). */
export function sendHtml(res: ServerResponse, status: number, html: string, csp = PLAIN_PAGE_CSP): void {
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': csp,
    'content-length': Buffer.byteLength(html),
  });
  res.end(html);
}

/** Answers a redirect to a path or URL the hub built itself. */
export function sendRedirect(res: ServerResponse, status: 301 | 302 | 303 | 307 | 308, location: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...COMMON_HEADERS, ...headers, location, 'content-length': 0 });
  res.end();
}

/** Answers one of the pages' own static files (their script or stylesheet). */
export function sendAsset(res: ServerResponse, contentType: string, body: string): void {
  res.writeHead(200, { ...COMMON_HEADERS, 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
