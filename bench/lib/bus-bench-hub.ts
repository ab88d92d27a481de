// The hub side of bench/bus-wire.ts, run in its own process: a host with a `bench.noop` plugin method behind
// a HubServer on 127.0.0.1, publishing events at the rate the parent asks for. Each event carries the
// monotonic clock (µs, system-wide on Linux) at publish, so the parent can measure emit-to-receive latency.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createHost } from '@outboard/host';
import { HubServer, ensureHubToken } from '@outboard/hub';

const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);

/** Starts the hub, prints `{ port, token }`, then serves `emit <rate> <ms>` lines (answering `done <n>`) until stdin ends. */
export async function serveBenchHub(): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'bench-bus-hub-'));
  const host = createHost({ identity: { id: 'outboard', version: '0.0.0' }, home, cwd: home, env: {}, globalRoots: [], plugins: [{ name: 'bench', setup: (ctx) => void ctx.rpc.register('bench.noop', () => null) }] });
  const token = ensureHubToken(home);
  const router = { handleRequest: () => undefined, handleUpgrade: () => undefined, list: () => [], stop: async () => false, restart: async () => false, stopAll: async () => undefined };
  const server = new HubServer({ host, router: router as never, token });
  const port = await server.listen(0);
  process.stdout.write(`${JSON.stringify({ port, token })}\n`);
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const [command, rateText, msText] = line.trim().split(' ');
    if (command !== 'emit') continue;
    const rate = Number(rateText);
    const duration = Number(msText);
    const sent = await emit(host.bus, rate, duration);
    process.stdout.write(`done ${sent}\n`);
  }
  await server.close();
  rmSync(home, { recursive: true, force: true });
}

/** Publishes `rate` events per second for `ms` milliseconds, paced by a 1 ms timer (bursts of rate/1000). */
function emit(bus: { publish(input: object): unknown }, rate: number, ms: number): Promise<number> {
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
