// The host's provider fan-out (`outboard search`, the hub's search box, agents) against the round trip of the
// slowest single provider, side by side in the same rounds. Twenty real peer processes (the bundled lean peer,
// each declaring a search provider that answers at once) run; each round asks every provider alone, one after
// another, then all twenty at once through ProviderQueries.fanOut. Goal (issue 24): the fan-out within 1.3x the
// slowest single provider's round trip of the same round.
//
// The floor beside it: the same twenty requests sent at once straight on the peers' connections (no routing,
// no deadline, no answer checks). When the goal is missed, the floor says how much of it the host owns and how
// much is twenty processes sharing this machine's cores.
import { cpus } from 'node:os';
import { median, ms, quantile } from './lib/stats.js';
import { benchJsonLine } from './lib/bench-report.js';
import { peerBenchHome } from './lib/peer-bench-home.js';

const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const GOAL_RATIO = 1.3;

const names = Array.from({ length: PROVIDERS }, (_, i) => `fan${String(i + 1).padStart(2, '0')}`);
const env = await peerBenchHome(names.map((name) => ({ name, runtime: 'node-bundle' as const })));
try {
  const peers = await env.host.peers({ supervisor: { heartbeat: false } });
  const query = { query: 'needle', limit: 10 };
  const fanOut = async (): Promise<number> => {
    const start = performance.now();
    let answered = 0;
    for await (const outcome of peers.providers.fanOut('search', query)) if (outcome.outcome === 'answered') answered++;
    const elapsed = performance.now() - start;
    if (answered !== PROVIDERS) throw new Error(`only ${answered} of ${PROVIDERS} providers answered`);
    return elapsed;
  };
  const single = async (name: string): Promise<number> => {
    const start = performance.now();
    await peers.providers.query(`${name}.search`, query);
    return performance.now() - start;
  };
  const supervisors = await Promise.all(names.map(async (n) => (await peers.supervisor(n)) ?? Promise.reject(new Error(`no supervisor for ${n}`))));
  const floor = async (): Promise<number> => {
    const start = performance.now();
    await Promise.all(supervisors.map((s, i) => s.request('providers/query', { id: `${names[i]}.search`, ...query }, { timeoutMs: 0 })));
    return performance.now() - start;
  };

  // Start every peer first (a cold start under the 2 s deadline is not what this measures), then warm both paths.
  for (const s of supervisors) await s.start();
  for (let i = 0; i < 5; i++) {
    await fanOut();
    await floor();
    for (const n of names) await single(n);
  }

  const slowest: number[] = [];
  const fan: number[] = [];
  const bare: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let worst = 0;
    for (const n of names) worst = Math.max(worst, await single(n));
    const f = await fanOut();
    bare.push(await floor());
    slowest.push(worst);
    fan.push(f);
    ratios.push(f / worst);
  }
  const pairedRatio = median(ratios);
  const floorRatio = median(bare.map((b, i) => b / (slowest[i] as number)));
  console.log(`provider fan-out to ${PROVIDERS} peer processes that answer at once, ${ROUNDS} rounds (median, p90), ${cpus().length} cores:`);
  console.log(`  slowest single provider's round trip  ${ms(median(slowest)).padStart(10)} ${ms(quantile(slowest, 0.9)).padStart(10)}`);
  console.log(`  fan-out through the host              ${ms(median(fan)).padStart(10)} ${ms(quantile(fan, 0.9)).padStart(10)}`);
  console.log(`  floor: ${PROVIDERS} bare requests at once        ${ms(median(bare)).padStart(10)} ${ms(quantile(bare, 0.9)).padStart(10)}`);
  console.log(`fan-out: ${pairedRatio.toFixed(2)}x the slowest single provider of the same round (median of per-round ratios)`);
  console.log(`floor (the same requests with no host work): ${floorRatio.toFixed(2)}x; the host's own share is ${(pairedRatio - floorRatio).toFixed(2)}x`);
  const met = pairedRatio <= GOAL_RATIO;
  console.log(`${met ? 'MET' : 'MISSED'}: fan-out to ${PROVIDERS} providers ${pairedRatio.toFixed(2)}x the slowest single round trip (goal <= ${GOAL_RATIO}x)`);
  const round2 = (v: number): number => Math.round(v * 1000) / 1000;
  console.log(
    benchJsonLine('provider-fanout', {
      providers: PROVIDERS,
      rounds: ROUNDS,
      cores: cpus().length,
      figures: {
        slowestSingleMs: { median: round2(median(slowest)), p90: round2(quantile(slowest, 0.9)) },
        fanOutMs: { median: round2(median(fan)), p90: round2(quantile(fan, 0.9)) },
        floorMs: { median: round2(median(bare)), p90: round2(quantile(bare, 0.9)) },
      },
      anchors: { single: 'the slowest single provider round trip of the same round', floor: `${PROVIDERS} bare requests at once on the peer connections` },
      ratios: { fanOutVsSlowestSingle: round2(pairedRatio), floorVsSlowestSingle: round2(floorRatio) },
      goals: { fanOutRatio: { goal: GOAL_RATIO, value: round2(pairedRatio), measure: 'median of per-round ratios', verdict: met ? 'MET' : 'MISSED' } },
    }),
  );
} finally {
  await env.dispose();
}
