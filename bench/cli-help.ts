// `outboard --help` with 0 and 20 enabled extensions, cache warm and cold, side by side with `node -e 0`.
// Goal (issue 11): `--help` with 20 extensions, warm, within 1.2x `node -e 0` measured in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, ms, quantile, ratio } from './lib/stats.js';
import { writeUserExtensions } from './lib/fixture-extensions.js';
import { interleave, timeCommand } from './lib/time-command.js';
import { benchJsonLine } from './lib/bench-report.js';
import { goalLine, limitGoal } from './lib/limit-goal.js';
import { spawnSync } from 'node:child_process';

const CLI = fileURLToPath(new URL('../../packages/cli/dist/bundle/main.js', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);

const root = mkdtempSync(join(tmpdir(), 'outboard-bench-help-'));
try {
  const empty = join(root, 'home-0');
  const twenty = join(root, 'home-20');
  const env = (home: string) => ({ ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1' });
  // Enabled, so that --help lists their commands as a user's would.
  for (const name of writeUserExtensions(twenty, 20)) {
    const r = spawnSync(process.execPath, [CLI, 'extensions', 'enable', name, '--yes'], { env: env(twenty), cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`enable ${name} failed: ${r.stderr}`);
  }
  const help = (home: string, cold: boolean) => () =>
    timeCommand([process.execPath, CLI, '--help'], env(home), root, cold ? () => rmSync(join(home, 'extensions.json'), { force: true }) : undefined);
  const samples = interleave(
    [
      { name: 'node -e 0', run: () => timeCommand([process.execPath, '-e', '0'], process.env, root) },
      { name: '--help, 0 extensions, warm', run: help(empty, false) },
      { name: '--help, 20 extensions, warm', run: help(twenty, false) },
      { name: '--help, 0 extensions, cold', run: help(empty, true) },
      { name: '--help, 20 extensions, cold', run: help(twenty, true) },
    ],
    ROUNDS,
  );
  const med = (name: string) => median(samples.get(name) ?? []);
  const node = med('node -e 0');
  console.log(`outboard --help, ${ROUNDS} interleaved runs each (median, p90):`);
  for (const [name, values] of samples) {
    console.log(`  ${name.padEnd(30)} ${ms(median(values)).padStart(10)} ${ms(quantile(values, 0.9)).padStart(10)}   ${ratio(median(values), node)} of node -e 0`);
  }
  const addedWarm = med('--help, 20 extensions, warm') - med('--help, 0 extensions, warm');
  const addedCold = med('--help, 20 extensions, cold') - med('--help, 0 extensions, cold');
  console.log(`  added by 20 extensions: warm ${ms(addedWarm)}, cold ${ms(addedCold)}`);
  const help20 = med('--help, 20 extensions, warm') / node;
  const goals = [limitGoal('--help with 20 extensions, warm, against node -e 0', help20, 'x', 1.2, 'node -e 0', node)];
  for (const g of goals) console.log(goalLine(g));
  console.log(benchJsonLine('cli-help', { rounds: ROUNDS, figuresMs: Object.fromEntries([...samples].map(([k, v]) => [k, median(v)])), goals }));
} finally {
  rmSync(root, { recursive: true, force: true });
}
