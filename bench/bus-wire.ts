// Emit-to-receive latency of the hub's event transports (/api/ws and SSE /api/events) at 1,000 and 10,000
// events per second, p50 and p99 (bar: p99 under 1 ms; goal: hold it at 10,000/s), and a trivial RPC over
// /api/ws and /api/rpc, p99 (bar: under 5 ms; goal: under 1 ms). The hub runs in a child process; this one is
// the client. Latency uses the system-wide monotonic clock on both sides. Bounded: about 20 s.
import os from 'node:os';
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { WebSocket } from 'ws';
import { benchJsonLine } from './lib/bench-report.js';
import { quantile } from './lib/stats.js';
import { barCheck, barLine, type BarCheck } from './lib/bus-bars.js';
import { serveBenchHub } from './lib/bus-bench-hub.js';
import { openWs, timeCalls } from './lib/bare-ws.js';

const out = (line: string): void => void process.stdout.write(`${line}\n`);
const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);
const RATES = [1000, 10_000];
const EMIT_MS = 2000;
const WARM_MS = 500;
const RPC_CALLS = 2000;

async function main(): Promise<void> {
  const began = performance.now();
  out(`bus-wire: node ${process.version}, ${os.cpus().length} cpus, load ${os.loadavg()[0]?.toFixed(2)}`);
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--hub'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const { port, token, anchorPort } = JSON.parse(String((await lines.next()).value)) as { port: number; token: string; anchorPort: number };
  const emit = async (rate: number, ms = EMIT_MS, raw = false): Promise<number> => {
    child.stdin!.write(`${raw ? 'emit-raw' : 'emit'} ${rate} ${ms}\n`);
    return Number(String((await lines.next()).value).split(' ')[1]);
  };
  const cells: Array<Record<string, unknown>> = [];
  const checks: BarCheck[] = [];
  try {
    const ws = await openWs(port, token);
    // Warm-up (discarded): both transports' code paths compiled before anything is measured.
    for (const transport of ['ws', 'sse'] as const) {
      const discard: number[] = [];
      const stop = transport === 'ws' ? await wsSubscribe(ws, discard) : await sseSubscribe(port, token, discard);
      await emit(5000, WARM_MS);
      stop();
    }
    const anchorWs = await openWs(anchorPort, token);
    anchorWs.on('message', (data) => {
      const m = JSON.parse(String(data)) as { method?: string; params?: { event: { attributes: { t: number } } } };
      if (m.method === 'events.event') anchorSink?.push(nowUs() - m.params!.event.attributes.t);
    });
    let anchorSink: number[] | undefined;
    for (const transport of ['ws', 'sse', 'anchor: bare ws'] as const) {
      for (const rate of RATES) {
        const latencies: number[] = [];
        let stop: () => void;
        if (transport === 'anchor: bare ws') {
          anchorSink = latencies;
          stop = () => void (anchorSink = undefined);
        } else stop = transport === 'ws' ? await wsSubscribe(ws, latencies) : await sseSubscribe(port, token, latencies);
        const sent = await emit(rate, EMIT_MS, transport === 'anchor: bare ws');
        for (let i = 0; i < 2000 && latencies.length < sent; i++) await new Promise((r) => setTimeout(r, 5));
        stop();
        const p50 = quantile(latencies, 0.5) / 1000;
        const p99 = quantile(latencies, 0.99) / 1000;
        cells.push({ transport, rate, sent, received: latencies.length, p50Ms: p50, p99Ms: p99 });
        out(`${transport.padEnd(15)} ${String(rate).padStart(6)}/s  sent ${sent}, received ${latencies.length}  p50 ${p50.toFixed(3)} ms  p99 ${p99.toFixed(3)} ms`);
        if (transport !== 'anchor: bare ws') checks.push(barCheck(`emit-to-receive p99 over ${transport === 'ws' ? '/api/ws' : 'SSE'} at ${rate}/s`, p99, 'ms', 1));
      }
    }
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const targets: Array<[string, (id: number) => Promise<unknown>]> = [
      ['/api/ws', () => wsCall(ws)],
      ['/api/rpc', (id) => httpCall(port, token, agent, id)],
      ['anchor: bare ws', (id) => new Promise<void>((resolve) => {
        anchorWs.once('message', () => resolve());
        anchorWs.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'x', params: {} }));
      })],
      ['anchor: bare http', (id) => httpCall(anchorPort, token, agent, id)],
    ];
    // Side by side: every target warmed up, then measured in interleaved rounds so drift hits them alike.
    const times = new Map<string, number[]>(targets.map(([name]) => [name, []]));
    for (const [, call] of targets) await timeCalls(500, call);
    for (let round = 0; round < 4; round++) for (const [name, call] of targets) times.get(name)!.push(...(await timeCalls(RPC_CALLS / 4, call)));
    agent.destroy();
    ws.close();
    anchorWs.close();
    for (const [name, list] of times) {
      const p50 = quantile(list, 0.5);
      const p99 = quantile(list, 0.99);
      cells.push({ rpc: name, calls: RPC_CALLS, p50Ms: p50, p99Ms: p99 });
      out(`rpc ${name.padEnd(17)} ${RPC_CALLS} sequential calls${name.startsWith('anchor') ? ' answered by a bare server' : ' of a no-op plugin method'}  p50 ${p50.toFixed(3)} ms  p99 ${p99.toFixed(3)} ms`);
      if (!name.startsWith('anchor')) checks.push(barCheck(`trivial RPC p99 over ${name}`, p99, 'ms', 5, 1));
    }
  } finally {
    child.stdin!.end();
  }
  out('');
  for (const c of checks) out(barLine(c));
  const seconds = (performance.now() - began) / 1000;
  out(`\n(${seconds.toFixed(1)} s)`);
  out(benchJsonLine('bus-wire', { node: process.version, cpus: os.cpus().length, loadAverage: os.loadavg()[0], seconds, cells, checks }));
}

