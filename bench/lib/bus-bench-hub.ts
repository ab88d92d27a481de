// The hub side of bench/bus-wire.ts, run in its own process: a host with a `bench.noop` plugin method behind
// a HubServer on 127.0.0.1, publishing events at the rate the parent asks for. Each event carries the
// monotonic clock (µs, system-wide on Linux) at publish, so the parent can measure emit-to-receive latency.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { createHost } from '@outboard/host';
import { HubServer, ensureHubToken } from '@outboard/hub';
import { watchScavenges } from './scavenge-watch.js';

const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

/**
 * Starts the hub, prints `{ port, token }`, then serves `emit <rate> <ms>` lines (answering `done <n>`) and
 * `scavenges` (answering `scavenges <JSON list of their epoch-ms start times>`) until stdin ends.
 */
export async function serveBenchHub(): Promise<void> {
  const scavenges = watchScavenges();
  const home = mkdtempSync(join(tmpdir(), 'bench-bus-hub-'));
  const host = createHost({ identity: { id: 'outboard', version: '0.0.0' }, home, cwd: home, env: {}, globalRoots: [], plugins: [{ name: 'bench', setup: (ctx) => void ctx.rpc.register('bench.noop', () => null) }] });
  const token = ensureHubToken(home);
  const router = { handleRequest: () => undefined, handleUpgrade: () => undefined, list: () => [], stop: async () => false, restart: async () => false, stopAll: async () => undefined };
  const server = new HubServer({ host, router: router as never, token });
  const port = await server.listen(0);
  const anchor = await startAnchor();
  process.stdout.write(`${JSON.stringify({ port, token, anchorPort: anchor.port })}\n`);
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const [command, rateText, msText] = line.trim().split(' ');
    if (command === 'scavenges') process.stdout.write(`scavenges ${JSON.stringify(scavenges.times)}\n`);
    if (command !== 'emit' && command !== 'emit-raw') continue;
    const rate = Number(rateText);
    const duration = Number(msText);
    const sink = command === 'emit' ? host.bus : { publish: (input: { attributes: object }) => anchor.broadcast(JSON.stringify({ jsonrpc: '2.0', method: 'events.event', params: { event: input } })) };
    const sent = await emit(sink, rate, duration);
    process.stdout.write(`done ${sent}\n`);
  }
  scavenges.stop();
  await server.close();
  anchor.close();
  rmSync(home, { recursive: true, force: true });
}

/**
 * The anchor, on its own port: a bare `ws` server and a bare HTTP server with none of the hub (no auth, no
 * bus, no registry). WebSocket clients get whatever `broadcast` sends and have `{ id }` messages echoed as
 * `{ jsonrpc, id, result: null }`; any HTTP POST is answered with the same.
 */
async function startAnchor(): Promise<{ port: number; broadcast(text: string): void; close(): void }> {
  const clients = new Set<WebSocket>();
  const http = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (d: string) => (body += d));
    req.on('end', () => {
      const text = JSON.stringify({ jsonrpc: '2.0', id: (JSON.parse(body) as { id: unknown }).id, result: null });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
    });
  });
  const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
  wss.on('connection', (ws) => {
    clients.add(ws);
    ws.on('message', (data) => ws.send(JSON.stringify({ jsonrpc: '2.0', id: (JSON.parse(String(data)) as { id: unknown }).id, result: null })));
    ws.on('close', () => clients.delete(ws));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    port: (http.address() as AddressInfo).port,
    broadcast: (text) => clients.forEach((c) => c.send(text)),
    close: () => {
      wss.close();
      http.close();
      http.closeAllConnections();
    },
  };
}

/** Publishes `rate` events per second for `ms` milliseconds, paced by a 1 ms timer (bursts of rate/1000). */
function emit(bus: { publish(input: { type: string; source: string; attributes: { t: number; n: number } }): unknown }, rate: number, ms: number): Promise<number> {
  return new Promise((resolve) => {
    const start = performance.now();
    let sent = 0;
    const total = Math.round((rate * ms) / 1000);
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000));
      while (sent < due) {
        sent++;
        bus.publish({ type: 'bench.tick', source: 'bench', attributes: { t: nowUs(), n: sent } });
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve(sent);
      }
    }, 1);
  });
}
