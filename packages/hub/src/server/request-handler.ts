import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAuthenticated } from '../auth/authenticate.js';
import { setCookieHeader, tokenCookieName } from '../auth/credentials.js';
import { isSafeMethod, originAllowed, originOfHost, type RequestOrigin } from '../auth/host-check.js';
import { tokenMatches } from '../auth/hub-token.js';
import { handleApi } from '../api/hub-api.js';
import { findServedExtension, mountRefusal } from './served-extensions.js';
import type { HubContext } from './hub-context.js';
import { sendError, sendRedirect } from './http-reply.js';
import { servePages } from '../pages/pages-route.js';
import { matchMount, parseRequestTarget } from './request-path.js';

/** The path on a sidecar's own origin that exchanges a one-time code for that origin's session cookie. */
export function sessionPath(hostId: string): string {
  return `/__${hostId}_session`;
}

/** A request that passed the Host, path, token and Origin checks, and where it goes. */
export type Admitted =
  | { kind: 'sidecar'; name: string; path: string; basePath: string; origin: RequestOrigin }
  | { kind: 'hub'; path: string; query: string };

/** A refusal: status and the `{ error }` text (and headers, e.g. a redirect's Location or a cookie). */
export interface Refusal {
  status: number;
  error: string;
  headers?: Record<string, string>;
}

/**
 * Every check a request (or a WebSocket upgrade: `upgrade` true) passes before anything else sees it, in
 * order: Host (a loopback name of this hub, or `<enabled extension>.localhost`), the request target (no dot
 * segments, encoded dots or slashes...), the token, the Origin of a mutating request or an upgrade, then the
 * mount (a valid, enabled extension with a sidecar). Redirects (`/x/<name>`, `/?token=`, the isolated origin)
 * are answers too. Nothing here reads the body.
 */
export async function admit(ctx: HubContext, req: IncomingMessage, upgrade: boolean): Promise<Admitted | Refusal> {
  const port = ctx.port();
  const hostId = ctx.host.identity.id;
  // Node keeps the first of several; a proxy or the sidecar may read another (RFC 9112 §3.2: answer 400).
  if (hostHeaderCount(req.rawHeaders) > 1) return { status: 400, error: 'the request has more than one Host header: send exactly one (RFC 9112 §3.2)' };
  const origin = originOfHost(req.headers.host, port);
  if (!origin) return { status: 403, error: `Host ${JSON.stringify(req.headers.host ?? '')} is not this hub: use http://127.0.0.1:${port}/ or http://localhost:${port}/` };
  if (origin.kind === 'sidecar') {
    const refusal = mountRefusal(await findServedExtension(ctx.host, origin.name), origin.name);
    if (refusal) return { status: 404, error: refusal };
  }
  const target = parseRequestTarget(req.url);
  if ('refused' in target) return { status: 400, error: `bad request path: ${target.refused}` };
  const { path, query } = target;
  if (origin.kind === 'sidecar' && path === sessionPath(hostId) && !upgrade && req.method === 'GET') return await redeemSession(ctx, origin.name, query);
  if (origin.kind === 'hub' && path === '/' && !upgrade && req.method === 'GET') {
    const params = new URLSearchParams(query);
    if (params.has('token')) return tokenVisit(ctx, params.get('token') ?? '');
    if (params.has('code')) return loginVisit(ctx, params.get('code') ?? '');
  }
  if (!isAuthenticated({ headers: req.headers, origin, hostId, token: ctx.token, sessions: ctx.sessions })) {
    return { status: 401, error: `missing or wrong token: send the X-${hostId[0]?.toUpperCase()}${hostId.slice(1)}-Token header (or Authorization: Bearer), or sign this browser in with the link \`${hostId} hub open\` prints` };
  }
  if ((upgrade || !isSafeMethod(req.method)) && !originAllowed(req.headers.origin, origin, port)) {
    return { status: 403, error: `Origin ${JSON.stringify(req.headers.origin)} may not ${upgrade ? 'open a WebSocket to' : 'change anything on'} this origin` };
  }
  if (origin.kind === 'sidecar') return { kind: 'sidecar', name: origin.name, path: path + query, basePath: '/', origin };
  const mount = matchMount(path);
  if (mount.kind === 'bad-mount') return { status: 404, error: mount.reason };
  if (mount.kind === 'hub') return { kind: 'hub', path, query };
  const refusal = mountRefusal(await findServedExtension(ctx.host, mount.name), mount.name);
  if (refusal) return { status: 404, error: refusal };
  if (mount.kind === 'mount-root') return { status: 308, error: `moved to /x/${mount.name}/`, headers: { location: `/x/${mount.name}/${query}` } };
  // A browser navigation goes to the extension's own origin, so its pages can never script the hub's.
  if (!upgrade && req.method === 'GET' && req.headers['sec-fetch-mode'] === 'navigate') {
    // The proxy's own verdict (read fresh), not a cached listing: no code for what the proxy would refuse.
    const verdict = await ctx.router.verdict(mount.name);
    if (verdict) return verdict;
    const code = ctx.sessions.issueCode(mount.name, mount.rest + query);
    return { status: 302, error: 'moved to the extension\'s own origin', headers: { location: `http://${mount.name}.localhost:${port}${sessionPath(hostId)}?code=${code}` } };
  }
  return { kind: 'sidecar', name: mount.name, path: mount.rest + query, basePath: `/x/${mount.name}/`, origin };
}

