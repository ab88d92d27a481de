/**
 * Round trips over a real child-process stdio pipe, side by side in one run with the same payloads:
 * @outboard/protocol, vscode-jsonrpc (StreamMessageReader/Writer), the MCP SDK (stdio transports + raw
 * Protocol), and a bare loop (JSON.stringify + newline, split on newline, id → resolver map), the floor
 * of JSON over a pipe in Node. Requests per second at 1, 16 and 256 in flight, p50/p99 latency, CPU per
 * request (this process + the peer), 100 B and 64 KiB payloads; ratios and the goals, MET or MISSED:
 * ours ≥ 1.2× vscode-jsonrpc at 64 KiB and ≥ 2× at 100 B (1, 16, 256 in flight), ≥ 0.8× the bare loop
 * everywhere. Where ours is at the bare loop and the bare loop itself is below a ratio goal to vscode-jsonrpc
 * in the run, a `floor:` line says so (that goal is then out of reach on the machine). The last line is `BENCH_JSON {...}` with every figure.
 *
 * Ours runs with its features on: deadlines (30 s default), 1 MiB size limits both ways, in-flight cap,
 * bounded write queue, stray-output guard, and a heartbeat every second.
 * Each cell runs `--rounds` times (default 9), interleaved with the others (each round in another order,
 * garbage collected between cells). A cell's calls flow for a warm-up (a quarter of the cell, at least
 * 100 ms) before its window opens, so the window measures calls in circulation, not the start of a burst
 * (all in-flight calls issued at once). Figures are the median round; a ratio is the median of the ratios
 * measured within each round (the two sides ran back to back), which a machine busy with other work
 * disturbs less than a ratio of medians. Each cell also shows how busy each side was: CPU time as a share of
 * one core (this process with its garbage collector threads / the peer) and how much of the time this
 * process's event loop was busy, which tells a side that waits from a side that works. Bounded: about 90 s
 * with the defaults. Usage:
 *   node bench/dist/protocol-roundtrip.js [--ms 300] [--rounds 9]
 * PROTOCOL_BENCH_PEER_ARGS (space-separated Node options, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) is given
 * to every peer process, so the answering side can be profiled too (Node refuses --cpu-prof in NODE_OPTIONS).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { fileURLToPath } from 'node:url';
import { ChildProcessTransport, Connection, startHeartbeat } from '@outboard/protocol';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection, type MessageConnection } from 'vscode-jsonrpc/node';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { RawMcpProtocol } from './lib/protocol-bench-mcp.js';
import { benchJsonLine, formatGoal, processCpuMs, ratioGoal, type RatioGoal } from './lib/bench-report.js';
import { median, quantile } from './lib/stats.js';

type Call = (params: unknown) => Promise<unknown>;

interface Client {
  readonly name: string;
  readonly call: Call;
  /** The peer process, for its CPU time. */
  readonly pid: () => number | null | undefined;
  close(): Promise<void>;
}

/** One measured run of one implementation in one configuration. */
interface Sample {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  /** CPU time of this process and the peer per request, in microseconds (NaN where /proc is missing). */
  readonly cpuUsPerRequest: number;
  /** CPU time of this process (all its threads, garbage collector helpers included) and of the peer, as a share of one core, in percent. */
  readonly hostCpuPct: number;
  readonly peerCpuPct: number;
  /** Share of the cell this process's event loop was busy (not waiting for I/O), in percent: idle time shows here. */
  readonly hostLoopPct: number;
}

// All clients share this process: collect garbage between cells so no cell pays for the previous one's.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
// The MCP client adds a 'drain' listener per write under load; that is its design, not a leak to report.
EventEmitter.defaultMaxListeners = 0;
const peerScript = fileURLToPath(new URL('./lib/protocol-bench-peers.js', import.meta.url));
const peerNodeArgs = (process.env['PROTOCOL_BENCH_PEER_ARGS'] ?? '').split(' ').filter((arg) => arg !== '');
const args = process.argv.slice(2);
function numberArg(name: string, fallback: number): number {
  const index = args.indexOf(name);
  const value = index === -1 ? Number.NaN : Number(args[index + 1]);
  return value > 0 ? value : fallback;
}
const cellMs = numberArg('--ms', 300);
const rounds = numberArg('--rounds', 9);
const warmupMs = Math.max(100, Math.round(cellMs / 4));

