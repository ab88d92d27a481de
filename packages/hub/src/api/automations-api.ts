import { isOutboardError, type OutboardErrorCode } from '@outboard/host';
import { readJsonBody } from '../http/json-body.js';
import { replyJson } from '../http/reply.js';
import { refuse, refuseWithError } from '../routing/refuse.js';
import type { HttpCall, Route } from '../routing/route.js';

/** The HTTP status of each automations refusal. */
const STATUS: Readonly<Partial<Record<OutboardErrorCode, number>>> = {
  AUTOMATION_INVALID: 400,
  AUTOMATION_REFUSED: 422,
  AUTOMATION_TEMPLATE_UNKNOWN: 422,
  AUTOMATION_EXISTS: 409,
  AUTOMATION_NOT_FOUND: 404,
  STORE_NEWER_FORMAT: 409,
  STORE_CORRUPT: 500,
};

/**
 * `/api/automations` (DESIGN §7, §10): the route table's rows, versioned JSON like `/api/hub/*`; refusals are
 * `{ apiVersion, error, code, fix }` through the one reply module.
 * - `GET /api/automations` → `{ automations }` (each with `state`, and `broken` with the reason)
 * - `POST /api/automations` `{ template?, id?, name?, trigger, action, mode?, max?, rateLimit?, enabled? }` → 201 `{ automation }`
 * - `GET /api/automations/catalog` → `{ catalog: { listeners, templates, actions, hostEvents } }`, asked of the host per request
 * - `GET /api/automations/<id>` → `{ automation }`; `DELETE` → `{ removed }`
 * - `POST /api/automations/<id>/enable` | `/disable` → `{ automation }`
 * - `GET /api/automations/<id>/runs[?limit=N]` → `{ runs }` (newest first)
 * - `POST /api/automations/<id>/test` `{ event: { type?, attributes?, projectId? } }` → `{ test }` (nothing runs)
 */
export const automationsRoutes: readonly Route[] = [
  { path: '/api/automations', handle: guarded(async (call) => replyJson(call.res, 200, { automations: await call.ctx.host.automations.list() })) },
  {
    path: '/api/automations',
    methods: ['POST'],
    handle: guarded(async (call) => {
      const body = await objectBody(call);
      if (body) replyJson(call.res, 201, { automation: await call.ctx.host.automations.add(body) });
    }),
  },
  { path: '/api/automations/catalog', handle: guarded(async (call) => replyJson(call.res, 200, { catalog: await call.ctx.host.automations.catalog() })) },
  { path: '/api/automations/:id', handle: guarded(async (call) => replyJson(call.res, 200, { automation: await call.ctx.host.automations.get(idOf(call)) })) },
  {
    path: '/api/automations/:id',
    methods: ['DELETE'],
    handle: guarded(async (call) => {
      await call.ctx.host.automations.remove(idOf(call));
      replyJson(call.res, 200, { removed: idOf(call) });
    }),
  },
  { path: '/api/automations/:id/enable', methods: ['POST'], handle: guarded(async (call) => replyJson(call.res, 200, { automation: await call.ctx.host.automations.setEnabled(idOf(call), true) })) },
  { path: '/api/automations/:id/disable', methods: ['POST'], handle: guarded(async (call) => replyJson(call.res, 200, { automation: await call.ctx.host.automations.setEnabled(idOf(call), false) })) },
  {
    path: '/api/automations/:id/runs',
    handle: guarded(async (call) => {
      const limit = Number(new URLSearchParams(call.query).get('limit') ?? 100);
      if (!Number.isSafeInteger(limit) || limit < 1) return refuse(call, 'HUB_BAD_REQUEST', 'limit must be a positive integer');
      replyJson(call.res, 200, { runs: call.ctx.host.automations.runs(idOf(call), limit) });
    }),
  },
  {
    path: '/api/automations/:id/test',
    methods: ['POST'],
    handle: guarded(async (call) => {
      const body = await objectBody(call);
      if (!body) return;
      const event = body['event'];
      if (typeof event !== 'object' || event === null || Array.isArray(event)) return refuse(call, 'HUB_BAD_REQUEST', 'the body must be { "event": { "type"?, "attributes"?, "projectId"? } }');
      replyJson(call.res, 200, { test: await call.ctx.host.automations.test(idOf(call), event as Record<string, unknown>) });
    }),
  },
];

function idOf(call: HttpCall): string {
  return decodeURIComponent(call.params.id as string);
}

/** The handler, with an automations refusal (an OutboardError) answered with its own status. */
function guarded(handle: (call: HttpCall) => Promise<void>): (call: HttpCall) => Promise<void> {
  return async (call) => {
    try {
      await handle(call);
    } catch (error) {
      if (!isOutboardError(error)) throw error;
      const status = STATUS[error.code as OutboardErrorCode] ?? 500;
      refuseWithError(call, Object.assign(error, { status }));
    }
  };
}

async function objectBody(call: HttpCall): Promise<Record<string, unknown> | undefined> {
  const body = await readJsonBody(call.req);
  if ('refused' in body) {
    refuse(call, 'HUB_BAD_REQUEST', body.refused, { status: body.status });
    return undefined;
  }
  if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) {
    refuse(call, 'HUB_BAD_REQUEST', 'the body must be a JSON object', { fix: 'send Content-Type: application/json and an object' });
    return undefined;
  }
  return body.value as Record<string, unknown>;
}
