import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODES, isOutboardError, type OutboardErrorCode } from '@outboard/host';
import type { HubContext } from '../server/hub-context.js';
import { sendJson } from '../server/http-reply.js';
import { readJsonBody } from './json-body.js';

/** The HTTP status of each automations refusal. */
const STATUS: Partial<Record<OutboardErrorCode, number>> = {
  AUTOMATION_INVALID: 400,
  AUTOMATION_REFUSED: 422,
  AUTOMATION_TEMPLATE_UNKNOWN: 422,
  AUTOMATION_EXISTS: 409,
  AUTOMATION_NOT_FOUND: 404,
  STORE_NEWER_FORMAT: 409,
  STORE_CORRUPT: 500,
};

/** Whether `path` is one of this module's (`/api/automations` and below). */
export function isAutomationsPath(path: string): boolean {
  return path === '/api/automations' || path.startsWith('/api/automations/');
}

/**
 * `/api/automations` (DESIGN §7, §10), versioned JSON like `/api/hub/*`; errors are `{ error, code, fix? }`:
 * - `GET /api/automations` → `{ automations }` (each with `state`, and `broken` with the reason)
 * - `POST /api/automations` `{ template?, id?, name?, trigger, action, mode?, max?, rateLimit?, enabled? }` → 201 `{ automation }`
 * - `GET /api/automations/catalog` → `{ catalog: { listeners, templates, actions, hostEvents } }`, asked of the host per request
 * - `GET /api/automations/<id>` → `{ automation }`; `DELETE` → `{ removed }`
 * - `POST /api/automations/<id>/enable` | `/disable` → `{ automation }`
 * - `GET /api/automations/<id>/runs[?limit=N]` → `{ runs }` (newest first)
 * - `POST /api/automations/<id>/test` `{ event: { type?, attributes?, projectId? } }` → `{ test }` (nothing runs)
 */
export async function handleAutomationsApi(ctx: HubContext, req: IncomingMessage, res: ServerResponse, path: string, query: string): Promise<void> {
  const automations = ctx.host.automations;
  const method = req.method ?? 'GET';
  const parts = path.split('/').slice(3).map((p) => decodeURIComponent(p));
  const allow = (...methods: string[]): boolean => {
    if (methods.includes(method)) return true;
    res.setHeader('allow', methods.join(', '));
    sendJson(res, 405, { error: `${method} is not allowed on ${path}; use ${methods.join(' or ')}`, code: 'METHOD_NOT_ALLOWED' });
    return false;
  };
  try {
    const [id, sub, extra] = parts;
    if (id === undefined) {
      if (!allow('GET', 'POST')) return;
      if (method === 'GET') return sendJson(res, 200, { automations: await automations.list() });
      const body = await objectBody(req, res);
      if (body) sendJson(res, 201, { automation: await automations.add(body) });
      return;
    }
    if (id === 'catalog' && sub === undefined) {
      if (allow('GET')) sendJson(res, 200, { catalog: await automations.catalog() });
      return;
    }
    if (extra !== undefined || id === '') return sendJson(res, 404, { error: `no API route ${path}`, code: 'NOT_FOUND' });
    if (sub === undefined) {
      if (!allow('GET', 'DELETE')) return;
      if (method === 'GET') return sendJson(res, 200, { automation: await automations.get(id) });
      await automations.remove(id);
      return sendJson(res, 200, { removed: id });
    }
    if (sub === 'enable' || sub === 'disable') {
      if (allow('POST')) sendJson(res, 200, { automation: await automations.setEnabled(id, sub === 'enable') });
      return;
    }
    if (sub === 'runs') {
      if (!allow('GET')) return;
      const limit = Number(new URLSearchParams(query).get('limit') ?? 100);
      if (!Number.isSafeInteger(limit) || limit < 1) return sendJson(res, 400, { error: 'limit must be a positive integer', code: 'INVALID_PARAMS' });
      return sendJson(res, 200, { runs: automations.runs(id, limit) });
    }
    if (sub === 'test') {
      if (!allow('POST')) return;
      const body = await objectBody(req, res);
      if (!body) return;
      const event = body['event'];
      if (typeof event !== 'object' || event === null || Array.isArray(event)) return sendJson(res, 400, { error: 'the body must be { "event": { "type"?, "attributes"?, "projectId"? } }', code: 'INVALID_PARAMS' });
      return sendJson(res, 200, { test: await automations.test(id, event as Record<string, unknown>) });
    }
    sendJson(res, 404, { error: `no API route ${path}`, code: 'NOT_FOUND' });
  } catch (error) {
    if (!isOutboardError(error)) throw error;
    const fix = error.hint ?? ERROR_CODES[error.code].fix;
    sendJson(res, STATUS[error.code] ?? 500, { error: error.message, code: error.code, fix });
  }
}

async function objectBody(req: IncomingMessage, res: ServerResponse): Promise<Record<string, unknown> | undefined> {
  const body = await readJsonBody(req);
  if ('refused' in body) {
    sendJson(res, body.status, { error: body.refused, code: 'INVALID_BODY' });
    return undefined;
  }
  if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) {
    sendJson(res, 400, { error: 'the body must be a JSON object', code: 'INVALID_BODY', fix: 'send Content-Type: application/json and an object' });
    return undefined;
  }
  return body.value as Record<string, unknown>;
}
