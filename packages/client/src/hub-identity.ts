import { realpathSync } from 'node:fs';
import { authHeaders, type HubEndpoint } from './hub-endpoint.js';

/** The hub API versions this client speaks, oldest first. */
export const CLIENT_API_VERSIONS: readonly number[] = Object.freeze([1]);
/** How long `/api/version` may take to answer, in ms, by default. */
export const VERSION_TIMEOUT_MS = 2000;

/** What `GET /api/version` says about a hub. */
export interface HubIdentity {
  /** The host id the hub serves (`outboard` for the reference host). */
  readonly name: string;
  /** The hub's (host's) version. */
  readonly version: string;
  /** The home folder it serves. */
  readonly home: string;
  /** The hub API version this client and the hub will speak: the highest both speak. */
  readonly apiVersion: number;
  /** Every hub API version the hub speaks. */
  readonly apiVersions: readonly number[];
}

/** Why a hub is not the one to use: the code the client raises and the reason, worded to follow "not using the hub: ". */
export interface HubProblem {
  readonly code: 'CLIENT_UNREACHABLE' | 'CLIENT_REFUSED' | 'CLIENT_NOT_THIS_HUB' | 'CLIENT_API_VERSION';
  readonly why: string;
}

/** What {@link checkHub} is to hold the hub to. */
export interface HubExpectation {
  /** The host id the hub must serve. */
  hostId: string;
  /** The home it must serve; undefined: any (a client given only a URL). */
  home?: string | undefined;
  /** The API versions the client speaks. Default {@link CLIENT_API_VERSIONS}. */
  apiVersions?: readonly number[];
  /** Default {@link VERSION_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/**
 * Asks `GET /api/version` (with the token) and holds the answer to `expected`: a hub of this host id, serving
 * this home, speaking a common API version. hub.json may name a live pid whose port now answers as something
 * else (a reused pid, another home's hub, any web server). Never throws: a problem is returned.
 */
export async function checkHub(hub: HubEndpoint, expected: HubExpectation): Promise<HubIdentity | HubProblem> {
  const timeoutMs = expected.timeoutMs ?? VERSION_TIMEOUT_MS;
  let res: Response;
  try {
    res = await fetch(new URL('api/version', hub.url), { headers: authHeaders(hub), signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    return { code: 'CLIENT_UNREACHABLE', why: (error as Error).name === 'TimeoutError' ? `it did not answer /api/version within ${timeoutMs / 1000} s` : `it could not be reached (${typeof cause === 'string' ? cause : (error as Error).message})` };
  }
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse((await res.text()).slice(0, 64 * 1024)) as Record<string, unknown>;
  } catch {
    // not JSON: not a hub
  }
  if (res.status === 401 || res.status === 403) return { code: 'CLIENT_REFUSED', why: `it refused this home's token (${res.status})` };
  if (!res.ok || typeof body !== 'object' || body === null || typeof body.name !== 'string') return { code: 'CLIENT_NOT_THIS_HUB', why: `it answered /api/version as something other than a hub (${res.status})` };
  if (body.name !== expected.hostId) return { code: 'CLIENT_NOT_THIS_HUB', why: `it is a hub of ${JSON.stringify(body.name)}, not of ${expected.hostId}` };
  if (typeof body.home !== 'string') return { code: 'CLIENT_NOT_THIS_HUB', why: 'it does not say which home it serves (an older hub: restart it)' };
  if (expected.home !== undefined && !sameFolder(body.home, expected.home)) return { code: 'CLIENT_NOT_THIS_HUB', why: `it serves another home (${body.home})` };
  const hubVersions = Array.isArray(body.wireVersions) ? body.wireVersions.filter((v): v is number => Number.isSafeInteger(v)) : [typeof body.wireVersion === 'number' ? body.wireVersion : 1];
  const mine = expected.apiVersions ?? CLIENT_API_VERSIONS;
  const common = mine.filter((v) => hubVersions.includes(v));
  if (common.length === 0) return { code: 'CLIENT_API_VERSION', why: apiVersionMismatch(mine, hubVersions, typeof body.version === 'string' ? body.version : '?') };
  return { name: body.name, version: typeof body.version === 'string' ? body.version : '', home: body.home, apiVersion: Math.max(...common), apiVersions: hubVersions };
}

/** True when {@link checkHub} answered a problem. */
export function isHubProblem(answer: HubIdentity | HubProblem): answer is HubProblem {
  return 'why' in answer;
}

/** The one sentence for a version mismatch: both versions, and which side to upgrade. */
function apiVersionMismatch(client: readonly number[], hub: readonly number[], hubVersion: string): string {
  const list = (vs: readonly number[]): string => vs.join(', ') || 'none';
  const older = Math.max(...client) < Math.min(...hub) ? 'upgrade the client (@outboard/client or outboard_client)' : 'upgrade the hub';
  return `this client speaks hub API version ${list(client)}, and the hub (version ${hubVersion}) speaks hub API version ${list(hub)}: ${older}`;
}

function sameFolder(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}
