import type { Host, PeerFleet } from '@outboard/host';
import type { OneTimeCodes } from '../auth/one-time-codes.js';
import type { SidecarSessions } from '../auth/sidecar-sessions.js';
import type { SidecarRouter } from '../proxy/sidecar-router.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

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
  metrics: HubMeter | undefined;
}

/**
 * What the routing floor needs of the hub's metrics (metrics/hub-metrics.ts implements it): the text `/metrics`
 * serves, and counting of the requests and sockets the gate admits. Declared here so routing imports nothing above it.
 */
export interface HubMeter {
  readonly contentType: string;
  text(): Promise<string>;
  trackRequest(req: IncomingMessage, res: ServerResponse, target: { kind: 'sidecar'; name: string } | { kind: 'hub'; path: string }): void;
  trackSocket(socket: Duplex, kind: 'api' | 'proxy'): void;
}
