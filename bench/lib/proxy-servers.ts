// The proxies bench/hub-proxy.ts compares, each run in a process of its own (`--serve <kind> ...`): the hub's
// SidecarFleet (the per-request path behind the server: approval re-check, supervisor, proxy), the whole hub
// (`startHub`: its server's admission checks in front of the same manager), the hub's proxy alone (undici
// upstream), the same proxy with a node:http keep-alive agent upstream (the measurement that chose undici), and
// http-proxy with a keep-alive agent, a TCP relay (bytes piped, no HTTP: the floor of any proxy), and a ws message relay (the alternative to piping upgraded sockets). Each prints `{"port":N}` once listening.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import httpProxy from 'http-proxy';
import WebSocket, { WebSocketServer } from 'ws';
import { createHost, createHostCore } from '@outboard/host';
import { LeanUpstream } from './lean-upstream.js';
import { SidecarFleet, forwardRequestHeaders, forwardResponseHeaders, proxyHttp, proxyNames, proxyUpgrade, startHub, upstreamPool } from '@outboard/hub';

/** Sockets each proxy may keep open to the sidecar. */
const UPSTREAM_SOCKETS = 256;
const SECRET_HEADER = 'x-outboard-sidecar-secret';
const NAMES = proxyNames('outboard');
const MOUNT = /^\/x\/([a-z][a-z0-9-]*)(\/.*)$/;

function mountOf(url: string): { name: string; path: string; basePath: string } {
  const m = MOUNT.exec(url);
  if (!m) return { name: '', path: url, basePath: '/' };
  return { name: m[1] as string, path: m[2] as string, basePath: `/x/${m[1]}/` };
}

