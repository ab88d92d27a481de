import { SUPPORTED_WIRE_VERSIONS } from '@outboard/host';
import { replyJson } from '../http/reply.js';
import { refuse } from '../routing/refuse.js';
import type { HttpCall } from '../routing/route.js';
import { agreeWireVersion } from '../transports/wire-version.js';

/**
 * `GET /api/version[?version=1,2]`: the hub's name (the host id) and version, the home it serves, the wire
 * version it speaks and every one it supports. A CLI trusts a hub only once this answered with its own host id
 * and home. A client states the versions it speaks with `version`; the answer's `wireVersion` is then the
 * highest common one (400 HUB_WIRE_VERSION when none is).
 */
export function answerVersion(call: HttpCall): void {
  const { ctx } = call;
  const agreed = agreeWireVersion(call.query);
  if ('refused' in agreed) return refuse(call, 'HUB_WIRE_VERSION', agreed.refused);
  replyJson(call.res, 200, { name: ctx.host.identity.id, version: ctx.version, home: ctx.host.home, wireVersion: agreed.version, wireVersions: [...SUPPORTED_WIRE_VERSIONS] });
}
