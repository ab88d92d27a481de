// `outboard hello` (an approved extension command that does nothing) against its floor: two Node starts,
// `node -e 0` (outboard's own) + `node hello.js` (the command's), measured side by side in the same run.
// Goal (issue 11): outboard adds at most 20 ms to that floor, warm, with and without a configSchema.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, ms, quantile, ratio } from './lib/stats.js';
import { interleave, timeCommand } from './lib/time-command.js';
import { benchJsonLine, goalLine } from './lib/bench-json.js';
import type { BenchGoal } from './lib/bench-json.js';

const CLI = fileURLToPath(new URL('../../packages/cli/dist/bundle/main.js', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const GOAL_MS = 20;

/** Writes an extension with one command `<name>` running an empty bin/<name>.js, optionally with a config schema. */
function writeCommand(home: string, name: string, schema: boolean): string {
  const dir = join(home, 'extensions', 'node_modules', `outboard-ext-${name}`);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(join(dir, 'bin', `${name}.js`), '');
  if (schema) {
    writeFileSync(
      join(dir, 'config.schema.json'),
      JSON.stringify({ type: 'object', properties: { greeting: { type: 'string', minLength: 1 }, times: { type: 'integer', minimum: 1, default: 1 }, loud: { type: 'boolean' } }, required: ['greeting'], additionalProperties: false }),
    );
  }
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: `outboard-ext-${name}`,
      version: '1.0.0',
      engines: { outboard: '>=0.1.0' },
      outboard: { extension: { apiVersion: 1, name, commands: [{ name, bin: `bin/${name}.js`, summary: 'Does nothing' }], ...(schema ? { configSchema: 'config.schema.json' } : {}) } },
    }),
  );
  return join(dir, 'bin', `${name}.js`);
}

const root = mkdtempSync(join(tmpdir(), 'outboard-bench-dispatch-'));
try {
  const home = join(root, 'home');
  const hello = writeCommand(home, 'hello', false);
  writeCommand(home, 'configured', true);
  const env = { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1' };
  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, [CLI, ...args], { env, cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`outboard ${args.join(' ')} failed: ${r.stderr}`);
  };
  cli('extensions', 'enable', 'hello', '--yes');
  cli('extensions', 'enable', 'configured', '--yes');
  cli('config', 'extensions.configured.greeting', 'hi', '--user');

  const samples = interleave(
    [
      { name: 'node -e 0', run: () => timeCommand([process.execPath, '-e', '0'], env, root) },
      { name: 'node hello.js', run: () => timeCommand([process.execPath, hello], env, root) },
      { name: 'outboard hello', run: () => timeCommand([process.execPath, CLI, 'hello'], env, root) },
      { name: 'outboard configured (configSchema)', run: () => timeCommand([process.execPath, CLI, 'configured'], env, root) },
      { name: 'outboard hello, cold cache', run: () => timeCommand([process.execPath, CLI, 'hello'], env, root, () => rmSync(join(home, 'extensions.json'), { force: true })) },
      { name: 'outboard --version', run: () => timeCommand([process.execPath, CLI, '--version'], env, root) },
    ],
    ROUNDS,
  );
  const med = (name: string): number => median(samples.get(name) ?? []);
  const floor = med('node -e 0') + med('node hello.js');
  console.log(`outboard <command> against two Node starts, ${ROUNDS} interleaved runs each (median, p90):`);
  for (const [name, values] of samples) {
    console.log(`  ${name.padEnd(36)} ${ms(median(values)).padStart(10)} ${ms(quantile(values, 0.9)).padStart(10)}   ${ratio(median(values), floor)} of node -e 0 + node hello.js`);
  }
  const anchor = 'node -e 0 + node hello.js';
  const goals: BenchGoal[] = [
    { name: 'outboard hello adds to two Node starts (warm)', value: med('outboard hello') - floor, unit: 'ms', limit: GOAL_MS, anchor, anchorValue: floor, met: med('outboard hello') - floor <= GOAL_MS },
    { name: 'outboard configured (configSchema) adds to two Node starts (warm)', value: med('outboard configured (configSchema)') - floor, unit: 'ms', limit: GOAL_MS, anchor, anchorValue: floor, met: med('outboard configured (configSchema)') - floor <= GOAL_MS },
  ];
  console.log(`  outboard's own work: CLI loading ${ms(med('outboard --version') - med('node -e 0'))} (outboard --version - node -e 0), dispatch ${ms(med('outboard hello') - med('outboard --version') - med('node hello.js'))} (the rest)`);
  for (const g of goals) console.log(goalLine(g));
  console.log(benchJsonLine('dispatch', Object.fromEntries([...samples].map(([k, v]) => [k, median(v)])), goals, { rounds: ROUNDS }));
} finally {
  rmSync(root, { recursive: true, force: true });
}