async function redeemSession(ctx: HubContext, name: string, query: string): Promise<Refusal> {
  const code = new URLSearchParams(query).get('code') ?? '';
  const redeemed = ctx.sessions.redeem(name, code);
  if (!redeemed) return { status: 401, error: `this link has expired or was used already: open /x/${name}/ from the hub again` };
  // Checked after the code is used up: a code issued before a disable buys nothing after it.
  const verdict = await ctx.router.verdict(name);
  if (verdict) return verdict;
  const cookie = setCookieHeader(tokenCookieName(ctx.host.identity.id), redeemed.session, 'Lax');
  return { status: 303, error: 'signed in', headers: { location: redeemed.path, 'set-cookie': cookie } };
}

/** `/?token=`: a script holding the token signs a browser in (kept for scripts; people get a one-time code). */
function tokenVisit(ctx: HubContext, presented: string): Refusal {
  if (!tokenMatches(presented, ctx.token)) return { status: 401, error: `wrong token in the link: \`${ctx.host.identity.id} hub open\` prints a fresh sign-in link` };
  return signedIn(ctx);
}

/** `/?code=`: the one-time code of a printed sign-in link, exchanged for the hub's cookie once. */
function loginVisit(ctx: HubContext, code: string): Refusal {
  if (!ctx.logins.redeem(code)) return { status: 401, error: `this sign-in link has expired or was used already: \`${ctx.host.identity.id} hub open\` prints a fresh one` };
  return signedIn(ctx);
}

function signedIn(ctx: HubContext): Refusal {
  const cookie = setCookieHeader(tokenCookieName(ctx.host.identity.id), ctx.token, 'Strict');
  // Redirected to a URL without the token or code, so it leaves the address bar and the history.
  return { status: 303, error: 'signed in', headers: { location: '/', 'set-cookie': cookie } };
}

/** How many `Host` fields a request's raw headers hold. */
function hostHeaderCount(raw: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 4 && name.toLowerCase() === 'host') count++;
  }
  return count;
}

/** Serves an admitted request on the hub's origin: the API, the home page and project pages. */
export async function serveHub(ctx: HubContext, req: IncomingMessage, res: ServerResponse, path: string, query: string): Promise<void> {
  if (path === '/api' || path.startsWith('/api/')) return handleApi(ctx, req, res, path, query);
  if (await servePages(ctx, req, res, path)) return;
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, `${req.method} is not allowed on ${path}`, { allow: 'GET, HEAD' });
  const projectMatch = /^\/projects\/([^/]+)\/?$/.exec(path);
  sendError(res, 404, projectMatch ? `no registered project has the id ${JSON.stringify(projectMatch[1])}` : `nothing at ${path}`);
}

/** Answers a refusal or redirect on an HTTP response. */
export function sendRefusal(res: ServerResponse, refusal: Refusal): void {
  const location = refusal.headers?.location;
  if (location !== undefined && refusal.status >= 300 && refusal.status < 400) {
    const { location: _, ...rest } = refusal.headers ?? {};
    return sendRedirect(res, refusal.status as 302 | 303 | 308, location, rest);
  }
  sendError(res, refusal.status, refusal.error, refusal.headers);
}
