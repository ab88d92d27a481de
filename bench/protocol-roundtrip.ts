/**
 * Round trips over a real child-process stdio pipe, side by side in one run with the same payloads:
 * @outboard/protocol, vscode-jsonrpc (StreamMessageReader/Writer), the MCP SDK (stdio transports + raw
 * Protocol), and a bare loop (JSON.stringify + newline, split on newline, id → resolver map), the floor
 * of JSON over a pipe in Node. Requests per second at 1, 16 and 256 in flight, p50/p99 latency, 100 B
 * and 64 KiB payloads. Prints a table and the ratios ours/vscode-jsonrpc and ours/bare.
 *
 * Ours runs with its features on: deadlines (30 s default), 1 MiB size limits both ways, in-flight cap,
 * bounded write queue, stray-output guard, and a heartbeat every second.
 * Each cell runs `--rounds` times (default 5), interleaved with the others (each round in another order,
 * garbage collected between cells), and the median round is reported, so that a busy machine disturbs
 * the comparison less. Usage:
 *   node bench/dist/protocol-roundtrip.js [--ms 600] [--rounds 5]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import os from 'node:os';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { ChildProcessTransport, Connection, startHeartbeat } from '@outboard/protocol';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection, type MessageConnection } from 'vscode-jsonrpc/node';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { RawMcpProtocol } from './lib/protocol-bench-mcp.js';
import { quantile, ratio } from './lib/stats.js';

type Call = (params: unknown) => Promise<unknown>;

interface Client {
  readonly name: string;
  readonly call: Call;
  close(): Promise<void>;
}

interface Cell {
  readonly impl: string;
  readonly payload: string;
  readonly inFlight: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
}

// All clients share this process: collect garbage between cells so no cell pays for the previous one's.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
// The MCP client adds a 'drain' listener per write under load; that is its design, not a leak to report.
EventEmitter.defaultMaxListeners = 0;
const peerScript = fileURLToPath(new URL('./lib/protocol-bench-peers.js', import.meta.url));
const args = process.argv.slice(2);
function numberArg(name: string, fallback: number): number {
  const index = args.indexOf(name);
  const value = index === -1 ? Number.NaN : Number(args[index + 1]);
  return value > 0 ? value : fallback;
}
const cellMs = numberArg('--ms', 600);
const rounds = numberArg('--rounds', 5);
const warmupMs = Math.max(100, Math.round(cellMs / 4));

async function ours(): Promise<Client> {
  const transport = new ChildProcessTransport({ command: process.execPath, args: [peerScript, 'ours'], stderr: 'inherit' });
  const connection = new Connection({ transport, name: 'bench-peer' });
  connection.listen();
  const heartbeat = startHeartbeat(connection, { intervalMs: 1000, timeoutMs: 1000 });
  return {
    name: 'ours',
    call: (params) => connection.request('echo', params),
    close: async () => {
      heartbeat.dispose();
      await transport.shutdown({ closeInput: () => connection.close(), stdinTimeoutMs: 1000, sigtermTimeoutMs: 1000 });
    },
  };
}

function spawnPeer(mode: string): ChildProcess {
  return spawn(process.execPath, [peerScript, mode], { stdio: ['pipe', 'pipe', 'inherit'] });
}

async function vscode(): Promise<Client> {
  const child = spawnPeer('vscode');
  const connection: MessageConnection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  connection.listen();
  return {
    name: 'vscode-jsonrpc',
    call: (params) => connection.sendRequest('echo', params),
    close: async () => {
      connection.dispose();
      child.stdin!.end();
      await exitOf(child);
    },
  };
}

async function mcp(): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [peerScript, 'mcp'], stderr: 'inherit' });
  const protocol = new RawMcpProtocol();
  await protocol.connect(transport);
  return {
    name: 'mcp-sdk',
    call: (params) => protocol.request({ method: 'echo', params: params as Record<string, unknown> }, ResultSchema),
    close: () => protocol.close(),
  };
}

async function bare(): Promise<Client> {
  const child = spawnPeer('bare');
  const waiting = new Map<number, (value: unknown) => void>();
  let nextId = 1;
  let buffered = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    buffered += chunk;
    let nl = buffered.indexOf('\n');
    while (nl !== -1) {
      const message = JSON.parse(buffered.slice(0, nl)) as { id: number; result: unknown };
      buffered = buffered.slice(nl + 1);
      const resolve = waiting.get(message.id);
      waiting.delete(message.id);
      resolve?.(message.result);
      nl = buffered.indexOf('\n');
    }
  });
  return {
    name: 'bare loop',
    call: (params) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        child.stdin!.write(JSON.stringify({ jsonrpc: '2.0', id, method: 'echo', params }) + '\n');
      }),
    close: async () => {
      child.stdin!.end();
      await exitOf(child);
    },
  };
}

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 2000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Keeps `inFlight` calls outstanding for `ms`, recording each call's latency. */
async function drive(call: Call, params: unknown, inFlight: number, ms: number, record: boolean): Promise<{ count: number; elapsed: number; latencies: number[] }> {
  const latencies: number[] = [];
  const start = performance.now();
  const stopAt = start + ms;
  let count = 0;
  async function lane(): Promise<void> {
    while (performance.now() < stopAt) {
      const t0 = performance.now();
      await call(params);
      if (record) latencies.push(performance.now() - t0);
      count++;
    }
  }
  await Promise.all(Array.from({ length: inFlight }, lane));
  return { count, elapsed: performance.now() - start, latencies };
}

