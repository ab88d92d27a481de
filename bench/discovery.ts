// Discovery of 1,000 installed extensions, cold (no cache) and warm, in process; the anchor is the floor of
// the same work: reading and parsing the 1,000 package.json files and nothing else.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHost } from '@outboard/host';
import { median, ms, ratio } from './lib/stats.js';
import { writeUserExtensions } from './lib/fixture-extensions.js';

const COUNT = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const root = mkdtempSync(join(tmpdir(), 'outboard-bench-discovery-'));
try {
  const home = join(root, 'home');
  writeUserExtensions(home, COUNT);
  const mods = join(home, 'extensions', 'node_modules');
  const host = () => createHost({ identity: { id: 'outboard', version: '0.1.0' }, home, cwd: root, env: {}, globalRoots: [] });

  const floor: number[] = [];
  const cold: number[] = [];
  const warm: number[] = [];
  await host().extensions(); // load the validator once so cold runs measure the scan, not the import
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    let n = 0;
    for (const name of readdirSync(mods)) n += JSON.parse(readFileSync(join(mods, name, 'package.json'), 'utf8')) ? 1 : 0;
    floor.push(performance.now() - t);
    if (n !== COUNT) throw new Error(`read ${n} packages`);

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
  console.log(`discovery of ${COUNT} extensions, median of ${ROUNDS}:`);
  console.log(`  floor (read + JSON.parse every package.json)  ${ms(median(floor))}`);
  console.log(`  cold (scan, validate, write the cache)         ${ms(median(cold))}   ${ratio(median(cold), median(floor))} of the floor`);
  console.log(`  warm (cache + one stat per input)              ${ms(median(warm))}   ${ratio(median(warm), median(floor))} of the floor`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
