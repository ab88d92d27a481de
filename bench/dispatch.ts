// `outboard hello` (an approved extension command that does nothing but exit 0) side by side with
// `node hello.js`, the same program run directly: the difference is what dispatch adds.
// Goal: under 25 ms added with a warm discovery cache.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, ms, quantile, ratio } from './lib/stats.js';
import { interleave, timeCommand } from './lib/time-command.js';

const CLI = fileURLToPath(new URL('../../packages/cli/dist/bundle/main.js', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const GOAL_MS = 25;

const root = mkdtempSync(join(tmpdir(), 'outboard-bench-dispatch-'));
try {
  const home = join(root, 'home');
  const extDir = join(home, 'extensions', 'node_modules', 'outboard-ext-hello');
  const hello = join(extDir, 'bin', 'hello.js');
  mkdirSync(join(extDir, 'bin'), { recursive: true });
  writeFileSync(hello, '');
  writeFileSync(
    join(extDir, 'package.json'),
    JSON.stringify({
      name: 'outboard-ext-hello',
      version: '1.0.0',
      engines: { outboard: '>=0.1.0' },
      outboard: { extension: { apiVersion: 1, name: 'hello', commands: [{ name: 'hello', bin: 'bin/hello.js', summary: 'Does nothing' }] } },
    }),
  );
  const env = { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1' };
  const enable = spawnSync(process.execPath, [CLI, 'extensions', 'enable', 'hello', '--yes'], { env, cwd: root, encoding: 'utf8' });
  if (enable.status !== 0) throw new Error(`enable failed: ${enable.stderr}`);

  const samples = interleave(
    [
      { name: 'node hello.js', run: () => timeCommand([process.execPath, hello], env, root) },
      { name: 'outboard hello (warm cache)', run: () => timeCommand([process.execPath, CLI, 'hello'], env, root) },
      { name: 'outboard hello (cold cache)', run: () => timeCommand([process.execPath, CLI, 'hello'], env, root, () => rmSync(join(home, 'extensions.json'), { force: true })) },
      { name: 'outboard --version', run: () => timeCommand([process.execPath, CLI, '--version'], env, root) },
    ],
    ROUNDS,
  );
  const med = (name: string): number => median(samples.get(name) ?? []);
  const direct = med('node hello.js');
  console.log(`outboard hello against node hello.js, ${ROUNDS} interleaved runs each (median, p90):`);
  for (const [name, values] of samples) {
    console.log(`  ${name.padEnd(30)} ${ms(median(values)).padStart(10)} ${ms(quantile(values, 0.9)).padStart(10)}   ${ratio(median(values), direct)} of node hello.js`);
  }
  const warm = med('outboard hello (warm cache)');
  const addedWarm = warm - direct;
  const addedP90 = quantile(samples.get('outboard hello (warm cache)') ?? [], 0.9) - quantile(samples.get('node hello.js') ?? [], 0.9);
  console.log(`added by outboard, warm cache: ${ms(addedWarm)} median (${ms(addedP90)} at p90), ${ratio(warm, direct)} of node hello.js (goal < ${GOAL_MS} ms added)`);
  console.log(`added by outboard, cold cache: ${ms(med('outboard hello (cold cache)') - direct)} median`);
  // outboard hello = Node start + CLI modules + dispatch work + the extension's own Node start (= node hello.js),
  // so what outboard adds splits into its own Node start, its module loading and its work.
  const modules = med('outboard --version') - direct;
  console.log(`  of which: outboard's own Node start ${ms(direct)} (as node hello.js), CLI module loading ${ms(modules)} (outboard --version - node hello.js), dispatch work ${ms(warm - med('outboard --version') - direct)} (the rest)`);
  console.log(addedWarm < GOAL_MS ? 'goal met' : `goal missed by ${ms(addedWarm - GOAL_MS)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
