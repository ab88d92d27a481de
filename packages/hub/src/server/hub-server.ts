import { createServer, STATUS_CODES } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Host, PeerManager } from '@outboard/host';
import { LOGIN_CODE_TTL_MS, OneTimeCodes } from '../auth/one-time-codes.js';
import { SidecarSessions } from '../auth/sidecar-sessions.js';
import { HUB_API_VERSION } from '../api/api-version.js';
import type { HubContext } from './hub-context.js';
import { sendError } from './http-reply.js';
import { signInLink } from './sign-in-link.js';
import { admit, sendRefusal, serveHub, type Refusal } from './request-handler.js';
import type { SidecarRouter } from './sidecar-router.js';
import { WsEndpoint } from '../transports/ws-endpoint.js';
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
  peers?: PeerManager;
  /** The CLI entry serving this home, shown as `<id>Bin` in the projects API. Default null. */
  bin?: string | null;
  /** The metrics `/metrics` serves (and the requests and sockets they count). Default: none (`/metrics` answers 503). */
  metrics?: HubMetrics;
}

/**
 * The hub's HTTP server on 127.0.0.1: every request and WebSocket upgrade is admitted (Host, path, token,
 * Origin, mount) before the API, a page or the sidecar router sees it. Listens on one port; `close()`
 * stops accepting and ends open connections.
 */
export class HubServer {
  readonly #server: Server;
  readonly #ctx: HubContext;
  readonly #ws: WsEndpoint;
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
    this.#server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => void this.#onRequest(req, res));
    this.#server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => void this.#onUpgrade(req, socket, head));
    this.#server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      if (socket.writable) writeRawRefusal(socket, { status, error: status === 431 ? `the request head is over ${MAX_HEADER_BYTES} bytes` : 'malformed request' });
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
      const admitted = await admit(this.#ctx, req, false);
      if ('status' in admitted) return sendRefusal(res, admitted);
      this.#ctx.metrics?.trackRequest(req, res, admitted.kind === 'sidecar' ? { kind: 'sidecar', name: admitted.name } : { kind: 'hub', path: admitted.path });
      if (admitted.kind === 'sidecar') return this.#ctx.router.handleRequest(req, res, { name: admitted.name, path: admitted.path, basePath: admitted.basePath });
      await serveHub(this.#ctx, req, res, admitted.path, admitted.query);
    } catch (error) {
      if (!res.headersSent) sendError(res, 500, `the hub failed: ${(error as Error).message}`);
      else res.destroy();
    }
  }

  async #onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => undefined);
    try {
      const admitted = await admit(this.#ctx, req, true);
      if ('status' in admitted) return writeRawRefusal(socket, admitted);
      this.#ctx.metrics?.trackSocket(socket, admitted.kind === 'sidecar' ? 'proxy' : 'api');
      if (admitted.kind === 'sidecar') return this.#ctx.router.handleUpgrade(req, socket, head, { name: admitted.name, path: admitted.path, basePath: admitted.basePath });
      if (admitted.path === '/api/ws' || admitted.path === '/api/v1/ws') return this.#ws.handleUpgrade(req, socket, head, admitted.query);
      writeRawRefusal(socket, { status: 404, error: `no WebSocket endpoint at ${admitted.path}` });
    } catch (error) {
      writeRawRefusal(socket, { status: 500, error: `the hub failed: ${(error as Error).message}` });
    }
  }
}

/** A refusal written straight to a socket (upgrades and client errors have no ServerResponse), then the socket closed. */
function writeRawRefusal(socket: Duplex, refusal: Refusal): void {
  const body = JSON.stringify({ apiVersion: HUB_API_VERSION, error: refusal.error });
  const extra = Object.entries(refusal.headers ?? {}).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.end(`HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ''}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n${extra}\r\n${body}`);
}
