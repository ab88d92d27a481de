// @outboard/client against a hub (a child process, bench/lib/bus-bench-hub.ts as bus-wire runs it): the p99 of
// a trivial RPC round trip through the client, side by side with the same call over a bare WebSocket to the
// same hub and with the bare anchor server of bus-wire (no hub at all); goal: the client within 1.2x of the
// bare WebSocket. Then events through `events()` at 10,000/s for 2 s: every one received, in seq order, no
// reset (goal: no loss), next to a bare `events.subscribe` socket. Bounded: about 15 s.
import os from 'node:os';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { connect } from '@outboard/client';
import { benchJsonLine, formatGoal, ratioGoal } from './lib/bench-report.js';
import { median, quantile } from './lib/stats.js';
import { serveBenchHub } from './lib/bus-bench-hub.js';
import { BareWsCaller, openWs, timeCalls } from './lib/bare-ws.js';
import { scavengesPerThousand, watchScavenges, type CallBlock } from './lib/scavenge-watch.js';

const out = (line: string): void => void process.stdout.write(`${line}\n`);
const RPC_CALLS = 4500;
const ROUNDS = 9;
/** Warm-up rounds, discarded: the measured rounds' pattern, so every target starts them in a steady state. */
const WARM_ROUNDS = 3;
const RATE = 10_000;
const EMIT_MS = 2000;