async function main(): Promise<void> {
  const payloads: Array<[string, unknown]> = [
    ['100 B', { data: 'x'.repeat(100) }],
    ['64 KiB', { data: 'x'.repeat(64 * 1024) }],
  ];
  const levels = [1, 16, 256];
  const clients = [await ours(), await vscode(), await mcp(), await bare()];
  // Warm every implementation up (JIT, buffers) before anything is measured.
  for (const client of clients) for (const [, params] of payloads) await drive(client.call, params, 16, 300, false);
  const samples = new Map<string, Cell[]>();
  for (let round = 0; round < rounds; round++) {
    // Each round starts with a different implementation, so none always runs first (cold) or last.
    const order = clients.map((_, i) => clients[(i + round) % clients.length] as Client);
    for (const [payloadName, params] of payloads) {
      for (const inflight of levels) {
        for (const client of order) {
          collectGarbage();
          await new Promise((resolve) => setTimeout(resolve, 20));
          await drive(client.call, params, inflight, warmupMs, false);
          const { count, elapsed, latencies } = await drive(client.call, params, inflight, cellMs, true);
          const key = `${client.name}|${payloadName}|${inflight}`;
          const cell = { impl: client.name, payload: payloadName, inFlight: inflight, rps: (count / elapsed) * 1000, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
          samples.set(key, [...(samples.get(key) ?? []), cell]);
        }
      }
    }
  }
  // The median round by throughput, per cell.
  const cells: Cell[] = [...samples.values()].map((runs) => [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)] as Cell);
  for (const client of clients) await client.close();

  const pad = (s: string, n: number): string => s.padEnd(n);
  const lpad = (s: string, n: number): string => s.padStart(n);
  process.stdout.write(`protocol round trips over a child's stdio (median of ${rounds} rounds of ${cellMs} ms per cell, node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)})\n\n`);
  process.stdout.write(`${pad('payload', 8)} ${lpad('in flight', 9)}  ${pad('impl', 15)} ${lpad('req/s', 10)} ${lpad('p50 ms', 8)} ${lpad('p99 ms', 8)}\n`);
  for (const cell of cells) {
    process.stdout.write(`${pad(cell.payload, 8)} ${lpad(String(cell.inFlight), 9)}  ${pad(cell.impl, 15)} ${lpad(cell.rps.toFixed(0), 10)} ${lpad(cell.p50.toFixed(3), 8)} ${lpad(cell.p99.toFixed(3), 8)}\n`);
  }
  process.stdout.write('\nratios (req/s)\n');
  for (const [payloadName] of payloads) {
    for (const inFlight of levels) {
      const find = (impl: string): Cell => cells.find((c) => c.impl === impl && c.payload === payloadName && c.inFlight === inFlight) as Cell;
      const o = find('ours');
      process.stdout.write(
        `${pad(payloadName, 8)} ${lpad(String(inFlight), 4)} in flight: ours/vscode-jsonrpc ${ratio(o.rps, find('vscode-jsonrpc').rps)}, ours/mcp-sdk ${ratio(o.rps, find('mcp-sdk').rps)}, ours/bare loop ${ratio(o.rps, find('bare loop').rps)}\n`,
      );
    }
  }
}

await main();