function listen(server: http.Server): void {
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`));
}

/** Serves one kind of proxy; `target` is the direct sidecar's port (unused by the hub, which starts its own). */
export function serveProxy(kind: string, arg: string, secret: string): void {
  if (kind === 'hub') {
    const host = createHostCore({ identity: { id: 'outboard', version: '0.1.0' }, home: arg, cwd: arg, env: { ...process.env, OUTBOARD_HOME: arg } });
    const manager = new SidecarFleet({ host });
    const server = http.createServer((req, res) => manager.handleRequest(req, res, mountOf(req.url ?? '/')));
    server.on('upgrade', (req, socket, head) => manager.handleUpgrade(req, socket, head, mountOf(req.url ?? '/')));
    process.on('SIGTERM', () => void manager.stopAll().then(() => process.exit(0)));
    return listen(server);
  }
  if (kind === 'hub-watched') {
    // The manager as the hub runs it: its host watches the home, so a request's freshness check is one
    // comparison of the inventory's generation (bench/hub-freshness.ts compares it with the proxy alone).
    const host = createHost({ identity: { id: 'outboard', version: '0.1.0' }, home: arg, cwd: arg, env: { ...process.env, OUTBOARD_HOME: arg } });
    const watch = host.watchHome();
    const manager = new SidecarFleet({ host });
    const server = http.createServer((req, res) => manager.handleRequest(req, res, mountOf(req.url ?? '/')));
    process.on('SIGTERM', () => void manager.stopAll().then(() => (watch.dispose(), process.exit(0))));
    return listen(server);
  }
  if (kind === 'hub-server') {
    // The whole hub as `hub start` runs it: its server admits every request (Host, path, token, Origin, mount)
    // before the same SidecarFleet proxies it. The token is in <home>/token.
    void startHub({ host: { identity: { id: 'outboard', version: '0.1.0' }, home: arg, env: { ...process.env, OUTBOARD_HOME: arg } }, port: 0 }).then((hub) => {
      process.on('SIGTERM', () => void hub.stop('benchmark over').then(() => process.exit(0)));
      process.stdout.write(`${JSON.stringify({ port: hub.port })}\n`);
    });
    return;
  }
  const port = Number(arg);
  if (kind === 'undici') {
    // The hub's proxy as it ships (undici pool), without the manager in front.
    const target = { name: 'bench', port, secret, dispatcher: upstreamPool(port, UPSTREAM_SOCKETS, 30_000), logFile: '-', headersTimeoutMs: 30_000 };
    const server = http.createServer((req, res) => proxyHttp(req, res, mountOf(req.url ?? '/'), target, NAMES));
    server.on('upgrade', (req, socket, head) => proxyUpgrade(req, socket, head, mountOf(req.url ?? '/'), target, NAMES, () => () => undefined));
    return listen(server);
  }
  if (kind === 'node') {
    // The same proxy with a node:http keep-alive agent upstream: the measured alternative.
    const agent = new http.Agent({ keepAlive: true, maxSockets: UPSTREAM_SOCKETS });
    const server = http.createServer((req, res) => {
      const mount = mountOf(req.url ?? '/');
      const headers = forwardRequestHeaders(req.rawHeaders, { ...NAMES, basePath: mount.basePath, secret, clientAddress: req.socket.remoteAddress ?? '', proto: 'http' });
      const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: mount.path, headers, agent }, (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, forwardResponseHeaders(upRes.rawHeaders, { basePath: mount.basePath, ownCookiePrefix: NAMES.ownCookiePrefix, requestHost: req.headers.host }));
        upRes.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) req.pipe(upstream);
      else upstream.end();
    });
    return listen(server);
  }
  if (kind === 'lean') {
    // The measurement of a leaner upstream (bodiless requests only; see lean-upstream.ts): not what ships.
    const upstream = new LeanUpstream(port);
    const server = http.createServer((req, res) => {
      const mount = mountOf(req.url ?? '/');
      const headers = forwardRequestHeaders(req.rawHeaders, { ...NAMES, basePath: mount.basePath, secret, clientAddress: req.socket.remoteAddress ?? '', proto: 'http' });
      upstream.request(req.method ?? 'GET', mount.path, headers, res, mount.basePath);
    });
    return listen(server);
  }
  if (kind === 'ws-relay') {
    // The alternative to piping upgraded sockets: end the WebSocket here and relay messages over a second one.
    const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, handleProtocols: (offered) => [...offered][0] ?? false });
    const server = http.createServer((_req, res) => res.writeHead(404).end());
    server.on('upgrade', (req, socket, head) => {
      const offered = String(req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim()).filter(Boolean);
      const upstream = new WebSocket(`ws://127.0.0.1:${port}${mountOf(req.url ?? '/').path}`, offered, { headers: { [SECRET_HEADER]: secret }, perMessageDeflate: false });
      upstream.once('open', () =>
        wss.handleUpgrade(req, socket, head, (client) => {
          client.on('message', (data, binary) => upstream.send(data, { binary }));
          upstream.on('message', (data, binary) => client.send(data, { binary }));
          client.on('close', () => upstream.close());
          upstream.on('close', () => client.close());
        }),
      );
      upstream.once('error', () => socket.destroy());
    });
    return listen(server);
  }
  if (kind === 'tcp-relay') {
    // No HTTP at all: each client connection piped byte for byte to a connection of its own to the sidecar.
    // The least any proxy in Node can do per request (read every byte once, write it once): its floor.
    const server = net.createServer((client) => {
      const upstream = net.connect({ host: '127.0.0.1', port });
      client.setNoDelay(true);
      upstream.setNoDelay(true);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
    });
    server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`));
    return;
  }
  if (kind === 'http-proxy') {
    const proxy = httpProxy.createProxyServer({ target: `http://127.0.0.1:${port}`, agent: new http.Agent({ keepAlive: true, maxSockets: UPSTREAM_SOCKETS }), headers: { [SECRET_HEADER]: secret }, ws: true });
    proxy.on('error', (_e, _req, res) => {
      if ('writeHead' in res && !res.headersSent) res.writeHead(502);
      res.end();
    });
    const server = http.createServer((req, res) => {
      req.url = mountOf(req.url ?? '/').path;
      proxy.web(req, res);
    });
    return listen(server);
  }
  throw new Error(`unknown proxy kind ${kind}`);
}
