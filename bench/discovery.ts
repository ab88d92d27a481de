// Discovery of 1,000 installed extensions, cold (no cache) and warm, in process; the anchor is the floor of
// the same work: reading and parsing the 1,000 package.json files and nothing else. Goals (issue 11): cold
// ≤ 3× the floor, warm ≤ 1.2×. Cells are interleaved in every round (floor, cold, warm), medians reported.
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createHost } from '@outboard/host';
import { median, ms, ratio } from './lib/stats.js';
import { writeUserExtensions } from './lib/fixture-extensions.js';

const COUNT = 1000;
// 31 rounds (about 2 s): with 11, the median of the cold cell moved by 10% between runs of the same code.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 31);
const GOALS = { cold: 3, warm: 1.2 };

const root = mkdtempSync(join(tmpdir(), 'outboard-bench-discovery-'));
try {
  const home = join(root, 'home');
  writeUserExtensions(home, COUNT);
  const mods = join(home, 'extensions', 'node_modules');
  const host = () => createHost({ identity: { id: 'outboard', version: '0.1.0' }, home, cwd: root, env: {}, globalRoots: [] });

  const floor: number[] = [];
  const io: number[] = [];
  const cold: number[] = [];
  const warm: number[] = [];
  // Files changed within a timestamp tick of a scan are not trusted by the cache: let the fixture settle.
  await delay(200);
  await host().extensions(); // load the validator once so cold runs measure the scan, not the import
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    let n = 0;
    for (const name of readdirSync(mods)) n += JSON.parse(readFileSync(join(mods, name, 'package.json'), 'utf8')) ? 1 : 0;
    floor.push(performance.now() - t);
    if (n !== COUNT) throw new Error(`read ${n} packages`);

    // Not a goal: the floor plus the lstat of each component of each bin path that a cold scan cannot skip
    // (a bin reached through a symlink leading out of the package makes it invalid), to show what is left for the checks.
    t = performance.now();
    for (const name of readdirSync(mods)) {
      const dir = join(mods, name);
      JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      lstatSync(join(dir, 'bin'));
      lstatSync(join(dir, 'bin', 'cli.js'));
    }
    io.push(performance.now() - t);

    rmSync(join(home, 'extensions.json'), { force: true });
    t = performance.now();
    const c = await host().extensions();
    cold.push(performance.now() - t);
    if (c.extensions.length !== COUNT || c.rescanned === 0) throw new Error('cold discovery found the wrong set');

    t = performance.now();
    const w = await host().extensions();
    warm.push(performance.now() - t);
    if (w.extensions.length !== COUNT || w.rescanned !== 0) throw new Error('warm discovery missed the cache');
  }
  const f = median(floor);
  const figures = { floorMs: f, coldMs: median(cold), warmMs: median(warm), coldIoMs: median(io) };
  const verdict = (value: number, goal: number) => (value / f <= goal ? 'MET' : 'MISSED');
  console.log(`discovery of ${COUNT} extensions, median of ${ROUNDS} interleaved rounds:`);
  console.log(`  floor (read + JSON.parse every package.json)  ${ms(f)}`);
  console.log(`  floor + lstat of each bin path component        ${ms(figures.coldIoMs)}   ${ratio(figures.coldIoMs, f)} of the floor (the I/O a cold scan cannot skip; no goal)`);
  console.log(`  cold (scan, validate, write the cache)         ${ms(figures.coldMs)}   ${ratio(figures.coldMs, f)} of the floor (goal ≤ ${GOALS.cold}x: ${verdict(figures.coldMs, GOALS.cold)})`);
  console.log(`  warm (cache + one stat per input)              ${ms(figures.warmMs)}   ${ratio(figures.warmMs, f)} of the floor (goal ≤ ${GOALS.warm}x: ${verdict(figures.warmMs, GOALS.warm)})`);
  const json = {
    bench: 'discovery',
    count: COUNT,
    rounds: ROUNDS,
    ...figures,
    cold: { ratio: figures.coldMs / f, goal: GOALS.cold, verdict: verdict(figures.coldMs, GOALS.cold) },
    warm: { ratio: figures.warmMs / f, goal: GOALS.warm, verdict: verdict(figures.warmMs, GOALS.warm) },
  };
  console.log(`BENCH_JSON ${JSON.stringify(json)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