async function ours(): Promise<Client> {
  const transport = new ChildProcessTransport({ command: process.execPath, args: [...peerNodeArgs, peerScript, 'ours'], stderr: 'inherit' });
  const connection = new Connection({ transport, name: 'bench-peer' });
  connection.listen();
  const heartbeat = startHeartbeat(connection, { intervalMs: 1000, timeoutMs: 1000 });
  return {
    name: 'ours',
    call: (params) => connection.request('echo', params),
    pid: () => transport.pid,
    close: async () => {
      heartbeat.dispose();
      await transport.shutdown({ closeInput: () => connection.close(), stdinTimeoutMs: 1000, sigtermTimeoutMs: 1000 });
    },
  };
}

function spawnPeer(mode: string): ChildProcess {
  return spawn(process.execPath, [...peerNodeArgs, peerScript, mode], { stdio: ['pipe', 'pipe', 'inherit'] });
}

async function vscode(): Promise<Client> {
  const child = spawnPeer('vscode');
  const connection: MessageConnection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  connection.listen();
  return {
    name: 'vscode-jsonrpc',
    call: (params) => connection.sendRequest('echo', params),
    pid: () => child.pid,
    close: async () => {
      connection.dispose();
      child.stdin!.end();
      await exitOf(child);
    },
  };
}

async function mcp(): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [...peerNodeArgs, peerScript, 'mcp'], stderr: 'inherit' });
  const protocol = new RawMcpProtocol();
  await protocol.connect(transport);
  return {
    name: 'mcp-sdk',
    call: (params) => protocol.request({ method: 'echo', params: params as Record<string, unknown> }, ResultSchema),
    pid: () => transport.pid,
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
    pid: () => child.pid,
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

/**
 * Keeps `inFlight` calls outstanding for `warmupMs`, then measures the next `ms` while they keep flowing:
 * the window opens on calls already in circulation, so starting `inFlight` calls at once (256 frames of
 * 64 KiB serialised in one go) is warm-up, not measurement. `onWindow` runs as the window opens (the CPU
 * counters are read there). Counted: calls that complete after it opens, including those still out when it
 * closes; latencies of the calls started inside it.
 */
async function drive(call: Call, params: unknown, inFlight: number, warmupMs: number, ms: number, onWindow?: () => void): Promise<{ count: number; elapsed: number; latencies: number[] }> {
  const latencies: number[] = [];
  let opened = false;
  let windowStart = 0;
  let stopAt = Number.POSITIVE_INFINITY;
  let count = 0;
  const open = (): void => {
    opened = true;
    windowStart = performance.now();
    stopAt = windowStart + ms;
    onWindow?.();
  };
  const timer = warmupMs > 0 ? setTimeout(open, warmupMs) : undefined;
  if (!timer) open();
  async function lane(): Promise<void> {
    while (!opened || performance.now() < stopAt) {
      const t0 = performance.now();
      const inWindow = opened;
      await call(params);
      if (inWindow) latencies.push(performance.now() - t0);
      if (opened) count++;
    }
  }
  await Promise.all(Array.from({ length: inFlight }, lane));
  return { count, elapsed: performance.now() - windowStart, latencies };
}

const PAYLOADS: ReadonlyArray<readonly [string, unknown]> = [
  ['100 B', { data: 'x'.repeat(100) }],
  ['64 KiB', { data: 'x'.repeat(64 * 1024) }],
];
const LEVELS = [1, 16, 256] as const;
const ANCHORS = ['vscode-jsonrpc', 'mcp-sdk', 'bare loop'] as const;

/** Runs one cell: warm-up, then `cellMs` measured, with the CPU both processes spent. */
async function measure(client: Client, params: unknown, inFlight: number): Promise<Sample> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 20));
  let peerBefore = 0;
  let ownBefore = process.cpuUsage();
  let loopBefore = performance.eventLoopUtilization();
  const { count, elapsed, latencies } = await drive(client.call, params, inFlight, warmupMs, cellMs, () => {
    peerBefore = processCpuMs(client.pid(), (path) => readFileSync(path, 'utf8'));
    ownBefore = process.cpuUsage();
    loopBefore = performance.eventLoopUtilization();
  });
  const loop = performance.eventLoopUtilization(loopBefore);
  const own = process.cpuUsage(ownBefore);
  const peer = processCpuMs(client.pid(), (path) => readFileSync(path, 'utf8')) - peerBefore;
  const ownMs = (own.user + own.system) / 1000;
  return { rps: (count / elapsed) * 1000, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), cpuUsPerRequest: ((ownMs + peer) * 1000) / count, hostCpuPct: (ownMs / elapsed) * 100, peerCpuPct: (peer / elapsed) * 100, hostLoopPct: loop.utilization * 100 };
}

