import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { serveSidecar, sidecarBasePath, type Sidecar } from '../src/sidecar.js';

const SECRET = 's3cr3t-value-0123456789';

/** A free loopback port (listen on 0, close). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

function get(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Sends a raw WebSocket upgrade and resolves with the first line of the answer. */
function upgrade(port: number, headers: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET /ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${headers}\r\n`);
    });
    let data = '';
    socket.setEncoding('utf8').on('data', (d: string) => {
      data += d;
      if (data.includes('\r\n')) {
        socket.destroy();
        resolve(data.split('\r\n')[0] as string);
      }
    });
    socket.on('error', reject);
  });
}

describe('serveSidecar', () => {
  let sidecar: Sidecar;
  let port: number;
  const seen: IncomingHttpHeaders[] = [];
  before(async () => {
    port = await freePort();
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res.end(JSON.stringify({ base: sidecarBasePath(req, 'OUTBOARD'), headers: req.headers, raw: req.rawHeaders }));
    });
    // A WebSocket server attached after serveSidecar is gated too.
    sidecar = await serveSidecar(server, { env: { OUTBOARD_EXTENSION_NAME: 'dash', PORT: String(port), OUTBOARD_SIDECAR_SECRET: SECRET }, exitOnStdinEnd: false });
    server.on('upgrade', (_req, socket) => socket.end('HTTP/1.1 101 Switching Protocols\r\n\r\n'));
  });
  after(() => sidecar.close());

  it('listens on 127.0.0.1:PORT', () => {
    assert.equal(sidecar.port, port);
    assert.equal((sidecar.server.address() as { address: string }).address, '127.0.0.1');
  });

  it('refuses requests without the secret or with a wrong one (health included) and never reaches the handler', async () => {
    const before = seen.length;
    for (const headers of [{} as Record<string, string>, { 'x-outboard-sidecar-secret': 'wrong' }, { 'x-outboard-sidecar-secret': `${SECRET}x` }, { 'x-outboard-sidecar-secret': SECRET.slice(0, -1) }]) {
      const r = await get(port, '/health', headers);
      assert.equal(r.status, 401);
      assert.ok(!r.body.includes(SECRET));
    }
    assert.equal(seen.length, before);
  });

  it('serves with the right secret, removes the secret header before the handler sees it, exposes the base path', async () => {
    const r = await get(port, '/', { 'x-outboard-sidecar-secret': SECRET, 'x-outboard-base-path': '/x/dash/' });
    assert.equal(r.status, 200);
    assert.ok(!r.body.includes(SECRET), 'the secret is never echoed');
    assert.equal((JSON.parse(r.body) as { base: string }).base, '/x/dash/');
    const odd = await get(port, '/', { 'x-outboard-sidecar-secret': SECRET, 'x-outboard-base-path': '/x/../evil' });
    assert.equal((JSON.parse(odd.body) as { base: string }).base, '/', 'a malformed base path is not trusted');
  });

  it('refuses a WebSocket upgrade without the secret; lets one with it through', async () => {
    assert.equal(await upgrade(port, ''), 'HTTP/1.1 401 Unauthorized');
    assert.equal(await upgrade(port, 'X-Outboard-Sidecar-Secret: nope\r\n'), 'HTTP/1.1 401 Unauthorized');
    assert.equal(await upgrade(port, `X-Outboard-Sidecar-Secret: ${SECRET}\r\n`), 'HTTP/1.1 101 Switching Protocols');
  });

  it('without PORT or secret it says the hub starts it', async () => {
    await assert.rejects(serveSidecar(() => undefined, { env: { PORT: '1' }, exitOnStdinEnd: false }), /SIDECAR_SECRET is not set: this is a sidecar, the hub starts it/);
    await assert.rejects(serveSidecar(() => undefined, { env: { OUTBOARD_SIDECAR_SECRET: 'x' }, exitOnStdinEnd: false }), /PORT is not a port number/);
  });
});
