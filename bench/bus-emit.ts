// In-process emit cost of the host's event bus with 1, 10 and 100 subscribers (bar: under 10 µs per event;
// goal: under 1 µs): what `publish` costs the producer (store in the ring, offer to every subscriber's bounded
// queue), and, for reference, the whole cost per event once every subscriber has also been handed it.
// Bounded: a few seconds.
import os from 'node:os';
import { EventEmitter } from 'node:events';
import { createHost } from '@outboard/host';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchJsonLine } from './lib/bench-report.js';
import { median } from './lib/stats.js';
import { barCheck, barLine, type BarCheck } from './lib/bus-bars.js';

const out = (line: string): void => void process.stdout.write(`${line}\n`);
const LEVELS = [1, 10, 100];
const BATCH = 500; // under the subscribers' queue bound (1000): nothing is dropped, every offer is a real enqueue
const ROUNDS = 5;

async function drained(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100_000 && !check(); i++) await new Promise((r) => setImmediate(r));
}

async function measure(subscribers: number, events: number): Promise<{ publishUs: number; totalUs: number }> {
  const root = mkdtempSync(join(tmpdir(), 'bench-bus-'));
  try {
    const host = createHost({ identity: { id: 'outboard', version: '0.0.0' }, home: root, cwd: root, env: {}, globalRoots: [] });
    let delivered = 0;
    for (let i = 0; i < subscribers; i++) host.bus.subscribe(undefined, () => void delivered++);
    const input = { type: 'bench.tick', source: 'bench', attributes: { n: 1 } };
    let publishNs = 0n;
    const began = process.hrtime.bigint();
    for (let sent = 0; sent < events; sent += BATCH) {
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < BATCH; i++) host.bus.publish(input);
      publishNs += process.hrtime.bigint() - t0;
      const target = (sent + BATCH) * subscribers;
      await drained(() => delivered >= target);
    }
    const totalNs = process.hrtime.bigint() - began;
    if (delivered !== events * subscribers) throw new Error(`delivered ${delivered} of ${events * subscribers}`);
    host.bus.dispose();
    return { publishUs: Number(publishNs) / 1000 / events, totalUs: Number(totalNs) / 1000 / events };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The anchor: node:events, which calls every listener synchronously (no queue, no isolation), µs per emit. */
function emitterUs(listeners: number, events: number): number {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let delivered = 0;
  for (let i = 0; i < listeners; i++) emitter.on('bench.tick', () => void delivered++);
  const event = { type: 'bench.tick', source: 'bench', attributes: { n: 1 } };
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < events; i++) emitter.emit('bench.tick', event);
  const ns = process.hrtime.bigint() - t0;
  if (delivered !== listeners * events) throw new Error('lost an emit');
  return Number(ns) / 1000 / events;
}

async function main(): Promise<void> {
  const began = performance.now();
  out(`bus-emit: node ${process.version}, ${os.cpus().length} cpus, load ${os.loadavg()[0]?.toFixed(2)}`);
  out('subscribers  publish µs/event (median of 5)   total µs/event incl. delivery   anchor: EventEmitter.emit µs (sync, no queue)   publish/anchor');
  const cells: Array<Record<string, number>> = [];
  const checks: BarCheck[] = [];
  for (const subscribers of LEVELS) {
    const events = subscribers === 100 ? 20_000 : 100_000;
    await measure(subscribers, 5_000); // warm-up
    const rounds: Array<{ publishUs: number; totalUs: number }> = [];
    for (let r = 0; r < ROUNDS; r++) rounds.push(await measure(subscribers, events));
    const publishUs = median(rounds.map((x) => x.publishUs));
    const totalUs = median(rounds.map((x) => x.totalUs));
    emitterUs(subscribers, 5_000);
    const anchorUs = median(Array.from({ length: ROUNDS }, () => emitterUs(subscribers, events)));
    cells.push({ subscribers, events, publishUs, totalUs, anchorUs, ratio: publishUs / anchorUs });
    out(`${String(subscribers).padStart(11)}  ${publishUs.toFixed(3).padStart(10)}                      ${totalUs.toFixed(3).padStart(10)}             ${anchorUs.toFixed(3).padStart(10)}                              ${(publishUs / anchorUs).toFixed(2)}x`);
    checks.push(barCheck(`emit cost per event (publish), ${subscribers} subscriber${subscribers > 1 ? 's' : ''}`, publishUs, 'µs', 10, 1));
  }
  out('');
  for (const c of checks) out(barLine(c));
  const seconds = (performance.now() - began) / 1000;
  out(`\n(${seconds.toFixed(1)} s)`);
  out(benchJsonLine('bus-emit', { node: process.version, cpus: os.cpus().length, loadAverage: os.loadavg()[0], seconds, cells, checks }));
}

await main();
