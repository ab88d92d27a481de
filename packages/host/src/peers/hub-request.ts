import { ServiceError } from '../broker/service-error.js';

/** Largest hub answer relayed to a peer, in bytes. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** Whether `METHOD /path` is allowed by one of the manifest's `permissions.hub` entries (`*` matches within a segment, a trailing `/**` any rest). */
export function hubRouteAllowed(allowlist: readonly string[], method: string, path: string): boolean {
  const wanted = `${method.toUpperCase()} ${path.split('?')[0]}`;
  return allowlist.some((entry) => {
    const pattern = entry
      .trim()
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\/\\\*\\\*$|\/\*\*$/, '(?:/.*)?')
      .replace(/\*/g, '[^/]*');
    return new RegExp(`^${pattern}$`).test(wanted);
  });
}

/**
 * Performs a peer's `hub/request`: only routes its manifest lists in `permissions.hub`, only to the running
 * hub on loopback, with the token added here (the peer never sees it), the answer bounded in size.
 */
export async function performHubRequest(
  params: unknown,
  allowlist: readonly string[],
  hub: { url: string; token: string | undefined } | undefined,
  hostId: string,
  signal: AbortSignal,
): Promise<{ status: number; body: unknown }> {
  const p = (params ?? {}) as { method?: unknown; path?: unknown; body?: unknown };
  if (typeof p.method !== 'string' || typeof p.path !== 'string' || !p.path.startsWith('/') || p.path.startsWith('//')) {
    throw new ServiceError('invalid_params', 'hub/request needs "method" and a "path" starting with / (e.g. {"method":"GET","path":"/api/hub/projects"})');
  }
  if (!hubRouteAllowed(allowlist, p.method, p.path)) {
    throw new ServiceError('denied', `${p.method.toUpperCase()} ${p.path} is not in the manifest's permissions.hub (${allowlist.length ? allowlist.join(', ') : 'empty'})`, { route: `${p.method.toUpperCase()} ${p.path}` });
  }
  if (!hub || !hub.token) throw new ServiceError('unavailable', `no hub is running; start it with \`${hostId} hub start\``);
  const url = new URL(p.path, hub.url);
  const init: RequestInit = { method: p.method.toUpperCase(), headers: { [`X-${hostId.charAt(0).toUpperCase()}${hostId.slice(1)}-Token`]: hub.token, 'content-type': 'application/json' }, signal, redirect: 'manual' };
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
