// Header rules of the sidecar proxy: what is dropped, what is added, and the Location rewrite. Pure functions.
import { originOfHost } from '../auth/host-check.js';
import { withoutCredentialParams } from './credential-params.js';
import { comparableCookieName, confineSetCookie } from './set-cookie.js';

/** Header values as Node's http takes them: a name maps to one value or to several lines. */
export type HeaderBag = Record<string, string | string[]>;

/** Hop-by-hop fields (RFC 9110 §7.6.1), dropped in both directions; `proxy-*` names are dropped as well. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** What the proxy adds to a request: who it is for, and the hub's own facts about it. */
export interface ForwardContext {
  /** Lower-case prefix of the hub's own headers, such as `x-outboard-` (every such header from a client is dropped). */
  ownHeaderPrefix: string;
  /** The hub's cookie names start with this (lower case, such as `outboard`); such cookies never reach a sidecar. */
  ownCookiePrefix: string;
  /** `/x/<name>/` on the hub origin, `/` on the sidecar's own origin. */
  basePath: string;
  secret: string;
  /** The client's address (X-Forwarded-For). */
  clientAddress: string;
  /** `http` or `https` (X-Forwarded-Proto). */
  proto: string;
  /** Kept for a WebSocket upgrade: `Connection: Upgrade` and `Upgrade: <this>`. */
  upgrade?: string;
  /** The upstream client frames the body itself (undici): no `Transfer-Encoding` added, `Expect` dropped. */
  senderFrames?: boolean;
}

/** Names the `Connection` fields list (they are hop-by-hop too), or undefined when there is no such field (the usual request). */
function connectionTokens(raw: readonly string[]): Set<string> | undefined {
  let tokens: Set<string> | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    // The length test first: this runs on every header of every proxied request.
    if (name.length !== 10 || name.toLowerCase() !== 'connection') continue;
    tokens ??= new Set<string>();
    for (const t of (raw[i + 1] as string).split(',')) {
      const token = t.trim().toLowerCase();
      if (token) tokens.add(token);
    }
  }
  return tokens;
}

function isHopByHop(lower: string, listed: Set<string> | undefined): boolean {
  return HOP_BY_HOP.has(lower) || lower.startsWith('proxy-') || (listed !== undefined && listed.has(lower));
}

function add(bag: HeaderBag, name: string, value: string): void {
  const had = bag[name];
  if (had === undefined) bag[name] = value;
  else if (Array.isArray(had)) had.push(value);
  else bag[name] = [had, value];
}

/** The `Cookie` value without the hub's cookies (every other cookie kept, in order); '' when none is left. */
export function withoutHubCookies(cookie: string, ownCookiePrefix: string): string {
  return cookie
    .split(';')
    .map((c) => c.trim())
    .filter((c) => {
      if (!c) return false;
      return !comparableCookieName(c.slice(0, c.includes('=') ? c.indexOf('=') : c.length)).startsWith(ownCookiePrefix);
    })
    .join('; ');
}

/** `/x/app/` → `/x/app` (every trailing slash), `/` → ''. */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 0x2f) end--;
  return end === path.length ? path : path.slice(0, end);
}

/**
 * The headers sent to a sidecar, from a client request's raw headers: hop-by-hop fields dropped (the
 * Connection field and every name it lists, Keep-Alive, TE, Trailer, Transfer-Encoding, Upgrade, Proxy-*),
 * the hub's credentials dropped (its token header and every other header with its prefix, `Authorization`,
 * its cookies, its query parameters in `Referer`), client-sent `Forwarded`/`X-Forwarded-*` dropped (they would be believed), and the hub's
 * facts added: base path, secret, X-Forwarded-For/Host/Proto/Prefix. `Host` is kept as the client sent it.
 * A body of unknown length (the client sent Transfer-Encoding) is re-framed chunked, unless `ctx.senderFrames`
 * (the upstream client frames bodies itself, and the hub's server answered any `Expect`, which is dropped).
 */
