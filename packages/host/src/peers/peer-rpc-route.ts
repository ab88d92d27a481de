import type { PeerFleet } from './peer-fleet.js';
import type { PeerRpcRoute } from '../calls/rpc-registry.js';

/**
 * The peers' declared methods as a route of the registry: declarations read from the enabled extensions'
 * manifests (no peer started), calls routed by `PeerFleet.callRpc` (which refuses collisions naming every
 * declarer, via contributions/contribution-owner.ts).
 */
export function peerRpcRoute(peers: PeerFleet): PeerRpcRoute {
  return {
    declarers: async (method) => (await peers.peerExtensions()).filter((e) => (e.manifest.contributes?.rpc ?? []).includes(method)).map((e) => e.name),
    declared: async () => (await peers.peerExtensions()).flatMap((e) => (e.manifest.contributes?.rpc ?? []).map((method) => ({ method, owner: e.name }))),
    call: (method, params, signal) => peers.callRpc(method, params, { signal }),
  };
}
