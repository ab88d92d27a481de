// A plugin that throws on every event: how long until the host disables it (the bar: within 100 ms), and the
// producer's throughput (events published and handed to the plugins, per second) with and without it next to
// a healthy plugin. Bounded: a few seconds.
import os from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHost, type HostPlugin } from '@outboard/host';
import { benchJsonLine } from './lib/bench-report.js';
import { median } from './lib/stats.js';
import { barCheck, barLine } from './lib/bus-bars.js';

const out = (line: string): void => void process.stdout.write(`${line}\n`);
const EVENTS = 100_000;
const BATCH = 500;
const ROUNDS = 5;

function hostWith(plugins: HostPlugin[], log: (line: string) => void = () => undefined): { host: ReturnType<typeof createHost>; cleanup(): void } {
  const root = mkdtempSync(join(tmpdir(), 'bench-plugins-'));
  const host = createHost({ identity: { id: 'outboard', version: '0.0.0' }, home: root, cwd: root, env: {}, globalRoots: [], plugins, log });
  return { host, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

async function turn(): Promise<void> {
  await new Promise((r) => setImmediate(r));
}

/** Time from the first event to the `host.plugin.disabled` event, in ms, with events published continuously. */
async function timeToDisable(): Promise<number> {
  const { host, cleanup } = hostWith([{ name: 'thrower', setup: (ctx) => void ctx.on('*', () => { throw new Error('always'); }) }]);
  let disabledAt = 0;
  host.bus.subscribe({ types: ['host.plugin.disabled'] }, () => void (disabledAt = performance.now()));
  const start = performance.now();
  for (let i = 0; i < 100_000 && disabledAt === 0; i++) {
    host.bus.publish({ type: 'bench.tick', source: 'bench' });
    if (i % 10 === 9) await turn();
  }
  for (let i = 0; i < 1000 && disabledAt === 0; i++) await turn();
  host.bus.dispose();
  cleanup();
  return disabledAt - start;
}

/** Events per second published and delivered to every plugin handler. */
async function throughput(thrower: 'none' | 'always' | 'every-other'): Promise<number> {
  let healthy = 0;
  const plugins: HostPlugin[] = [];
  if (thrower === 'always') plugins.push({ name: 'thrower', setup: (ctx) => void ctx.on('*', () => { throw new Error('always'); }) });
  // Never disabled (each success resets its count): every other event costs a caught throw and a log line.
  if (thrower === 'every-other') plugins.push({ name: 'thrower', setup: (ctx) => void ctx.on('*', (e) => { if (e.seq % 2 === 1) throw new Error('odd'); }) });
  plugins.push({ name: 'healthy', setup: (ctx) => void ctx.on('bench.*', () => void healthy++) });
  const { host, cleanup } = hostWith(plugins);
  const start = performance.now();
  for (let sent = 0; sent < EVENTS; sent += BATCH) {
    for (let i = 0; i < BATCH; i++) host.bus.publish({ type: 'bench.tick', source: 'bench' });
    for (let i = 0; i < 10_000 && healthy < sent + BATCH; i++) await turn();
  }
  const seconds = (performance.now() - start) / 1000;
  host.bus.dispose();
  cleanup();
  return EVENTS / seconds;
}

async function main(): Promise<void> {
  const began = performance.now();
  out(`bus-plugin-throw: node ${process.version}, ${os.cpus().length} cpus, load ${os.loadavg()[0]?.toFixed(2)}`);
  await timeToDisable();
  const disable = median(await sequence(ROUNDS, timeToDisable));
  out(`time until a plugin throwing on every event is disabled: ${disable.toFixed(3)} ms (median of ${ROUNDS})`);
  await throughput('always');
  const without = median(await sequence(ROUNDS, () => throughput('none')));
  const withIt = median(await sequence(ROUNDS, () => throughput('always')));
  const flaky = median(await sequence(ROUNDS, () => throughput('every-other')));
  out(`producer throughput, one healthy plugin:                                   ${Math.round(without).toLocaleString('en')} events/s`);
  out(`  + a plugin throwing on every event (disabled after 5):                   ${Math.round(withIt).toLocaleString('en')} events/s (${((withIt / without) * 100).toFixed(0)}%)`);
  out(`  + a plugin throwing on every other event (never disabled, each logged):  ${Math.round(flaky).toLocaleString('en')} events/s (${((flaky / without) * 100).toFixed(0)}%)`);
  const checks = [barCheck('time until a plugin that keeps throwing is disabled', disable, 'ms', 100)];
  out('');
  for (const c of checks) out(barLine(c));
  const seconds = (performance.now() - began) / 1000;
  out(`\n(${seconds.toFixed(1)} s)`);
  out(benchJsonLine('bus-plugin-throw', { node: process.version, cpus: os.cpus().length, loadAverage: os.loadavg()[0], seconds, disableMs: disable, throughputWithout: without, throughputWith: withIt, throughputEveryOther: flaky, checks }));
}

async function sequence<T>(count: number, run: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < count; i++) results.push(await run());
  return results;
}

await main();
