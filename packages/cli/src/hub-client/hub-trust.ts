import { realpathSync } from 'node:fs';
import type { HostCore } from '@outboard/host';
import { authHeaders, type HubEndpoint } from './hub-endpoint.js';

/** How long the CLI waits for `/api/version` before it runs without the hub, in ms. */
const PROBE_TIMEOUT_MS = 2000;

/** What {@link findTrustedHub} concluded: the hub to use, none running, or one named in hub.json that is not trusted (and why). */
export type HubTrust = { kind: 'trusted'; hub: HubEndpoint } | { kind: 'none' } | { kind: 'untrusted'; url: string; why: string };

/**
 * The hub of this home, trusted only once it answered `GET /api/version` (with this home's token) as a hub of
 * this host id serving this home. hub.json may name a live pid whose port now answers as something else (a
 * reused pid, another home's hub, any web server): such a hub is `untrusted`, with the reason, and the caller
 * runs privately after one warning line. Never throws.
 */
export async function findTrustedHub(host: Pick<HostCore, 'runningHub' | 'home' | 'identity'>): Promise<HubTrust> {
  const found = host.runningHub();
  if (!found) return { kind: 'none' };
  const hub: HubEndpoint = { url: found.url, token: found.token };
  const why = await versionProblem(hub, host.identity.id, host.home);
  return why === undefined ? { kind: 'trusted', hub } : { kind: 'untrusted', url: found.url, why };
}

/** Why the hub at `hub.url` is not this home's hub, or undefined when it answered as it. */
async function versionProblem(hub: HubEndpoint, hostId: string, home: string): Promise<string | undefined> {
  let res: Response;
  try {
    res = await fetch(new URL('api/version', hub.url), { headers: authHeaders(hub), signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown } }).cause?.code;
    return (error as Error).name === 'TimeoutError' ? `it did not answer /api/version within ${PROBE_TIMEOUT_MS / 1000} s` : `it could not be reached (${typeof cause === 'string' ? cause : (error as Error).message})`;
  }
  let body: { name?: unknown; home?: unknown } | undefined;
  try {
    const text = (await res.text()).slice(0, 64 * 1024);
    body = JSON.parse(text) as typeof body;
  } catch {
    // not JSON: not a hub
  }
  if (res.status === 401 || res.status === 403) return `it refused this home's token (${res.status})`;
  if (!res.ok || typeof body !== 'object' || body === null || typeof body.name !== 'string') return `it answered /api/version as something other than a hub (${res.status})`;
  if (body.name !== hostId) return `it is a hub of ${JSON.stringify(body.name)}, not of ${hostId}`;
  if (typeof body.home !== 'string') return 'it does not say which home it serves (an older hub: restart it)';
  if (!sameFolder(body.home, home)) return `it serves another home (${body.home})`;
  return undefined;
}

function sameFolder(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}
