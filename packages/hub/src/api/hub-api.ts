import type { IncomingMessage, ServerResponse } from 'node:http';
import { isServiceError } from '@outboard/host';
import { isValidSlug } from '@outboard/manifest';
import type { HubContext } from '../server/hub-context.js';
import { sendError, sendJson } from '../server/http-reply.js';
import { controlPeer, extensionView, type PeerControl } from './extensions-api.js';
import { findServedExtension, servedExtensions } from '../server/served-extensions.js';
import { signInLink } from '../server/sign-in-link.js';
import { readJsonBody } from './json-body.js';
import { parseProjectBody, projectView } from './projects-api.js';
import { handleRpc } from './rpc-api.js';
import { handleAutomationsApi, isAutomationsPath } from './automations-api.js';
import { SidecarError } from '../sidecars/sidecar-error.js';
import { handleEventStream } from '../transports/event-stream.js';
import { answerVersion } from '../transports/wire-version-api.js';

/**
 * The versioned API (`/api/version`, `/api/hub/*`, `/api/rpc`) for an authenticated request whose path was
 * checked. Answers every request it is given (404 for an unknown API path).
 */
export async function handleApi(ctx: HubContext, req: IncomingMessage, res: ServerResponse, requestPath: string, query: string): Promise<void> {
  // `/api/v1/...` pins wire version 1 (the current one): served by the same handlers while 1 is the major.
  const path = requestPath.startsWith('/api/v1/') ? `/api/${requestPath.slice('/api/v1/'.length)}` : requestPath;
  const method = req.method ?? 'GET';
  const allow = (...methods: string[]): boolean => {
    if (methods.includes(method)) return true;
    sendError(res, 405, `${method} is not allowed on ${path}; use ${methods.join(' or ')}`, { allow: methods.join(', ') });
    return false;
  };
  if (isAutomationsPath(path)) return handleAutomationsApi(ctx, req, res, path, query);
  if (path === '/api/version') {
    if (allow('GET')) answerVersion(ctx, res, query);
    return;
  }
  if (path === '/api/rpc') {
    if (allow('POST')) await handleRpc(req, res, ctx.host.rpc);
    return;
  }
  if (path === '/api/events') {
    if (allow('GET')) handleEventStream(ctx.host.bus, req, res, query);
    return;
  }
  if (path === '/api/hub/sign-in') {
    // A POST: each answer spends a code, and a page may not read one (no CORS; a foreign Origin is refused).
    if (allow('POST')) sendJson(res, 200, signInLink(ctx));
    return;
  }
  if (path === '/api/hub/extensions') {
    if (allow('GET')) await listExtensions(ctx, res, new URLSearchParams(query).get('project'));
    return;
  }
  const control = /^\/api\/hub\/extensions\/([^/]+)\/(stop|restart)$/.exec(path);
  if (control) {
    if (allow('POST')) await controlExtension(ctx, res, control[1] as string, control[2] as 'stop' | 'restart');
    return;
  }
  if (path === '/api/hub/projects') {
    if (method === 'GET') sendJson(res, 200, { projects: ctx.host.projects.list().map((p) => projectView(p, ctx.host.identity.id, ctx.bin)) });
    else if (allow('GET', 'POST')) await registerProject(ctx, req, res);
    return;
  }
  sendError(res, 404, `no API route ${path}`);
}

async function listExtensions(ctx: HubContext, res: ServerResponse, projectId: string | null): Promise<void> {
  const project = projectId === null ? undefined : ctx.host.projects.get(projectId);
  if (projectId !== null && !project) return sendError(res, 404, `no registered project has the id ${JSON.stringify(projectId)}`);
  let inventory;
  try {
    inventory = await servedExtensions(ctx.host);
  } catch (error) {
    return sendError(res, 503, `the extensions could not be listed: ${(error as Error).message}`);
  }
  const errors = inventory.filter((e) => e.state === 'invalid' || e.state === 'conflict').map((e) => ({ name: e.key, error: e.reason }));
  sendJson(res, 200, { extensions: inventory.map((e) => extensionView(e, ctx.router, project)), errors });
}

/**
 * Stops or restarts an extension's processes in the hub: its peer (when it declares one the hub runs) and its
 * sidecar. `stopped`/`restarted` say whether anything was; `peer` what became of the peer, when it has one.
 */
async function controlExtension(ctx: HubContext, res: ServerResponse, name: string, action: 'stop' | 'restart'): Promise<void> {
  // A name no extension could have: not a slug.
  if (!isValidSlug(name)) return sendError(res, 404, `"${name}" is not an extension name`);
  const ext = await findServedExtension(ctx.host, name).catch(() => undefined);
  let peer: PeerControl = null;
  if (ext?.manifest?.peer) {
    try {
      peer = await controlPeer(ctx.peers, name, action);
    } catch (error) {
      return sendError(res, 503, `could not ${action} the peer of ${name}: ${(error as Error).message}`);
    }
    if (peer === null && !ext.manifest.sidecar) return sendError(res, 409, `the hub runs no peer of ${name}: it is ${ext.state}${ext.reason ? ` (${ext.reason})` : ''}${ext.fix ? `; ${ext.fix}` : ''}`);
  }
  let sidecar = false;
  // The router answers for every other name (404 for one with no sidecar it serves).
  if (!ext?.manifest?.peer || ext.manifest.sidecar) {
    try {
      sidecar = action === 'stop' ? await ctx.router.stop(name) : await ctx.router.restart(name);
    } catch (error) {
      // A refused or failed start says why with its own status (404 not served, 503 cannot start now).
      if (error instanceof SidecarError) {
        const headers: Record<string, string> = error.retryAfterSeconds !== undefined ? { 'retry-after': String(error.retryAfterSeconds) } : {};
        return sendError(res, error.status, `could not ${action} the sidecar of ${name}: ${error.message}`, headers);
      }
      return sendError(res, 500, `could not ${action} the sidecar of ${name}: ${(error as Error).message}`);
    }
  }
  const extra = peer === null ? {} : { peer };
  if (action === 'stop') sendJson(res, 200, { name, stopped: sidecar || (peer !== null && 'stopped' in peer && peer.stopped), ...extra });
  else sendJson(res, 200, { name, restarted: sidecar || peer !== null, ...extra });
}

async function registerProject(ctx: HubContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJsonBody(req);
  if ('refused' in body) return sendError(res, body.status, body.refused);
  const input = parseProjectBody(body.value);
  if ('refused' in input) return sendError(res, 400, input.refused);
  try {
    const { project, created } = await ctx.host.projects.register({ root: input.root, ...(input.id !== undefined ? { id: input.id } : {}), ...(input.name !== undefined ? { name: input.name } : {}) });
    sendJson(res, created ? 201 : 200, { project: projectView(project, ctx.host.identity.id, ctx.bin) });
  } catch (error) {
    if (isServiceError(error)) return sendError(res, 400, error.message);
    throw error;
  }
}
