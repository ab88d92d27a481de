import type { Host, PeerFleet } from '@outboard/host';
import type { OneTimeCodes } from '../auth/one-time-codes.js';
import type { SidecarSessions } from '../auth/sidecar-sessions.js';
import type { SidecarRouter } from '../proxy/sidecar-router.js';
import type { HubMetrics } from '../metrics/hub-metrics.js';

/** What the hub's request handlers share: one per hub. */
export interface HubContext {
  host: Host;
  router: SidecarRouter;
  sessions: SidecarSessions;
  /** The one-time codes of the sign-in links (`/?code=`). */
  logins: OneTimeCodes<true>;
  /** The per-user token (never logged, never sent anywhere but compared). */
  token: string;
  /** The port the hub listens on (known once listening). */
  port(): number;
  /** The shared peers, when this hub supervises them (the API's `/api/rpc` answers 503 without). */
  peers: PeerFleet | undefined;
  /** The CLI entry that serves this home (`<id>Bin` of the projects API), or null. */
  bin: string | null;
  /** The hub's version, for `/api/version`. */
  version: string;
  /** The hub's Prometheus metrics (`/metrics`), when it keeps them. */
  metrics: HubMetrics | undefined;
}
