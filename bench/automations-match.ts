// Matching cost per event with 1,000 automations (bar: under 50 µs per event), indexed by event type, against
// the anchor measured in the same run: publishing the same event on the host's bus with no subscriber at all.
// Two spreads: 1,000 automations over 100 event types (10 candidates per event, each with an attribute filter
// and a project), and the worst case, all 1,000 on the event's own type. Bounded: a few seconds.
import os from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AutomationMatcher, createHost, type Automation } from '@outboard/host';
import { benchJsonLine } from './lib/bench-report.js';
import { median } from './lib/stats.js';

const out = (line: string): void => void process.stdout.write(`${line}\n`);
const EVENTS = 100_000;
const ROUNDS = 5;
const BAR_US = 50;

function automations(count: number, types: number): Automation[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `a${i}`,
    name: `a${i}`,
    trigger: { type: `ext.type${i % types}`, filter: { branch: i % 2 === 0 ? 'main' : 'feature/*', changes: i % 7 }, project: `p${i % 3}` },
    action: { id: 'ext.act', args: { text: '{{event.attributes.branch}}' } },
    mode: 'single',
    max: 10,
    rateLimit: { count: 60, perSeconds: 60 },
    enabled: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  }));
}

/** µs per `match` of one event against the index. */
function matchUs(matcher: AutomationMatcher, events: number): number {
  const event = { seq: 1, time: '2026-01-01T00:00:00.000Z', type: 'ext.type0', source: 'ext', scope: { projectId: 'p0' }, attributes: { branch: 'main', changes: 0 } };
  let matched = 0;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < events; i++) matched += matcher.match(event).length;
  const ns = process.hrtime.bigint() - t0;
  if (matched === 0) throw new Error('the bench event matched nothing: the bench is wrong');
  return Number(ns) / 1000 / events;
}

/** The anchor: µs per `bus.publish` of the same event on a host with no subscriber. */
function emitNoneUs(events: number): number {
  const root = mkdtempSync(join(tmpdir(), 'bench-automations-'));
  try {
    const host = createHost({ identity: { id: 'outboard', version: '0.0.0' }, home: root, cwd: root, env: {}, globalRoots: [] });
    const input = { type: 'ext.type0', source: 'ext', scope: { projectId: 'p0' }, attributes: { branch: 'main', changes: 0 } };
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < events; i++) host.bus.publish(input);
    const ns = process.hrtime.bigint() - t0;
    host.bus.dispose();
    return Number(ns) / 1000 / events;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function main(): void {
  const began = performance.now();
  out(`automations-match: node ${process.version}, ${os.cpus().length} cpus, load ${os.loadavg()[0]?.toFixed(2)}`);
  emitNoneUs(20_000);
  const anchorUs = median(Array.from({ length: ROUNDS }, () => emitNoneUs(EVENTS)));
  out(`anchor: bus publish with no subscriber: ${anchorUs.toFixed(3)} µs/event (median of ${ROUNDS})`);
  const cells: Array<Record<string, number | string>> = [];
  for (const [label, types] of [['1,000 over 100 types', 100], ['1,000 on one type (worst case)', 1]] as const) {
    const matcher = new AutomationMatcher(automations(1000, types));
    matchUs(matcher, 20_000);
    const us = median(Array.from({ length: ROUNDS }, () => matchUs(matcher, types === 1 ? EVENTS / 20 : EVENTS)));
    const verdict = us < BAR_US ? 'MET' : 'MISSED';
    cells.push({ spread: label, matchUs: us, anchorUs, ratio: us / anchorUs, verdict });
    out(`${verdict.padEnd(6)} ${label}: match ${us.toFixed(3)} µs/event (bar < ${BAR_US} µs), ${(us / anchorUs).toFixed(2)}x the anchor`);
  }
  const seconds = (performance.now() - began) / 1000;
  out(`(${seconds.toFixed(1)} s)`);
  out(benchJsonLine('automations-match', { node: process.version, cpus: os.cpus().length, loadAverage: os.loadavg()[0], seconds, anchor: 'bus publish, no subscriber', cells }));
}

main();
