import type { IncomingMessage } from 'node:http';
import { isAuthenticated } from '../auth/authenticate.js';
import { isSafeMethod, originAllowed, originOfHost, type RequestOrigin } from '../auth/host-check.js';
import { problem, type Problem } from '../http/problem.js';
import { parseRequestTarget } from '../http/request-target.js';
import type { HubContext } from '../routing/hub-context.js';
import type { Route } from '../routing/route.js';
import { matchRoute } from '../routing/route-match.js';
import { findServedExtension, mountRefusal } from '../routing/served-extensions.js';

/** A request the gate let through: its origin, its checked target, and the row of the table that serves it. */
export interface Admitted {
  origin: RequestOrigin;
  path: string;
  query: string;
  route: Route;
  params: Record<string, string>;
}

/**
 * Every check a request (or a WebSocket upgrade: `upgrade` true) passes before a handler sees it, in order:
 * Host (a loopback name of this hub, or `<enabled extension>.localhost`), the request target (no dot segments,
 * encoded dots or slashes...), the row of `routes` that serves it, then, unless that row is public (a sign-in
 * exchange), the token and the Origin of a mutating request or an upgrade. A path no row serves is answered
 * only to a request with the token. Nothing here reads the body.
 */
export async function admit(ctx: HubContext, routes: readonly Route[], req: IncomingMessage, upgrade: boolean): Promise<Admitted | Problem> {
  const port = ctx.port();
  const host = ctx.host.identity;
  // Node keeps the first of several; a proxy or the sidecar may read another (RFC 9112 §3.2: answer 400).
  if (hostHeaderCount(req.rawHeaders) > 1) return problem(host, 'HUB_BAD_REQUEST', 'the request has more than one Host header: send exactly one (RFC 9112 §3.2)');
  const origin = originOfHost(req.headers.host, port);
  if (!origin) return problem(host, 'HUB_HOST_REFUSED', `Host ${JSON.stringify(req.headers.host ?? '')} is not this hub: use http://127.0.0.1:${port}/ or http://localhost:${port}/`);
  if (origin.kind === 'sidecar') {
    const refusal = mountRefusal(await findServedExtension(ctx.host, origin.name), origin.name);
    if (refusal) return problem(host, refusal.code, refusal.error, { status: 404, ...(refusal.fix ? { fix: refusal.fix } : {}) });
  }
  const target = parseRequestTarget(req.url);
  if ('refused' in target) return problem(host, 'HUB_BAD_REQUEST', `bad request path: ${target.refused}`);
  const { path, query } = target;
  const method = req.method ?? 'GET';
  const match = matchRoute(routes, { origin, path, query, method, upgrade });
  if (!('route' in match && match.route.public)) {
    if (!isAuthenticated({ headers: req.headers, origin, hostId: host.id, token: ctx.token, sessions: ctx.sessions })) {
      return problem(host, 'HUB_SIGN_IN_REQUIRED', 'missing or wrong token');
    }
    if ((upgrade || !isSafeMethod(method)) && !originAllowed(req.headers.origin, origin, port)) {
      return problem(host, 'HUB_ORIGIN_REFUSED', `Origin ${JSON.stringify(req.headers.origin)} may not ${upgrade ? 'open a WebSocket to' : 'change anything on'} this origin`);
    }
  }
  if ('route' in match) return { origin, path, query, route: match.route, params: match.params };
  if (match.missing === 'method') return problem(host, 'HUB_METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}; use ${match.allow.join(' or ')}`, { headers: { allow: match.allow.join(', ') } });
  if (match.missing === 'upgrade') return problem(host, 'HUB_NOT_FOUND', `no WebSocket endpoint at ${path}`);
  return problem(host, 'HUB_NOT_FOUND', `nothing at ${path}`);
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
