import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { NotStartedByHostError, environmentPrefix, hostCommandOf, prefixedHeader } from './environment.js';

/** A running sidecar. */
export interface Sidecar {
  readonly server: Server;
  /** The port it listens on (127.0.0.1). */
  readonly port: number;
  /** Stops listening. */
  close(): Promise<void>;
}

/** Options of {@link serveSidecar}; the defaults come from the environment the hub sets. */
export interface SidecarOptions {
  readonly env?: NodeJS.ProcessEnv;
  /** Exit the process when stdin (the hub's lifetime pipe) closes. Default true. */
  readonly exitOnStdinEnd?: boolean;
}

/**
 * The path the hub mounts the sidecar under (`/x/<name>/`), from the `X-Outboard-Base-Path` header the
 * hub adds; '/' when absent or malformed. Build every link and asset URL on it.
 */
export function sidecarBasePath(req: IncomingMessage, prefix = environmentPrefix() ?? 'OUTBOARD'): string {
  const value = req.headers[prefixedHeader(prefix, 'base-path')];
  const path = Array.isArray(value) ? value[0] : value;
  if (typeof path !== 'string' || !/^\/[A-Za-z0-9._~\/-]*$/.test(path) || path.includes('//') || path.split('/').some((s) => s === '.' || s === '..')) return '/';
  return path.endsWith('/') ? path : `${path}/`;
}

/**
 * Serves a hub sidecar: listens on `PORT` at 127.0.0.1, refuses every HTTP request and WebSocket upgrade
 * (health probes included) without the right `X-Outboard-Sidecar-Secret` (compared in constant time),
 * removes that header before your code sees the request (so it cannot be echoed), and exits when stdin
 * closes. Pass a request handler, or an `http.Server` you configured (WebSocket servers attached to it
 * before or after are gated too).
 * @throws NotStartedByHostError when `PORT` or the secret is missing (the hub starts sidecars).
 */
export async function serveSidecar(handlerOrServer: RequestListener | Server, options: SidecarOptions = {}): Promise<Sidecar> {
  const env = options.env ?? process.env;
  const prefix = environmentPrefix(env) ?? 'OUTBOARD';
  const secret = env[`${prefix}_SIDECAR_SECRET`];
  const port = Number(env.PORT);
  if (!secret) throw new NotStartedByHostError(`${prefix}_SIDECAR_SECRET is not set: this is a sidecar, the hub starts it (${hostCommandOf(prefix)} hub start)`);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new NotStartedByHostError(`PORT is not a port number (${JSON.stringify(env.PORT)}): the hub sets it`);
  const header = prefixedHeader(prefix, 'sidecar-secret');
  const expected = digest(secret);
  const server = typeof handlerOrServer === 'function' ? createServer(handlerOrServer) : handlerOrServer;
  gate(server, (req) => {
    const got = req.headers[header];
    const ok = typeof got === 'string' && timingSafeEqual(digest(got), expected);
    stripHeader(req, header);
    return ok;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  if (options.exitOnStdinEnd ?? true) {
    process.stdin.on('end', () => process.exit(0));
    process.stdin.on('error', () => process.exit(0));
    process.stdin.resume();
  }
  return { server, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Checks every 'request' and 'upgrade' before any listener sees it, however and whenever listeners were added. */
function gate(server: Server, allowed: (req: IncomingMessage) => boolean): void {
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event === 'request' && !allowed(args[0] as IncomingMessage)) {
      const res = args[1] as ServerResponse;
      res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end('401: this sidecar answers only the hub\n');
      return true;
    }
    if (event === 'upgrade' && !allowed(args[0] as IncomingMessage)) {
      (args[1] as Duplex).end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return true;
    }
    return emit(event, ...args);
  }) as Server['emit'];
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function stripHeader(req: IncomingMessage, header: string): void {
  delete req.headers[header];
  for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2) if (req.rawHeaders[i]?.toLowerCase() === header) req.rawHeaders.splice(i, 2);
}

