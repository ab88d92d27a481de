import { isServiceError } from '@outboard/host';
import { isValidSlug } from '@outboard/manifest';
import { readJsonBody } from '../http/json-body.js';
import { replyJson } from '../http/reply.js';
import { refuse, refuseWithError } from '../routing/refuse.js';
import type { HttpCall, Route } from '../routing/route.js';
import { findServedExtension, servedExtensions } from '../routing/served-extensions.js';
import { controlPeer, extensionView, type PeerControl } from './extensions-api.js';
import { parseProjectBody, projectView } from './projects-api.js';
import { answerVersion } from './version-api.js';

/**
 * The versioned JSON API's rows of the route table (`/api/version`, `/api/hub/*`; `/api/v1/…` is the same).
 * Every answer carries `apiVersion`; every refusal `{ error, code, fix }` (http/reply.ts).
 */
export const apiRoutes: readonly Route[] = [
  { path: '/api/version', handle: answerVersion },
  { path: '/api/hub/extensions', handle: listExtensions },
  { path: '/api/hub/extensions/:name/stop', methods: ['POST'], handle: (call) => controlExtension(call, 'stop') },
  { path: '/api/hub/extensions/:name/restart', methods: ['POST'], handle: (call) => controlExtension(call, 'restart') },
  { path: '/api/hub/projects', handle: ({ ctx, res }) => replyJson(res, 200, { projects: ctx.host.projects.list().map((p) => projectView(p, ctx.host.identity.id, ctx.bin)) }) },
  { path: '/api/hub/projects', methods: ['POST'], handle: registerProject },
];

async function listExtensions(call: HttpCall): Promise<void> {
  const { ctx } = call;
  const projectId = new URLSearchParams(call.query).get('project');
  const project = projectId === null ? undefined : ctx.host.projects.get(projectId);
  if (projectId !== null && !project) return refuse(call, 'PROJECT_NOT_FOUND', `no registered project has the id ${JSON.stringify(projectId)}`, { status: 404 });
  let inventory;
  try {
    inventory = await servedExtensions(ctx.host);
  } catch (error) {
    return refuse(call, 'HUB_UNAVAILABLE', `the extensions could not be listed: ${(error as Error).message}`);
  }
  const errors = inventory.filter((e) => e.state === 'invalid' || e.state === 'conflict').map((e) => ({ name: e.key, error: e.reason }));
  replyJson(call.res, 200, { extensions: inventory.map((e) => extensionView(e, ctx.router, project)), errors });
}

/**
 * Stops or restarts an extension's processes in the hub: its peer (when it declares one the hub runs) and its
 * sidecar. `stopped`/`restarted` say whether anything was; `peer` what became of the peer, when it has one.
 */
export async function controlExtension(call: HttpCall, action: 'stop' | 'restart'): Promise<void> {
  const { ctx } = call;
  const name = call.params.name as string;
  // A name no extension could have: not a slug.
  if (!isValidSlug(name)) return refuse(call, 'SIDECAR_UNKNOWN', `"${name}" is not an extension name`, { status: 404 });
  const ext = await findServedExtension(ctx.host, name).catch(() => undefined);
  let peer: PeerControl = null;
  if (ext?.manifest?.peer) {
    try {
      peer = await controlPeer(ctx.peers, name, action);
    } catch (error) {
      return refuse(call, 'HUB_UNAVAILABLE', `could not ${action} the peer of ${name}: ${(error as Error).message}`);
    }
    if (peer === null && !ext.manifest.sidecar) {
      return refuse(call, 'HUB_EXTENSION_NOT_RUNNING', `the hub runs no peer of ${name}: it is ${ext.state}${ext.reason ? ` (${ext.reason})` : ''}`, ext.fix ? { fix: ext.fix } : {});
    }
  }
  let sidecar = false;
  // The router answers for every other name (404 for one with no sidecar it serves).
  if (!ext?.manifest?.peer || ext.manifest.sidecar) {
    try {
      sidecar = action === 'stop' ? await ctx.router.stop(name) : await ctx.router.restart(name);
    } catch (error) {
      // A refused or failed start says why with its own code and status (404 not served, 503 cannot start now).
      return refuseWithError(call, error, `could not ${action} the sidecar of ${name}`);
    }
  }
  const extra = peer === null ? {} : { peer };
  if (action === 'stop') replyJson(call.res, 200, { name, stopped: sidecar || (peer !== null && 'stopped' in peer && peer.stopped), ...extra });
  else replyJson(call.res, 200, { name, restarted: sidecar || peer !== null, ...extra });
}

async function registerProject(call: HttpCall): Promise<void> {
  const { ctx } = call;
  const body = await readJsonBody(call.req);
  if ('refused' in body) return refuse(call, 'HUB_BAD_REQUEST', body.refused, { status: body.status });
  const input = parseProjectBody(body.value);
  if ('refused' in input) return refuse(call, 'PROJECT_INVALID', input.refused, { status: 400 });
  try {
    const { project, created } = await ctx.host.projects.register({ root: input.root, ...(input.id !== undefined ? { id: input.id } : {}), ...(input.name !== undefined ? { name: input.name } : {}) });
    replyJson(call.res, created ? 201 : 200, { project: projectView(project, ctx.host.identity.id, ctx.bin) });
  } catch (error) {
    if (isServiceError(error)) return refuse(call, 'PROJECT_INVALID', error.message, { status: 400 });
    throw error;
  }
}
