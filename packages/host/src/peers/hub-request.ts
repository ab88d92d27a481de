import { ServiceError } from '../errors/service-error.js';

/** Largest hub answer relayed to a peer, in bytes. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** Hosts a hub may listen on: the request (and its token) never leaves the machine. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Percent-escapes a server may decode into `.`, `/` or `\`, changing which route a path names. */
const ENCODED_SEPARATOR = /%(?:2e|2f|5c)/i;

/**
 * Whether `METHOD /path` is allowed by one of the manifest's `permissions.hub` entries (`METHOD /pattern`).
 * In the pattern, `*` matches a run of characters within one path segment (never `/`); a segment that is
 * only `*` matches exactly one non-empty segment. Every other character matches itself. `path` is compared
 * without its query string.
 */
export function hubRouteAllowed(allowlist: readonly string[], method: string, path: string): boolean {
  const wanted = (path.split('?', 1)[0] ?? '').split('/');
  return allowlist.some((entry) => {
    const [allowedMethod, pattern, ...rest] = entry.trim().split(/\s+/);
    if (rest.length > 0 || allowedMethod?.toUpperCase() !== method.toUpperCase() || pattern === undefined) return false;
    const segments = pattern.split('/');
    return segments.length === wanted.length && segments.every((s, i) => segmentMatches(s, wanted[i] as string));
  });
}

function segmentMatches(pattern: string, segment: string): boolean {
  if (!pattern.includes('*')) return pattern === segment;
  if (/^\*+$/.test(pattern)) return segment !== '';
  const source = pattern
    .split(/\*+/)
    .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(segment);
}

/**
 * The URL a peer's `path` is sent to on `hubUrl`, or a refusal: the path must be its own normal form (no
 * `..`, `.`, `\`, `//`, percent-escaped `.`/`/`/`\`, fragment or character the URL parser would rewrite),
 * and the result must stay on the hub's own loopback origin. What is checked is exactly what is sent.
 */
export function hubRequestUrl(path: string, hubUrl: string): URL {
  const hub = new URL(hubUrl);
  if (!LOOPBACK_HOSTS.has(hub.hostname)) throw new ServiceError('unavailable', `the hub's address ${hub.origin} is not on loopback; the host sends its token nowhere else`);
  const refuse = (why: string): never => {
    throw new ServiceError('invalid_params', `hub/request path ${JSON.stringify(path)} ${why}; send the plain path of a hub route, e.g. "/api/hub/projects"`, { path });
  };
  if (!path.startsWith('/') || path.startsWith('//')) refuse('must start with a single /');
  if (path.includes('\\')) refuse('contains a backslash');
  if (ENCODED_SEPARATOR.test(path)) refuse('contains a percent-escaped ".", "/" or "\\"');
  let url: URL;
  try {
    url = new URL(path, hub.origin);
  } catch {
    return refuse('is not a URL path');
  }
  if (url.origin !== hub.origin) refuse("leaves the hub's origin");
  if (url.hash !== '' || url.username !== '' || url.password !== '' || `${url.pathname}${url.search}` !== path) refuse('is not in normal form (it would be sent as another path)');
  return url;
}

/**
 * Performs a peer's `hub/request`: only routes its manifest lists in `permissions.hub`, checked on the
 * normalised path actually sent, only to the running hub's own loopback origin, with the token added here
 * (the peer never sees it), the answer bounded in size.
 */
export async function performHubRequest(
  params: unknown,
  allowlist: readonly string[],
  hub: { url: string; token: string | undefined } | undefined,
  hostId: string,
  signal: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  const p = (params ?? {}) as { method?: unknown; path?: unknown; body?: unknown };
  if (typeof p.method !== 'string' || typeof p.path !== 'string') {
    throw new ServiceError('invalid_params', 'hub/request needs "method" and a "path" starting with / (e.g. {"method":"GET","path":"/api/hub/projects"})');
  }
  const method = p.method.toUpperCase();
  // The route is judged before the hub is needed, so a refusal does not depend on whether it runs.
  const url = hubRequestUrl(p.path, hub?.url ?? 'http://127.0.0.1');
  if (!hubRouteAllowed(allowlist, method, url.pathname)) {
    throw new ServiceError('denied', `${method} ${url.pathname} is not in the manifest's permissions.hub (${allowlist.length ? allowlist.join(', ') : 'empty'})`, { route: `${method} ${url.pathname}` });
  }
  if (!hub || !hub.token) throw new ServiceError('unavailable', `no hub is running; start it with \`${hostId} hub start\``);
  const init: RequestInit = { method, headers: { [`X-${hostId.charAt(0).toUpperCase()}${hostId.slice(1)}-Token`]: hub.token, 'content-type': 'application/json' }, signal, redirect: 'manual' };
  if (p.body !== undefined) init.body = JSON.stringify(p.body);
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (signal.aborted) throw new ServiceError('cancelled', 'hub/request was cancelled');
    throw new ServiceError('unavailable', `the hub did not answer: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (Buffer.byteLength(text) > MAX_ANSWER_BYTES) throw new ServiceError('too_large', `the hub's answer is over ${MAX_ANSWER_BYTES} bytes`, { limit: MAX_ANSWER_BYTES });
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a text answer stays text
  }
  return { status: response.status, body };
}
