// A peer flooding the host with notifications/show and events/publish requests and raw notifications, as
// fast as it can, for 5 s: the host's event-loop delay (monitorEventLoopDelay) and another peer's RPC
// latency during the flood, against the same 5 s without it. Goal: event-loop delay p99 under 20 ms.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { median, ms, quantile, ratio } from './lib/stats.js';
import { peerBenchHome } from './lib/peer-bench-home.js';
import type { PeerManager } from '@outboard/host';

const PHASE_MS = Number(process.env.BENCH_FLOOD_MS ?? 5000);
const RUNTIME = process.env.BENCH_FLOOD_RUNTIME === 'python' ? 'python' : 'node';
const GOAL_MS = 20;
/** Sampling interval of the event-loop monitor, in ms. */
const RESOLUTION_MS = 2;

interface Phase {
  loopP50: number;
  loopP99: number;
  loopMax: number;
  rpc: number[];
  events: number;
}

/** Calls the steady peer's RPC back to back for PHASE_MS while watching the event loop. */
async function measure(peers: PeerManager, countEvents: () => number): Promise<Phase> {
  const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const eventsBefore = countEvents();
  loop.enable();
  const rpc: number[] = [];
  const end = performance.now() + PHASE_MS;
  while (performance.now() < end) {
    const start = performance.now();
    await peers.callRpc('steady.echo', { i: rpc.length });
    rpc.push(performance.now() - start);
  }
  loop.disable();
  // Node's histogram counts the sampling interval itself; what is over it is the delay.
  const delay = (ns: number): number => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  return { loopP50: delay(loop.percentile(50)), loopP99: delay(loop.percentile(99)), loopMax: delay(loop.max), rpc, events: countEvents() - eventsBefore };
}

const env = await peerBenchHome([
  { name: 'steady', runtime: 'node' },
  { name: 'flooder', runtime: RUNTIME, mode: 'flood' },
]);
try {
  const peers = await env.host.peers({ supervisor: { heartbeat: false, stopStepMs: 500 } });
  let events = 0;
  env.host.bus.subscribe({ types: ['flooder.happened'] }, () => {
    events++;
  });
  await peers.callRpc('steady.echo', {});
  const quiet = await measure(peers, () => events);
  await peers.invokeAction('flooder.hello', {});
  const flood = await measure(peers, () => events);
  const flooder = await peers.supervisor('flooder');
  const connection = flooder?.status().connection;
  const dropped = peers.notifications
    .current()
    .filter((n) => n.extension === 'flooder')
    .reduce((sum, n) => sum + Number(/^(\d+) notifications from .* were dropped/.exec(n.message)?.[1] ?? 0), 0);
  const stopStart = performance.now();
  await flooder?.stop();
  const stopMs = performance.now() - stopStart;

  console.log(`a ${RUNTIME} peer flooding the host for ${PHASE_MS} ms, against ${PHASE_MS} ms without it:`);
  console.log(`  host event-loop delay p50/p99/max   quiet ${ms(quiet.loopP50)} / ${ms(quiet.loopP99)} / ${ms(quiet.loopMax)}   flood ${ms(flood.loopP50)} / ${ms(flood.loopP99)} / ${ms(flood.loopMax)}`);
  console.log(`  other peer's RPC p50/p99            quiet ${ms(median(quiet.rpc))} / ${ms(quantile(quiet.rpc, 0.99))}   flood ${ms(median(flood.rpc))} / ${ms(quantile(flood.rpc, 0.99))}   (${ratio(quantile(flood.rpc, 0.99), quantile(quiet.rpc, 0.99))} at p99)`);
  console.log(`  other peer's RPCs completed         quiet ${quiet.rpc.length}   flood ${flood.rpc.length}`);
  console.log(`  flood handled: ${flood.events} events published (${Math.round(flood.events / (PHASE_MS / 1000))}/s), ${dropped} notifications dropped by the rate limit (dropped notes counted at their next window), ${connection?.unhandledNotifications ?? 0} raw notifications ignored`);
  console.log(`  flooder stopped in ${ms(stopMs)}; host rss ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
  console.log(flood.loopP99 < GOAL_MS ? `goal met: event-loop delay p99 ${ms(flood.loopP99)} < ${GOAL_MS} ms` : `goal missed: event-loop delay p99 ${ms(flood.loopP99)} (goal < ${GOAL_MS} ms)`);
} finally {
  await env.dispose();
}
