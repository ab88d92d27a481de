import type { HostRegistries } from '../host-registries.js';
import { publishContributionActivity } from '../bus/host-activity.js';
import { peerRpcRoute } from './peer-rpc-route.js';
import type { PeerFleet } from './peer-fleet.js';

/**
 * Connects a new peer fleet to the host's registries: its peers' declared RPC methods join the one
 * registry, and their notifications and status changes are published on the bus. Undone when the fleet is
 * disposed (it owns the returned handles).
 */
export function wirePeers(peers: PeerFleet, services: HostRegistries, hostId: string): void {
  peers.own(services.rpc.routePeers(peerRpcRoute(peers)));
  peers.own(publishContributionActivity(services.bus, hostId, peers.contributions, peers.notifications));
}
