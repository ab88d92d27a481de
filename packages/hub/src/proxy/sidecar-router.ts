// The seam between the hub's route table (authentication, path checks, API) and its sidecars (launch, lifecycle, proxy).
// The server calls a router only with requests it has already authenticated and whose mount it has checked.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Where a request is mounted: which sidecar, the path inside it, and the base path the sidecar is served under. */
export interface SidecarMount {
  name: string;        // the extension's slug
  path: string;        // the request path after the mount, always starting with '/' (query string included)
  basePath: string;    // '/x/<name>/' on the hub origin, '/' on the isolated origin <name>.localhost
}

/** Why a sidecar is not served now: the status and line of the refusal, with its code and fix when the router knows them (default SIDECAR_NOT_SERVED). */
export interface SidecarVerdict {
  status: number;
  error: string;
  code?: 'SIDECAR_UNKNOWN' | 'SIDECAR_NOT_SERVED' | 'SIDECAR_UNAVAILABLE';
  fix?: string;
}

/** Proxies authenticated requests to extension sidecars and controls their lifecycle. */
export interface SidecarRouter {
  /** Proxies an ALREADY AUTHENTICATED request (token checked, token header/cookie still present: the router strips them). */
  handleRequest(req: IncomingMessage, res: ServerResponse, mount: SidecarMount): void;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, mount: SidecarMount): void;
  /**
   * Whether `name`'s sidecar is served now, by the verdict the proxy itself applies (fresh approvals):
   * undefined, or the refusal's status and text. The hub asks it before handing out a code for the
   * extension's own origin and before exchanging one, so the three give one answer.
   */
  verdict(name: string): Promise<SidecarVerdict | undefined>;
  /** For the hub API and pages: `pid`/`startedAt` (ms) while one runs, `retryAt` (ms) while restarts back off. */
  list(): Array<{ name: string; state: string; recentCrashes: number; lastError: string | null; pid?: number; startedAt?: number; retryAt?: number }>;
  stop(name: string): Promise<boolean>;   // false when none was running
  restart(name: string): Promise<boolean>;
  stopAll(): Promise<void>;
}
