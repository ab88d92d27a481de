import { setCookieHeader, tokenCookieName } from '../auth/credentials.js';
import { sessionPath } from '../auth/sidecar-sessions.js';
import { tokenMatches } from '../auth/token-match.js';
import { replyJson, replyRedirect } from '../http/reply.js';
import type { HubContext } from '../routing/hub-context.js';
import { refuse, refuseVerdict } from '../routing/refuse.js';
import type { HttpCall, Route } from '../routing/route.js';

/**
 * A fresh sign-in link of the hub, `http://127.0.0.1:<port>/?code=<one-time code>` (single use, valid two
 * minutes: DESIGN §7), and its expiry in ms since the epoch. What `hub start`, `hub status` and `hub open`
 * print, through `POST /api/hub/sign-in` from another process.
 */
export function signInLink(ctx: HubContext): { url: string; expiresAt: number } {
  const { code, expiresAt } = ctx.logins.issue(true);
  return { url: `http://127.0.0.1:${ctx.port()}/?code=${code}`, expiresAt };
}

/**
 * The sign-in rows of the route table: the exchanges a browser makes without the token (each checks its
 * one-time code, or the token, itself) and the link the CLI asks for (with the token, as a POST: each answer
 * spends a code, and a page may not read one: no CORS, a foreign Origin is refused).
 */
export function signInRoutes(hostId: string): Route[] {
  return [
    { path: '/', queryParam: 'code', public: true, handle: loginVisit },
    { path: '/', queryParam: 'token', public: true, handle: tokenVisit },
    { path: sessionPath(hostId), origin: 'sidecar', public: true, handle: redeemSession },
    { path: '/api/hub/sign-in', methods: ['POST'], handle: ({ ctx, res }) => replyJson(res, 200, signInLink(ctx)) },
  ];
}

/** `/?code=`: the one-time code of a printed sign-in link, exchanged for the hub's cookie once. */
function loginVisit(call: HttpCall): void {
  if (!call.ctx.logins.redeem(new URLSearchParams(call.query).get('code') ?? '')) return refuse(call, 'HUB_SIGN_IN_EXPIRED', 'this sign-in link has expired or was used already');
  signedIn(call);
}

/** `/?token=`: a script holding the token signs a browser in (kept for scripts; people get a one-time code). */
function tokenVisit(call: HttpCall): void {
  if (!tokenMatches(new URLSearchParams(call.query).get('token') ?? '', call.ctx.token)) return refuse(call, 'HUB_SIGN_IN_EXPIRED', 'wrong token in the link');
  signedIn(call);
}

function signedIn({ ctx, res }: HttpCall): void {
  const cookie = setCookieHeader(tokenCookieName(ctx.host.identity.id), ctx.token, 'Strict');
  // Redirected to a URL without the token or code, so it leaves the address bar and the history.
  replyRedirect(res, 303, '/', { 'set-cookie': cookie });
}

/**
 * `<name>.localhost/__<id>_session?code=`: a one-time code from the hub's redirect, exchanged for this origin's
 * own cookie; a sidecar view's code (issued by the page that frames it) is answered with the view's path itself,
 * and starts no session. A session is started only once the cookie carrying it is about to be set.
 */
async function redeemSession(call: HttpCall): Promise<void> {
  const { ctx } = call;
  const name = call.origin.kind === 'sidecar' ? call.origin.name : '';
  const redeemed = ctx.sessions.redeem(name, new URLSearchParams(call.query).get('code') ?? '');
  if (!redeemed) return refuse(call, 'HUB_SIGN_IN_EXPIRED', 'this link has expired or was used already', { fix: `open /x/${name}/ from the hub again` });
  // Checked after the code is used up: a code issued before a disable buys nothing after it.
  const verdict = await ctx.router.verdict(name);
  if (verdict) return refuseVerdict(call, verdict);
  // A sidecar view's frame: answered in place (the frame is cross-site to the hub's page, so a cookie would not stick).
  if (redeemed.inFrame) return ctx.router.handleRequest(call.req, call.res, { name, path: redeemed.path, basePath: '/' });
  const cookie = setCookieHeader(tokenCookieName(ctx.host.identity.id), ctx.sessions.startSession(name), 'Lax');
  replyRedirect(call.res, 303, redeemed.path, { 'set-cookie': cookie });
}
