import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Host, PeerFleet } from '@outboard/host';
import { LOGIN_CODE_TTL_MS, OneTimeCodes } from '../auth/one-time-codes.js';
import { SidecarSessions } from '../auth/sidecar-sessions.js';
import { problem, problemOf } from '../http/problem.js';
import { replyProblem, replyProblemOnSocket } from '../http/reply.js';
import type { SidecarRouter } from '../proxy/sidecar-router.js';
import type { HubContext } from '../routing/hub-context.js';
import type { Route } from '../routing/route.js';
import { WsEndpoint } from '../transports/ws-endpoint.js';
import { admit } from './gate.js';
import { routeTable } from './route-table.js';
import { signInLink } from './sign-in.js';
import type { HubMetrics } from '../metrics/hub-metrics.js';

/** Largest request head (request line and headers) the hub reads, in bytes; a larger one is answered 431. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** Options of {@link HubServer}. */
export interface HubServerOptions {
  /** The host whose home, extensions and projects the hub serves. Required. */
  host: Host;
  /** Proxies `/x/<name>/` (and the sidecar origins) to sidecars. Required. */
  router: SidecarRouter;
  /** The per-user token (see `ensureHubToken`). Required. */
  token: string;
  /** The shared peers behind `/api/rpc` and the status items. Default: none (`/api/rpc` answers unavailable). */
  peers?: PeerFleet;
  /** The CLI entry serving this home, shown as `<id>Bin` in the projects API. Default null. */
  bin?: string | null;
  /** The metrics `/metrics` serves (and the requests and sockets they count). Default: none (`/metrics` answers 503). */
  metrics?: HubMetrics;
}

/**
 * The hub's HTTP server on 127.0.0.1: every request and WebSocket upgrade is admitted by the gate (Host,
 * path, its row in the one route table, token, Origin), then handed to that row: the API, a transport, a
 * page or the sidecar proxy. Listens on one port; `close()` stops accepting and ends open connections.
 */
export class HubServer {
  readonly #server: Server;
  readonly #ctx: HubContext;
  readonly #ws: WsEndpoint;
  readonly #routes: readonly Route[];
  #port = 0;

  constructor(options: HubServerOptions) {
    if (typeof options.token !== 'string' || options.token.length < 16) throw new TypeError('HubServer token must be the hub token (at least 16 characters)');
    this.#ctx = {
      host: options.host,
      router: options.router,
      sessions: new SidecarSessions(),
      logins: new OneTimeCodes<true>({ ttlMs: LOGIN_CODE_TTL_MS, maxPending: 100 }),
      token: options.token,
      port: () => this.#port,
      peers: options.peers,
      bin: options.bin ?? null,
      version: options.host.identity.version,
      metrics: options.metrics,
    };
    this.#ws = new WsEndpoint({ bus: options.host.bus, rpc: options.host.rpc });
    this.#routes = routeTable(options.host.identity.id, this.#ws);
    this.#server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => void this.#onRequest(req, res));
    this.#server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.#onUpgrade(req, socket, head));
    this.#server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      if (socket.writable) replyProblemOnSocket(socket, problem(options.host.identity, 'HUB_BAD_REQUEST', status === 431 ? `the request head is over ${MAX_HEADER_BYTES} bytes` : 'malformed request', { status }));
      else socket.destroy();
    });
  }

  /** The port it listens on (0 before `listen`). */
  get port(): number {
    return this.#port;
  }

  /**
   * A fresh sign-in link, `http://127.0.0.1:<port>/?code=<one-time code>` (single use, valid 2 minutes), and
   * its expiry in ms since the epoch. Throws before `listen`.
   */
  signInLink(): { url: string; expiresAt: number } {
    if (this.#port === 0) throw new Error('HubServer.signInLink: the hub is not listening yet');
    return signInLink(this.#ctx);
  }

  /** Listens on 127.0.0.1:`port` (0: a free port); rejects with the listen error (EADDRINUSE...). */
  listen(port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error): void => reject(error);
      this.#server.once('error', onError);
      this.#server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
        this.#server.off('error', onError);
        this.#port = (this.#server.address() as AddressInfo).port;
        resolve(this.#port);
      });
    });
  }

  /** Stops listening and closes every connection (idempotent). */
  async close(): Promise<void> {
    if (!this.#server.listening) return;
    this.#ws.close();
    await new Promise<void>((resolve) => {
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const admitted = await admit(this.#ctx, this.#routes, req, false);
      if ('status' in admitted) return replyProblem(req, res, admitted);
      const { route, ...call } = admitted;
      this.#ctx.metrics?.trackRequest(req, res, this.#proxied(route.path, call) ?? { kind: 'hub', path: call.path });
      await route.handle?.({ ctx: this.#ctx, req, res, ...call });
    } catch (error) {
      replyProblem(req, res, problemOf(this.#ctx.host.identity, error));
    }
  }

  /** The sidecar a routed request goes to (its `/x/<name>/` mount or its own origin), for the metrics; else undefined. */
  #proxied(routePath: string, call: { params: Readonly<Record<string, string>>; origin: { kind: string; name?: string } }): { kind: 'sidecar'; name: string } | undefined {
    if (call.origin.kind === 'sidecar' && call.origin.name !== undefined) return { kind: 'sidecar', name: call.origin.name };
    const name = call.params['name'];
    return routePath.startsWith('/x/') && name !== undefined ? { kind: 'sidecar', name } : undefined;
  }

  async #onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => undefined);
    try {
      const admitted = await admit(this.#ctx, this.#routes, req, true);
      if ('status' in admitted) return replyProblemOnSocket(socket, admitted);
      const { route, ...call } = admitted;
      this.#ctx.metrics?.trackSocket(socket, this.#proxied(route.path, call) ? 'proxy' : 'api');
      await route.upgrade?.({ ctx: this.#ctx, req, socket, head, ...call });
    } catch (error) {
      replyProblemOnSocket(socket, problemOf(this.#ctx.host.identity, error));
    }
  }
}