async function main(): Promise<void> {
  const began = performance.now();
  out(`client-rpc: node ${process.version}, ${os.cpus().length} cpus, load ${os.loadavg()[0]?.toFixed(2)}`);
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--hub'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const { port, token, anchorPort } = JSON.parse(String((await lines.next()).value)) as { port: number; token: string; anchorPort: number };
  const emit = async (rate: number, ms: number): Promise<number> => {
    child.stdin!.write(`emit ${rate} ${ms}\n`);
    return Number(String((await lines.next()).value).split(' ')[1]);
  };
  const hubScavenges = async (): Promise<number[]> => {
    child.stdin!.write('scavenges\n');
    return JSON.parse(String((await lines.next()).value).slice('scavenges '.length)) as number[];
  };
  const cells: Array<Record<string, unknown>> = [];
  try {
    const hub = await connect({ url: `http://127.0.0.1:${port}/`, token, env: {} });
    const bare = new BareWsCaller(await openWs(port, token));
    const anchor = new BareWsCaller(await openWs(anchorPort, token));
    const targets: Array<[string, () => Promise<unknown>]> = [
      ['@outboard/client', () => hub.rpc('bench.noop', {})],
      ['bare ws to the hub', () => bare.call('bench.noop')],
      ['anchor: bare ws server', () => anchor.call('x')],
    ];
    // Side by side, in interleaved rounds so drift hits them alike; the order turns each round, so that no
    // target always takes over its socket right after the same other one. Warmed up by rounds of the same
    // pattern, discarded: after 500 calls of each in a row, the compiler and the collectors of both processes
    // were still settling when the first measured block began (always the client's), and over 5 runs that
    // block held 149 of the 675 slowest 1% of all calls (22%; its share is 1/27).
    const times = new Map<string, number[]>(targets.map(([name]) => [name, []]));
    const roundP99s = new Map<string, number[]>(targets.map(([name]) => [name, []]));
    const blocks: CallBlock[] = [];
    const scavenges = watchScavenges();
    const perBlock = RPC_CALLS / ROUNDS;
    for (let round = -WARM_ROUNDS; round < ROUNDS; round++) {
      for (let k = 0; k < targets.length; k++) {
        const [name, call] = targets[(round + WARM_ROUNDS + k) % targets.length]!;
        const from = performance.timeOrigin + performance.now();
        const list = await timeCalls(perBlock, call);
        if (round < 0) continue;
        times.get(name)!.push(...list);
        roundP99s.get(name)!.push(quantile(list, 0.99));
        blocks.push({ name, from, to: performance.timeOrigin + performance.now(), calls: perBlock });
      }
    }
    scavenges.stop();
    const hereScavenges = scavengesPerThousand(blocks, scavenges.times);
    const hubScavengesPer1k = scavengesPerThousand(blocks, await hubScavenges());
    const p99 = new Map<string, number>();
    for (const [name, list] of times) {
      const p50 = quantile(list, 0.5);
      p99.set(name, quantile(list, 0.99));
      cells.push({ rpc: name, calls: RPC_CALLS, p50Ms: p50, p99Ms: p99.get(name), p99MedianOfRoundsMs: median(roundP99s.get(name)!), scavengesPer1000Calls: hereScavenges.get(name), hubScavengesPer1000Calls: hubScavengesPer1k.get(name) });
      out(`rpc ${name.padEnd(24)} ${RPC_CALLS} sequential calls  p50 ${p50.toFixed(3)} ms  p99 ${p99.get(name)!.toFixed(3)} ms`);
    }
    // A scavenge delays the one call it lands in: at about one per 1,000 calls it cannot reach the slowest 1%.
    // Beside the goal's figure, one that a single burst of other work on the machine cannot move: the p99 of
    // each round's block, median over the rounds (informational; the goal stays the p99 of all calls).
    const roundMedian = new Map([...roundP99s].map(([name, list]) => [name, median(list)]));
    out(`p99 of each round's ${perBlock} calls, median over ${ROUNDS} rounds: ${targets.map(([name]) => `${name} ${roundMedian.get(name)!.toFixed(3)} ms`).join('; ')}; client / bare ws to the hub = ${(roundMedian.get('@outboard/client')! / roundMedian.get('bare ws to the hub')!).toFixed(3)}x`);
    out(`scavenges per 1,000 calls (bench process / hub process): ${targets.map(([name]) => `${name} ${hereScavenges.get(name)!.toFixed(1)} / ${hubScavengesPer1k.get(name)!.toFixed(1)}`).join('; ')}`);
    const client = p99.get('@outboard/client')!;
    const overBare = client / p99.get('bare ws to the hub')!;
    const overAnchor = client / p99.get('anchor: bare ws server')!;
    out(`ratio: client p99 / bare ws to the same hub p99 = ${overBare.toFixed(3)}x; / bare ws anchor server p99 = ${overAnchor.toFixed(3)}x (the anchor has no hub behind it)`);

    // Events: the client's iterator, then a bare subscription, each alone while the hub publishes.
    const { lastSeq } = await hub.rpc('host.info', {});
    const seqs: number[] = [];
    let resets = 0;
    const controller = new AbortController();
    const reading = (async () => {
      for await (const item of hub.events({ types: ['bench.*'], since: lastSeq, signal: controller.signal })) {
        if (item.kind === 'reset') resets++;
        else seqs.push(item.event.seq);
      }
    })();
    const t0 = performance.now();
    const sent = await emit(RATE, EMIT_MS);
    for (let i = 0; i < 1000 && seqs.length < sent; i++) await new Promise((r) => setTimeout(r, 5));
    const seconds = (performance.now() - t0) / 1000;
    controller.abort();
    await reading;
    const inOrder = seqs.every((s, i) => i === 0 || s === (seqs[i - 1] as number) + 1);
    let bareCount = 0;
    const bareEvents = new BareWsCaller(await openWs(port, token), (m) => {
      if (m.method === 'events.event') bareCount++;
    });
    await bareEvents.call('events.subscribe', { types: ['bench.*'] });
    const t1 = performance.now();
    const bareSent = await emit(RATE, EMIT_MS);
    for (let i = 0; i < 1000 && bareCount < bareSent; i++) await new Promise((r) => setTimeout(r, 5));
    const bareSeconds = (performance.now() - t1) / 1000;
    cells.push({ events: 'client', rate: RATE, sent, received: seqs.length, resets, inOrder, seconds });
    cells.push({ events: 'bare ws', rate: RATE, sent: bareSent, received: bareCount, seconds: bareSeconds });
    out(`events at ${RATE}/s for ${EMIT_MS / 1000} s through @outboard/client: sent ${sent}, received ${seqs.length} in ${seconds.toFixed(2)} s, ${resets} resets, ${inOrder ? 'every seq in order' : 'GAPS'}`);
    out(`events at ${RATE}/s for ${EMIT_MS / 1000} s over a bare ws (anchor): sent ${bareSent}, received ${bareCount} in ${bareSeconds.toFixed(2)} s`);
    const goals = [ratioGoal('bare ws to the hub p99 / @outboard/client p99 (client within 1.2x: >= 0.83)', 1 / overBare, 1 / 1.2), ratioGoal('events received / sent at 10,000/s through the client (no loss)', seqs.length / sent, 1)];
    out('');
    for (const g of goals) out(formatGoal(g));
    const total = (performance.now() - began) / 1000;
    out(`\n(${total.toFixed(1)} s)`);
    out(benchJsonLine('client-rpc', { node: process.version, cpus: os.cpus().length, loadAverage: os.loadavg()[0], seconds: total, cells, ratioOverBareWs: overBare, ratioOverAnchor: overAnchor, goals }));
    hub.close();
    bare.ws.close();
    anchor.ws.close();
    bareEvents.ws.close();
  } finally {
    child.stdin!.end();
  }
}

if (process.argv.includes('--hub')) await serveBenchHub();
else await main();