let nextId = 1;
const pending = new Map<number, (result: unknown) => void>();
const sinks = new Map<string, number[]>();
let wired = false;

function wire(ws: WebSocket): void {
  if (wired) return;
  wired = true;
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown; method?: string; params?: { subscription: string; event: { attributes: { t: number } } } };
    if (message.method === 'events.event') sinks.get(message.params!.subscription)?.push(nowUs() - message.params!.event.attributes.t);
    else if (typeof message.id === 'number') pending.get(message.id)?.(message.result);
  });
}

function wsCall(ws: WebSocket, method = 'bench.noop', params: unknown = {}): Promise<unknown> {
  wire(ws);
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, (result) => {
      pending.delete(id);
      resolve(result);
    });
    ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
  });
}

async function wsSubscribe(ws: WebSocket, latencies: number[]): Promise<() => void> {
  const { subscription } = (await wsCall(ws, 'events.subscribe', { types: ['bench.*'] })) as { subscription: string };
  sinks.set(subscription, latencies);
  return () => {
    sinks.delete(subscription);
    void wsCall(ws, 'events.unsubscribe', { subscription });
  };
}

function sseSubscribe(port: number, token: string, latencies: number[]): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/events?type=bench.*', headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
      res.socket.setNoDelay(true);
      let buffer = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) latencies.push(nowUs() - (JSON.parse(data.slice(6)) as { attributes: { t: number } }).attributes.t);
        }
      });
      resolve(() => req.destroy());
    });
    req.on('error', reject);
    req.end();
  });
}

function httpCall(port: number, token: string, agent: Agent, id: number): Promise<void> {
  const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'bench.noop', params: {} });
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/rpc', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.on('error', reject);
    req.end(body);
  });
}

if (process.argv.includes('--hub')) await serveBenchHub();
else await main();
