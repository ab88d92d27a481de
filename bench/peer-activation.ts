// Cold activation of a peer (spawn to ready: the host's launch plan, process start, the peer's module
// loading, the initialize/activate handshake) side by side with starting the bare interpreter (`node -e 0`,
// `python3 -c pass`), interleaved. Node peers: one shipped as a single bundled file (bench/lib/lean-peer.ts,
// as the CLI ships: the goal applies to it) and the test fixture, which loads the protocol package's modules
// one by one (what module loading costs a peer). Goal: the Node peer spawn to ready <= 1.3x `node -e 0`.
import { spawn } from 'node:child_process';
import { median, ms, quantile, ratio } from './lib/stats.js';
import { peerBenchHome } from './lib/peer-bench-home.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const GOAL_RATIO = 1.3;

/** Milliseconds from spawn to exit of `argv` (asynchronous, like a peer's spawn). */
function timeProcess(argv: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(argv[0] as string, argv.slice(1), { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - start) : reject(new Error(`${argv.join(' ')} exited ${code}`))));
  });
}

const env = await peerBenchHome([
  { name: 'bundledpeer', runtime: 'node-bundle' },
  { name: 'nodepeer', runtime: 'node' },
  { name: 'pypeer', runtime: 'python' },
]);
try {
  const peers = await env.host.peers({ supervisor: { heartbeat: false } });
  const activation = async (name: string): Promise<number> => {
    const supervisor = await peers.supervisor(name);
    if (!supervisor) throw new Error(`no supervisor for ${name}`);
    const start = performance.now();
    await supervisor.start();
    const elapsed = performance.now() - start;
    await supervisor.stop();
    return elapsed;
  };
  const cases: Array<{ name: string; run: () => Promise<number> }> = [
    { name: 'node -e 0', run: () => timeProcess([process.execPath, '-e', '0']) },
    { name: 'Node peer, spawn to ready', run: () => activation('bundledpeer') },
    { name: 'Node peer, unbundled modules', run: () => activation('nodepeer') },
    { name: 'python3 -c pass', run: () => timeProcess(['python3', '-c', 'pass']) },
    { name: 'Python peer, spawn to ready', run: () => activation('pypeer') },
  ];
  const samples = new Map(cases.map((c) => [c.name, [] as number[]]));
  for (const c of cases) await c.run(); // warm the page cache of each
  for (let i = 0; i < ROUNDS; i++) for (const c of cases) samples.get(c.name)?.push(await c.run());

  const med = (name: string): number => median(samples.get(name) ?? []);
  console.log(`peer cold activation against the bare interpreter, ${ROUNDS} interleaved runs each (median, p90):`);
  for (const [name, values] of samples) console.log(`  ${name.padEnd(30)} ${ms(median(values)).padStart(10)} ${ms(quantile(values, 0.9)).padStart(10)}`);
  const nodeAdded = med('Node peer, spawn to ready') - med('node -e 0');
  const pyAdded = med('Python peer, spawn to ready') - med('python3 -c pass');
  const nodeRatio = med('Node peer, spawn to ready') / med('node -e 0');
  const unbundledRatio = med('Node peer, unbundled modules') / med('node -e 0');
  const pyRatio = med('Python peer, spawn to ready') / med('python3 -c pass');
  console.log(`Node peer (one bundled file): ${ratio(med('Node peer, spawn to ready'), med('node -e 0'))} of node -e 0 (${ms(nodeAdded)} added: the host's launch work, the peer's code, the handshake)`);
  console.log(`Node peer loading the protocol's modules one by one: ${ratio(med('Node peer, unbundled modules'), med('node -e 0'))} of node -e 0`);
  console.log(`Python peer: ${ratio(med('Python peer, spawn to ready'), med('python3 -c pass'))} of python3 -c pass (${ms(pyAdded)} added)`);
  const met = nodeRatio <= GOAL_RATIO;
  console.log(`${met ? 'MET' : 'MISSED'}: Node peer spawn to ready ${nodeRatio.toFixed(2)}x node -e 0 (goal <= ${GOAL_RATIO}x)`);
  const round = (v: number): number => Math.round(v * 100) / 100;
  const figures = Object.fromEntries([...samples].map(([name, values]) => [name, { medianMs: round(median(values)), p90Ms: round(quantile(values, 0.9)) }]));
  console.log(
    `BENCH_JSON ${JSON.stringify({
      bench: 'peer-activation',
      rounds: ROUNDS,
      figures,
      anchors: { node: 'node -e 0', python: 'python3 -c pass' },
      ratios: { nodePeer: round(nodeRatio), nodePeerUnbundled: round(unbundledRatio), pythonPeer: round(pyRatio) },
      goals: { nodePeerRatio: { goal: GOAL_RATIO, value: round(nodeRatio), verdict: met ? 'MET' : 'MISSED' } },
    })}`,
  );
} finally {
  await env.dispose();
}
