import { isValidSlug } from '@outboard/manifest';
import { replyRedirect, replyRedirectOnSocket } from '../http/reply.js';
import { refuse, refuseVerdict } from '../routing/refuse.js';
import type { HttpCall, Route, UpgradeCall } from '../routing/route.js';
import { findServedExtension, mountRefusal } from '../routing/served-extensions.js';
import { sessionPath } from '../auth/sidecar-sessions.js';

/**
 * The sidecar proxy's rows of the route table: `/x/<name>/…` on the hub's origin (its root `/x/<name>`
 * redirected to `/x/<name>/`), and every path of `<name>.localhost` (whose name the gate checked with its
 * Host). They hand the sidecar router requests that are authenticated and whose mount is served.
 */
export const mountRoutes: readonly Route[] = [
  { path: '/x/:name', methods: '*', handle: (call) => mountRoot(call), upgrade: (call) => mountRoot(call) },
  { path: '/x/:name/*', methods: '*', handle: proxyMount, upgrade: proxyMountUpgrade },
  { path: '/*', origin: 'sidecar', methods: '*', handle: proxyOwnOrigin, upgrade: proxyOwnOriginUpgrade },
];

/** Why `/x/<name>` is not served (refused already), or undefined. */
async function refusedMount(call: HttpCall | UpgradeCall): Promise<boolean> {
  const name = call.params.name as string;
  if (!isValidSlug(name)) {
    refuse(call, 'SIDECAR_UNKNOWN', `"/x/${name}" is not a mount: an extension name is a lowercase slug`, { status: 404 });
    return true;
  }
  const refusal = mountRefusal(await findServedExtension(call.ctx.host, name), name);
  if (!refusal) return false;
  refuse(call, refusal.code, refusal.error, { status: 404, ...(refusal.fix ? { fix: refusal.fix } : {}) });
  return true;
}

async function mountRoot(call: HttpCall | UpgradeCall): Promise<void> {
  if (await refusedMount(call)) return;
  const location = `/x/${call.params.name}/${call.query}`;
  if ('res' in call) replyRedirect(call.res, 308, location);
  else replyRedirectOnSocket(call.socket, 308, location);
}

async function proxyMount(call: HttpCall): Promise<void> {
  if (await refusedMount(call)) return;
  const { ctx, req } = call;
  const name = call.params.name as string;
  const rest = (call.params.rest as string) + call.query;
  // A browser navigation goes to the extension's own origin, so its pages can never script the hub's.
  if (req.method === 'GET' && req.headers['sec-fetch-mode'] === 'navigate') {
    // The proxy's own verdict (read fresh), not a cached listing: no code for what the proxy would refuse.
    const verdict = await ctx.router.verdict(name);
    if (verdict) return refuseVerdict(call, verdict);
    const code = ctx.sessions.issueCode(name, rest);
    return replyRedirect(call.res, 302, `http://${name}.localhost:${ctx.port()}${sessionPath(ctx.host.identity.id)}?code=${code}`);
  }
  ctx.router.handleRequest(req, call.res, { name, path: rest, basePath: `/x/${name}/` });
}

async function proxyMountUpgrade(call: UpgradeCall): Promise<void> {
  if (await refusedMount(call)) return;
  const name = call.params.name as string;
  call.ctx.router.handleUpgrade(call.req, call.socket, call.head, { name, path: (call.params.rest as string) + call.query, basePath: `/x/${name}/` });
}

function proxyOwnOrigin(call: HttpCall): void {
  if (call.origin.kind !== 'sidecar') return;
  call.ctx.router.handleRequest(call.req, call.res, { name: call.origin.name, path: call.path + call.query, basePath: '/' });
}

function proxyOwnOriginUpgrade(call: UpgradeCall): void {
  if (call.origin.kind !== 'sidecar') return;
  call.ctx.router.handleUpgrade(call.req, call.socket, call.head, { name: call.origin.name, path: call.path + call.query, basePath: '/' });
}
