import type { IncomingHttpHeaders } from 'node:http';

/** The name of the hub's HttpOnly token cookie for a host id, e.g. `outboard_token` (the sidecar proxy drops it). */
export function tokenCookieName(hostId: string): string {
  return `${hostId}_token`;
}

/** The header that carries the token, e.g. `x-outboard-token` (lowercase, as Node gives headers). */
export function tokenHeaderName(hostId: string): string {
  return `x-${hostId}-token`;
}

/** The values of cookie `name` in a Cookie header (a browser may send several with one name). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}

/**
 * Every token a request presents, by header, bearer and cookie (never the query string). A request
 * presenting several is judged on all of them: each must match.
 */
export function presentedTokens(headers: IncomingHttpHeaders, hostId: string): { header: string[]; cookie: string[] } {
  const header: string[] = [];
  const direct = headers[tokenHeaderName(hostId)];
  for (const v of Array.isArray(direct) ? direct : direct === undefined ? [] : [direct]) header.push(v.trim());
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    header.push(match ? (match[1] as string) : '');
  }
  return { header, cookie: cookieValues(headers.cookie, tokenCookieName(hostId)) };
}

/** A Set-Cookie value: HttpOnly, host-only (no Domain), Path=/; `sameSite` Strict for the hub, Lax for a sidecar origin. */
export function setCookieHeader(name: string, value: string, sameSite: 'Strict' | 'Lax'): string {
  return `${name}=${value}; Path=/; HttpOnly; SameSite=${sameSite}`;
}