async function main(): Promise<void> {
  const began = performance.now();
  const clients = [await ours(), await vscode(), await mcp(), await bare()];
  // Warm every implementation up (JIT, buffers) before anything is measured.
  for (const client of clients) for (const [, params] of PAYLOADS) await drive(client.call, params, 16, 0, 300);
  const samples = new Map<string, Sample[]>();
  const key = (impl: string, payload: string, inFlight: number): string => `${impl}|${payload}|${inFlight}`;
  for (let round = 0; round < rounds; round++) {
    // Each round starts with a different implementation, so none always runs first (cold) or last.
    const order = clients.map((_, i) => clients[(i + round) % clients.length] as Client);
    for (const [payload, params] of PAYLOADS) {
      for (const inFlight of LEVELS) {
        for (const client of order) {
          const k = key(client.name, payload, inFlight);
          samples.set(k, [...(samples.get(k) ?? []), await measure(client, params, inFlight)]);
        }
      }
    }
  }
  for (const client of clients) await client.close();

  const out = (line: string): void => void process.stdout.write(`${line}\n`);
  const pad = (s: string, n: number): string => s.padEnd(n);
  const lpad = (s: string, n: number): string => s.padStart(n);
  out(`protocol round trips over a child's stdio (${rounds} rounds of ${cellMs} ms per cell, median round; node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(1)})`);
  out('');
  out(`${pad('payload', 8)} ${lpad('in flight', 9)}  ${pad('impl', 15)} ${lpad('req/s', 10)} ${lpad('p50 ms', 8)} ${lpad('p99 ms', 8)} ${lpad('CPU µs/req', 11)} ${lpad('CPU % host/peer', 16)} ${lpad('host loop %', 11)}`);
  const cells: Array<Record<string, unknown>> = [];
  for (const [payload] of PAYLOADS) {
    for (const inFlight of LEVELS) {
      for (const client of clients) {
        const runs = samples.get(key(client.name, payload, inFlight)) ?? [];
        const mid = [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)] as Sample;
        const cpu = median(runs.map((r) => r.cpuUsPerRequest));
        const hostPct = median(runs.map((r) => r.hostCpuPct));
        const peerPct = median(runs.map((r) => r.peerCpuPct));
        const loopPct = median(runs.map((r) => r.hostLoopPct));
        cells.push({ impl: client.name, payload, inFlight, rps: Math.round(mid.rps), p50Ms: mid.p50, p99Ms: mid.p99, cpuUsPerRequest: cpu, hostCpuPct: hostPct, peerCpuPct: peerPct, hostLoopPct: loopPct, roundsRps: runs.map((r) => Math.round(r.rps)) });
        out(`${pad(payload, 8)} ${lpad(String(inFlight), 9)}  ${pad(client.name, 15)} ${lpad(mid.rps.toFixed(0), 10)} ${lpad(mid.p50.toFixed(3), 8)} ${lpad(mid.p99.toFixed(3), 8)} ${lpad(cpu.toFixed(1), 11)} ${lpad(`${hostPct.toFixed(0)}/${peerPct.toFixed(0)}`, 16)} ${lpad(loopPct.toFixed(0), 11)}`);
      }
    }
  }

  // Paired ratios: within each round the two sides ran back to back.
  const pairedRatio = (anchor: string, payload: string, inFlight: number, impl = 'ours'): number => {
    const a = samples.get(key(impl, payload, inFlight)) ?? [];
    const b = samples.get(key(anchor, payload, inFlight)) ?? [];
    return median(a.map((s, i) => s.rps / (b[i] as Sample).rps));
  };
  const cpuRatio = (anchor: string, payload: string, inFlight: number): number =>
    median((samples.get(key(anchor, payload, inFlight)) ?? []).map((s) => s.cpuUsPerRequest)) / median((samples.get(key('ours', payload, inFlight)) ?? []).map((s) => s.cpuUsPerRequest));
  out('');
  out('ratios: ours/anchor req/s (median of per-round ratios); in brackets, anchor/ours CPU per request (above 1: ours spends less)');
  const ratios: Array<Record<string, unknown>> = [];
  for (const [payload] of PAYLOADS) {
    for (const inFlight of LEVELS) {
      const parts = ANCHORS.map((anchor) => {
        const r = pairedRatio(anchor, payload, inFlight);
        const c = cpuRatio(anchor, payload, inFlight);
        ratios.push({ payload, inFlight, anchor, rpsRatio: r, cpuRatio: c });
        return `ours/${anchor} ${r.toFixed(2)}x [${c.toFixed(2)}x]`;
      });
      out(`${pad(payload, 8)} ${lpad(String(inFlight), 4)} in flight: ${parts.join(', ')}`);
    }
  }

  const goals: RatioGoal[] = [];
  for (const inFlight of LEVELS) goals.push(ratioGoal(`ours/vscode-jsonrpc req/s, 64 KiB, ${inFlight} in flight`, pairedRatio('vscode-jsonrpc', '64 KiB', inFlight), 1.2));
  for (const inFlight of LEVELS) goals.push(ratioGoal(`ours/vscode-jsonrpc req/s, 100 B, ${inFlight} in flight`, pairedRatio('vscode-jsonrpc', '100 B', inFlight), 2));
  for (const [payload] of PAYLOADS) for (const inFlight of LEVELS) goals.push(ratioGoal(`ours/bare loop req/s, ${payload}, ${inFlight} in flight`, pairedRatio('bare loop', payload, inFlight), 0.8));
  out('');
  out(`goals (${goals.filter((g) => g.verdict === 'MET').length} of ${goals.length} met)`);
  for (const goal of goals) out(formatGoal(goal));
  // The floor of a ratio to vscode-jsonrpc: where ours is already at the bare loop (no features, no
  // batching: the least work per message) and the bare loop itself is below the goal in this run, the goal
  // is out of reach on this machine. Where ours is ahead of the bare loop, the loop is no floor.
  const floors: Array<Record<string, unknown>> = [];
  for (const [payload] of PAYLOADS) {
    for (const inFlight of LEVELS) {
      const target = payload === '100 B' ? 2 : 1.2;
      const floor = pairedRatio('vscode-jsonrpc', payload, inFlight, 'bare loop');
      const oursOverBare = pairedRatio('bare loop', payload, inFlight);
      const outOfReach = floor < target && oursOverBare <= 1;
      floors.push({ payload, inFlight, bareOverVscode: floor, oursOverBare, target, outOfReach });
      if (outOfReach) out(`floor: the bare loop itself is ${floor.toFixed(2)}x vscode-jsonrpc req/s at ${payload}, ${inFlight} in flight, below the ${target}x goal, and ours is at ${oursOverBare.toFixed(2)}x the bare loop: out of reach in this run`);
    }
  }
  const seconds = (performance.now() - began) / 1000;
  out(`\n(${seconds.toFixed(0)} s)`);
  out(
    benchJsonLine('protocol-roundtrip', {
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg()[0],
      rounds,
      cellMs,
      seconds,
      anchors: ANCHORS,
      cells,
      ratios,
      goals,
      floors,
    }),
  );
}

await main();