export function forwardRequestHeaders(raw: readonly string[], ctx: ForwardContext): HeaderBag {
  const listed = connectionTokens(raw);
  const own = ctx.ownHeaderPrefix;
  const out: HeaderBag = {};
  let cookies: string | undefined;
  let host = '';
  let chunked = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    const value = raw[i + 1] as string;
    const lower = name.toLowerCase();
    if (lower === 'transfer-encoding') chunked = true;
    if (isHopByHop(lower, listed)) continue;
    if (lower.startsWith(own) || lower === 'authorization' || lower === 'forwarded' || lower.startsWith('x-forwarded-')) continue;
    if (lower === 'cookie') {
      cookies = cookies === undefined ? value : `${cookies}; ${value}`;
      continue;
    }
    if (lower === 'host') host = value;
    else if (lower === 'referer') {
      add(out, name, withoutCredentialParams(value));
      continue;
    } else if (ctx.senderFrames && lower === 'expect') continue;
    add(out, name, value);
  }
  if (cookies !== undefined) {
    const cookie = withoutHubCookies(cookies, ctx.ownCookiePrefix);
    if (cookie) out['cookie'] = cookie;
  }
  if (chunked && !ctx.senderFrames) out['transfer-encoding'] = 'chunked';
  if (ctx.upgrade !== undefined) {
    out['connection'] = 'Upgrade';
    out['upgrade'] = ctx.upgrade;
  }
  out[`${own}base-path`] = ctx.basePath;
  out[`${own}sidecar-secret`] = ctx.secret;
  out['x-forwarded-for'] = ctx.clientAddress;
  if (host) out['x-forwarded-host'] = host;
  out['x-forwarded-proto'] = ctx.proto;
  const prefix = withoutTrailingSlashes(ctx.basePath);
  if (prefix) out['x-forwarded-prefix'] = prefix;
  return out;
}

/** What the answer's header rules need to know about the request. */
export interface ResponseContext {
  /** `/x/<name>/` on the hub origin, `/` on the sidecar's own origin. */
  basePath: string;
  /** The hub's cookie names start with this (lower case, such as `outboard`): a sidecar may not set them. */
  ownCookiePrefix: string;
  /** The request's `Host` (checked by the hub: one of its loopback names with its port), to know its own origin. */
  requestHost: string | undefined;
}

/**
 * The headers sent back to the client, from a sidecar response's raw headers: hop-by-hop fields dropped
 * (Node frames the body again); a `Location` on the hub's own origin (`/login`, `http://127.0.0.1:<port>/login`)
 * moved into the mount (`/x/<name>/login`) unless it is inside it already; each `Set-Cookie` confined
 * (see {@link confineSetCookie}). With `keepUpgrade`, `Connection` and `Upgrade` stay (a 101 answer to a
 * WebSocket upgrade).
 */
export function forwardResponseHeaders(raw: readonly string[], ctx: ResponseContext, keepUpgrade = false): HeaderBag {
  const listed = keepUpgrade ? undefined : connectionTokens(raw);
  const out: HeaderBag = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    let value = raw[i + 1] as string;
    const lower = name.toLowerCase();
    if (keepUpgrade ? lower !== 'connection' && lower !== 'upgrade' && isHopByHop(lower, listed) : isHopByHop(lower, listed)) continue;
    if (lower === 'location') value = locationInMount(ownOriginPath(value, ctx), ctx.basePath);
    else if (lower === 'set-cookie') {
      const confined = confineSetCookie(value, ctx.basePath, ctx.ownCookiePrefix);
      if (confined === undefined) continue;
      value = confined;
    }
    add(out, name, value);
  }
  return out;
}

/**
 * An absolute `Location` on the hub's own origin (`http://127.0.0.1:<port>/own`, `//localhost:<port>/own`) as
 * the path it names (`/own`), on the shared origin only; anything else unchanged. A sidecar building absolute
 * URLs from `X-Forwarded-Host` without its prefix would otherwise send the browser out of its mount.
 */
function ownOriginPath(location: string, ctx: ResponseContext): string {
  if (ctx.basePath === '/' || ctx.requestHost === undefined || !(location.startsWith('//') || /^http:\/\//i.test(location))) return location;
  const start = location.indexOf('//') + 2;
  const end = location.slice(start).search(/[/?#]/);
  const authority = end === -1 ? location.slice(start) : location.slice(start, start + end);
  const port = Number(ctx.requestHost.slice(ctx.requestHost.lastIndexOf(':') + 1));
  if (originOfHost(authority, port)?.kind !== 'hub') return location;
  const rest = end === -1 ? '' : location.slice(start + end);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** `/path` → `<basePath>path`; absolute URLs, relative paths, `//host` and paths already in the mount unchanged. */
export function locationInMount(location: string, basePath: string): string {
  if (basePath === '/' || !location.startsWith('/') || location.startsWith('//') || location.startsWith('/\\')) return location;
  const prefix = withoutTrailingSlashes(basePath);
  if (location === prefix || location.startsWith(`${prefix}/`) || location.startsWith(`${prefix}?`)) return location;
  return prefix + location;
}
