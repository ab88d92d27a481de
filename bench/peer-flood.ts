// A peer flooding the host with notifications/show and events/publish requests and raw notifications, as
// fast as it can, for 5 s: the host's event-loop delay (monitorEventLoopDelay) and another peer's RPC
// latency during the flood, against the same 5 s without it. The machine is loaded by the benchmark itself
// (a process spinning on one core for the whole run) so the figures do not depend on who else runs.
// Goals: event-loop delay p99 < 20 ms, the other peer's RPC p99 < 5 ms, during the flood.
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { median, ms, quantile, ratio } from './lib/stats.js';
import { benchJsonLine } from './lib/bench-report.js';
import { peerBenchHome } from './lib/peer-bench-home.js';
import type { PeerFleet } from '@outboard/host';

const PHASE_MS = Number(process.env.BENCH_FLOOD_MS ?? 5000);
const RUNTIME = process.env.BENCH_FLOOD_RUNTIME === 'python' ? 'python' : 'node';
const LOOP_GOAL_MS = 20;
const RPC_GOAL_MS = 5;
/** Sampling interval of the event-loop monitor, in ms. */
const RESOLUTION_MS = 2;

interface Phase {
  loopP50: number;
  loopP99: number;
  loopMax: number;
  rpc: number[];
  events: number;
  /** Host CPU time over the phase, in percent of one core. */
  cpuPercent: number;
}

/** Calls the steady peer's RPC back to back for PHASE_MS while watching the event loop. */
async function measure(peers: PeerFleet, countEvents: () => number): Promise<Phase> {
  const loop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const eventsBefore = countEvents();
  loop.enable();
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const rpc: number[] = [];
  const end = performance.now() + PHASE_MS;
  while (performance.now() < end) {
    const start = performance.now();
    await peers.callRpc('steady.echo', { i: rpc.length });
    rpc.push(performance.now() - start);
  }
  loop.disable();
  const cpu = process.cpuUsage(cpuBefore);
  const cpuPercent = ((cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore)) * 100;
  // Node's histogram counts the sampling interval itself; what is over it is the delay.
  const delay = (ns: number): number => Math.max(0, ns / 1e6 - RESOLUTION_MS);
  return { loopP50: delay(loop.percentile(50)), loopP99: delay(loop.percentile(99)), loopMax: delay(loop.max), rpc, events: countEvents() - eventsBefore, cpuPercent };
}

// The load: one core busy for the whole run.
// It spins for at most the run's length plus a minute, so that even a benchmark killed hard leaves nothing behind.
const spinner = spawn(process.execPath, ['-e', `const end = Date.now() + ${2 * PHASE_MS + 60_000}; while (Date.now() < end) {}`], { stdio: 'ignore' });
process.once('exit', () => spinner.kill('SIGKILL'));
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
  console.log(`  host CPU                            quiet ${quiet.cpuPercent.toFixed(0)}%   flood ${flood.cpuPercent.toFixed(0)}% of one core (the quiet phase calls the other peer back to back)`);
  console.log(`  flooder stopped in ${ms(stopMs)}; host rss ${Math.round(process.memoryUsage().rss / 1e6)} MB`);
  const loopMet = flood.loopP99 < LOOP_GOAL_MS;
  const rpcP99 = quantile(flood.rpc, 0.99);
  const rpcMet = rpcP99 < RPC_GOAL_MS;
  console.log(`  (the machine was loaded by a process spinning on one core for the whole run)`);
  console.log(`${loopMet ? 'MET' : 'MISSED'}: host event-loop delay p99 during the flood ${ms(flood.loopP99)} (goal < ${LOOP_GOAL_MS} ms; quiet ${ms(quiet.loopP99)})`);
  console.log(`${rpcMet ? 'MET' : 'MISSED'}: another peer's RPC p99 during the flood ${ms(rpcP99)} (goal < ${RPC_GOAL_MS} ms; quiet ${ms(quantile(quiet.rpc, 0.99))})`);
  const round = (v: number): number => Math.round(v * 100) / 100;
  console.log(
    benchJsonLine('peer-flood', {
      runtime: RUNTIME,
      phaseMs: PHASE_MS,
      loaded: 'one core spinning',
      loopDelayMs: { quiet: { p50: round(quiet.loopP50), p99: round(quiet.loopP99), max: round(quiet.loopMax) }, flood: { p50: round(flood.loopP50), p99: round(flood.loopP99), max: round(flood.loopMax) } },
      otherPeerRpcMs: { quiet: { p50: round(median(quiet.rpc)), p99: round(quantile(quiet.rpc, 0.99)), count: quiet.rpc.length }, flood: { p50: round(median(flood.rpc)), p99: round(rpcP99), count: flood.rpc.length } },
      anchors: { loopDelayP99Ms: round(quiet.loopP99), otherPeerRpcP99Ms: round(quantile(quiet.rpc, 0.99)), note: 'the same host without the flood, same run, same load' },
      ratios: { loopDelayP99FloodToQuiet: round(flood.loopP99 / Math.max(quiet.loopP99, 0.01)), otherPeerRpcP99FloodToQuiet: round(rpcP99 / quantile(quiet.rpc, 0.99)) },
      hostCpuPercent: { quiet: round(quiet.cpuPercent), flood: round(flood.cpuPercent) },
      floodEvents: flood.events,
      droppedNotifications: dropped,
      stopMs: round(stopMs),
      goals: { loopDelayP99Ms: { goal: LOOP_GOAL_MS, value: round(flood.loopP99), verdict: loopMet ? 'MET' : 'MISSED' }, otherPeerRpcP99Ms: { goal: RPC_GOAL_MS, value: round(rpcP99), verdict: rpcMet ? 'MET' : 'MISSED' } },
    }),
  );
} finally {
  spinner.kill('SIGKILL');
  await env.dispose();
}
