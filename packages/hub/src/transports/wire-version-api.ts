import type { ServerResponse } from 'node:http';
import { negotiateWireVersion, SUPPORTED_WIRE_VERSIONS } from '@outboard/host';
import type { HubContext } from '../server/hub-context.js';
import { sendError, sendJson } from '../server/http-reply.js';

/**
 * `GET /api/version[?version=1,2]`: the hub's name (the host id) and version, the home it serves, the wire
 * version it speaks and every one it supports. A CLI trusts a hub only once this answered with its own host id
 * and home. A client states the versions it speaks with `version`; the answer's `wireVersion` is then the
 * highest common one (400 when none is).
 */
export function answerVersion(ctx: HubContext, res: ServerResponse, query: string): void {
  const stated = new URLSearchParams(query).get('version');
  const offered = stated === null ? undefined : stated.split(',').map((v) => Number(v.trim()));
  const wireVersion = offered?.some((v) => !Number.isSafeInteger(v) || v < 1) ? undefined : negotiateWireVersion(offered);
  if (wireVersion === undefined) {
    return sendError(res, 400, `no common wire version: this hub speaks ${SUPPORTED_WIRE_VERSIONS.join(', ')}, the client stated ${JSON.stringify(stated)}`);
  }
  sendJson(res, 200, { name: ctx.host.identity.id, version: ctx.version, home: ctx.host.home, wireVersion, wireVersions: [...SUPPORTED_WIRE_VERSIONS] });
}
