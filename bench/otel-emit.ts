// Emit cost of the host's bus with the OpenTelemetry export on and its endpoint down (a closed port on
// 127.0.0.1), against the same host with the export off (the anchor, measured side by side in the same run):
// bar, a dead endpoint neither blocks nor slows the bus, the emit cost staying within 2x of off. Printed: what
// `publish` costs the producer, and, for reference, the whole cost per event once every subscriber (one
// ordinary subscriber, and the export's records when on) has been handed it. Bounded: a few seconds.
import os from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHost, type HostPlugin } from '@outboard/host';
import { otelPlugin } from '@outboard/otel';
import { benchJsonLine } from './lib/bench-report.js';
import { median } from './lib/stats.js';

const out = (line: string): void => void process.stdout.write(`${line}\n`);
const BATCH = 500; // under every subscriber queue's bound: nothing dropped, every offer is a real enqueue
const EVENTS = 20_000;
const ROUNDS = 5;
const BAR = 2;

async function drained(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100_000 && !check(); i++) await new Promise((r) => setImmediate(r));
}

/** A port on 127.0.0.1 nothing listens on. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A long-lived host (as a hub is) with one ordinary subscriber, and a probe that sees when the plugins were handed each event. */
interface BenchHost {
  measure(events: number): Promise<{ publishUs: number; totalUs: number }>;
  close(): Promise<void>;
}

async function benchHost(plugins: HostPlugin[]): Promise<BenchHost> {
  const root = mkdtempSync(join(tmpdir(), 'bench-otel-'));
  const host = createHost({ identity: { id: 'outboard', version: '0.0.0' }, home: root, cwd: root, env: {}, globalRoots: [], plugins });
  await host.ready();
  let delivered = 0;
  host.bus.subscribe(undefined, () => void delivered++);
  const input = { type: 'bench.tick', source: 'bench', attributes: { extension: 'bench', n: 1 } };
  return {
    async measure(events) {
      const start = delivered;
      let publishNs = 0n;
      const began = process.hrtime.bigint();
      for (let sent = 0; sent < events; sent += BATCH) {
        const t0 = process.hrtime.bigint();
        for (let i = 0; i < BATCH; i++) host.bus.publish(input);
        publishNs += process.hrtime.bigint() - t0;
        await drained(() => delivered - start >= sent + BATCH);
        // The plugins' subscription was offered the batch at the same time: a turn more lets it finish too.
        await new Promise((r) => setImmediate(r));
      }
      const totalNs = process.hrtime.bigint() - began;
      if (delivered - start !== events) throw new Error(`delivered ${delivered - start} of ${events}`);
      return { publishUs: Number(publishNs) / 1000 / events, totalUs: Number(totalNs) / 1000 / events };
    },
    async close() {
      await host.closePlugins();
      host.bus.dispose();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const began = performance.now();
  process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] = `http://127.0.0.1:${await deadPort()}`;
  process.env['OTEL_BLRP_SCHEDULE_DELAY'] = '200';
  process.env['OTEL_BSP_SCHEDULE_DELAY'] = '200';
  const on = (): HostPlugin[] => [otelPlugin({ serviceName: 'bench', shutdownTimeoutMs: 200 })];
  out(`otel-emit: node ${process.version}, ${os.cpus().length} cpus, load ${os.loadavg()[0]?.toFixed(2)}; endpoint ${process.env['OTEL_EXPORTER_OTLP_ENDPOINT']} (closed)`);
  const offHost = await benchHost([]);
  const onHost = await benchHost(on());
  // Warm-up; then the endpoint's first export has had the time to go unanswered (the steady state of a hub
  // whose collector is down).
  await offHost.measure(5_000);
  await onHost.measure(5_000);
  await new Promise((r) => setTimeout(r, 1500));
  const offRounds: Array<{ publishUs: number; totalUs: number }> = [];
  const onRounds: Array<{ publishUs: number; totalUs: number }> = [];
  // Interleaved, so a change of machine load touches both alike.
  for (let r = 0; r < ROUNDS; r++) {
    offRounds.push(await offHost.measure(EVENTS));
    onRounds.push(await onHost.measure(EVENTS));
  }
  await offHost.close();
  await onHost.close();
  const off = { publishUs: median(offRounds.map((x) => x.publishUs)), totalUs: median(offRounds.map((x) => x.totalUs)) };
  const down = { publishUs: median(onRounds.map((x) => x.publishUs)), totalUs: median(onRounds.map((x) => x.totalUs)) };
  const ratio = down.publishUs / off.publishUs;
  const totalRatio = down.totalUs / off.totalUs;
  out(`                         publish µs/event   total µs/event incl. delivery and export records   (median of ${ROUNDS}, ${EVENTS} events each)`);
  out(`anchor: export off      ${off.publishUs.toFixed(3).padStart(10)}         ${off.totalUs.toFixed(3).padStart(10)}`);
  out(`export on, endpoint down${down.publishUs.toFixed(3).padStart(10)}         ${down.totalUs.toFixed(3).padStart(10)}`);
  out(`ratio on-down/off       ${ratio.toFixed(2).padStart(9)}x         ${totalRatio.toFixed(2).padStart(9)}x`);
  const verdict = ratio <= BAR ? 'MET' : 'MISSED';
  out(`\n${verdict.padEnd(6)} emit cost with the exporter on and its endpoint down: ${ratio.toFixed(2)}x of off (bar <= ${BAR}x)`);
  const seconds = (performance.now() - began) / 1000;
  out(`(${seconds.toFixed(1)} s)`);
  out(benchJsonLine('otel-emit', { node: process.version, cpus: os.cpus().length, loadAverage: os.loadavg()[0], seconds, off, onEndpointDown: down, ratio, totalRatio, bar: BAR, verdict }));
}

await main();
