import { checkHub, isHubProblem } from '@outboard/client';
import type { HostCore } from '@outboard/host';
import type { HubEndpoint } from './hub-endpoint.js';

/** What {@link findTrustedHub} concluded: the hub to use, none running, or one named in hub.json that is not trusted (and why). */
export type HubTrust = { kind: 'trusted'; hub: HubEndpoint } | { kind: 'none' } | { kind: 'untrusted'; url: string; why: string };

/**
 * The hub of this home, trusted only once @outboard/client's check of `GET /api/version` found a hub of this
 * host id serving this home and speaking a common API version. hub.json may name a live pid whose port now
 * answers as something else: such a hub is `untrusted`, with the reason, and the caller runs privately after
 * one warning line. Never throws.
 */
export async function findTrustedHub(host: Pick<HostCore, 'runningHub' | 'home' | 'identity'>): Promise<HubTrust> {
  const found = host.runningHub();
  if (!found) return { kind: 'none' };
  const hub: HubEndpoint = { url: found.url, token: found.token };
  const answer = await checkHub(hub, { hostId: host.identity.id, home: host.home });
  return isHubProblem(answer) ? { kind: 'untrusted', url: found.url, why: answer.why } : { kind: 'trusted', hub };
}
