// `outboard hello` (an approved extension command that does nothing) against its floor: two Node starts,
// `node -e 0` (outboard's own) + `node hello.js` (the command's), measured side by side in the same run.
// Goal (issue 11): outboard adds at most 20 ms to that floor, warm, with and without a configSchema.
// Beside it, the floor of any Node CLI that runs a command as its child: `node -e` spawning `node hello.js` with
// inherited stdio and waiting for it (loading child_process, the fork, the wait). What outboard adds over that
// launcher is its own work: loading the CLI, finding the command, checking its approval and config, the plan.
// A warm `outboard hello` starts from its launch record (packages/host/src/run/launch-record.ts): the case
// "decided afresh" removes the record first, so it shows what deciding costs (run.cjs, which keeps the record).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, ms, quantile, ratio } from './lib/stats.js';
import { interleave, timeCommand } from './lib/time-command.js';
import { benchJsonLine } from './lib/bench-report.js';
import { goalLine, limitGoal } from './lib/limit-goal.js';

const CLI = fileURLToPath(new URL('../../packages/cli/dist/bundle/main.js', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const GOAL_MS = 20;
/** The launcher floor: a Node program that spawns the command as outboard does (stdio inherited) and exits with its code. */
const LAUNCHER = "require('node:child_process').spawn(process.execPath,[process.argv[1]],{stdio:'inherit'}).on('exit',(c)=>{process.exitCode=c})";
/**
 * The contract floor: the launcher plus the least the contract asks of any host before it runs a command (DESIGN
 * §5, §6): read the inventory, the approvals and the config, check the bin, write the command's config file, start
 * it with that file in its environment, and remove the file when it exits. No checks, no messages, no code to load.
 */
const CONTRACT = [
  "const fs=require('node:fs'),path=require('node:path'),cp=require('node:child_process');",
  'const home=process.env.OUTBOARD_HOME,bin=process.argv[1];',
  "const read=(f)=>{try{return JSON.parse(fs.readFileSync(path.join(home,f),'utf8'))}catch{return undefined}};",
  "read('extensions.json');read('approvals.json');read('config.json');fs.statSync(bin);",
  "const dir=path.join(home,'ext','hello');fs.mkdirSync(dir,{recursive:true});",
  "const file=path.join(dir,'outboard-config-'+process.pid+'-floor.json');fs.writeFileSync(file,'{}',{mode:0o600});",
  "cp.spawn(process.execPath,[bin],{stdio:'inherit',env:{...process.env,OUTBOARD_EXTENSION_CONFIG:file}}).on('exit',(c)=>{fs.unlinkSync(file);process.exitCode=c});",
].join('');

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

/**
 * CPU time (user + system, ms) of one run of `argv` and its children, through python3's getrusage: on a loaded
 * machine wall-clock medians swing by tens of ms, CPU time far less. Undefined where python3 is missing.
 */
function cpuCommand(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): number | undefined {
  const probe = 'import resource,subprocess,sys\nr=subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL)\nu=resource.getrusage(resource.RUSAGE_CHILDREN)\nprint(r.returncode,(u.ru_utime+u.ru_stime)*1000)';
  const r = spawnSync('python3', ['-c', probe, ...argv], { env, cwd, encoding: 'utf8' });
  const [code, cpu] = (r.stdout ?? '').trim().split(' ');
  if (r.error || code === undefined) return undefined;
  if (code !== '0') throw new Error(`${argv.join(' ')} exited ${code}`);
  return Number(cpu);
}

const root = mkdtempSync(join(tmpdir(), 'outboard-bench-dispatch-'));
try {
  const home = join(root, 'home');
  const hello = writeCommand(home, 'hello', false);
  writeCommand(home, 'configured', true);
  // NODE_EXTRA_CA_CERTS makes every Node start read and parse that CA file before any script (about 50 ms a start
  // on a sandbox that sets it): the same for every command here, it only adds noise, so no command gets it.
  const { NODE_EXTRA_CA_CERTS: extraCerts, ...inherited } = process.env;
  const env = { ...inherited, OUTBOARD_HOME: home, NO_COLOR: '1' };
  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, [CLI, ...args], { env, cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`outboard ${args.join(' ')} failed: ${r.stderr}`);
  };
  cli('extensions', 'enable', 'hello', '--yes');
  cli('extensions', 'enable', 'configured', '--yes');
  cli('config', 'extensions.configured.greeting', 'hi', '--user');
  // The cold case removes its discovery cache every round: in a home of its own, so the warm cases stay warm.
  const coldHome = join(root, 'cold-home');
  writeCommand(coldHome, 'hello', false);
  const coldEnv = { ...env, OUTBOARD_HOME: coldHome };
  const enabled = spawnSync(process.execPath, [CLI, 'extensions', 'enable', 'hello', '--yes'], { env: coldEnv, cwd: root, encoding: 'utf8' });
  if (enabled.status !== 0) throw new Error(`outboard extensions enable hello failed: ${enabled.stderr}`);
  const launchRecord = join(home, 'cache', 'launch-hello.json');

  const samples = interleave(
    [
      { name: 'node -e 0', run: () => timeCommand([process.execPath, '-e', '0'], env, root) },
      { name: 'node hello.js', run: () => timeCommand([process.execPath, hello], env, root) },
      { name: 'launcher floor (node spawning hello.js)', run: () => timeCommand([process.execPath, '-e', LAUNCHER, hello], env, root) },
      { name: 'contract floor (+ home files, config file)', run: () => timeCommand([process.execPath, '-e', CONTRACT, hello], env, root) },
      { name: 'outboard hello', run: () => timeCommand([process.execPath, CLI, 'hello'], env, root) },
      { name: 'outboard configured (configSchema)', run: () => timeCommand([process.execPath, CLI, 'configured'], env, root) },
      { name: 'outboard hello, decided afresh (no record)', run: () => timeCommand([process.execPath, CLI, 'hello'], env, root, () => rmSync(launchRecord, { force: true })) },
      { name: 'outboard hello, cold cache', run: () => timeCommand([process.execPath, CLI, 'hello'], coldEnv, root, () => rmSync(join(coldHome, 'extensions.json'), { force: true })) },
      { name: 'outboard --version', run: () => timeCommand([process.execPath, CLI, '--version'], env, root) },
    ],
    ROUNDS,
  );
  const cpuCases: Array<[string, string[]]> = [
    ['node -e 0', [process.execPath, '-e', '0']],
    ['node hello.js', [process.execPath, hello]],
    ['launcher floor (node spawning hello.js)', [process.execPath, '-e', LAUNCHER, hello]],
    ['outboard hello', [process.execPath, CLI, 'hello']],
    ['outboard configured (configSchema)', [process.execPath, CLI, 'configured']],
    ['outboard --version', [process.execPath, CLI, '--version']],
  ];
  const cpu = new Map<string, number[]>(cpuCases.map(([name]) => [name, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const [name, argv] of cpuCases) {
      const value = cpuCommand(argv, env, root);
      if (value !== undefined) cpu.get(name)?.push(value);
    }
  }
  const med = (name: string): number => median(samples.get(name) ?? []);
  const floor = med('node -e 0') + med('node hello.js');
  console.log(`outboard <command> against two Node starts, ${ROUNDS} interleaved runs each (median, p90):`);
  for (const [name, values] of samples) {
    console.log(`  ${name.padEnd(44)} ${ms(median(values)).padStart(10)} ${ms(quantile(values, 0.9)).padStart(10)}   ${ratio(median(values), floor)} of node -e 0 + node hello.js`);
  }
  const anchor = 'node -e 0 + node hello.js';
  /**
   * What `name` adds to `base` (a case, or the two Node starts), round by round, as the median of those
   * differences: each round runs every case back to back, so a drift in the machine's speed between rounds
   * cancels out, which a difference of two medians does not do.
   */
  const adds = (name: string, base: string | 'two Node starts'): number => {
    const of = (n: string): number[] => samples.get(n) ?? [];
    const baseAt = (i: number): number => (base === 'two Node starts' ? (of('node -e 0')[i] ?? 0) + (of('node hello.js')[i] ?? 0) : (of(base)[i] ?? 0));
    return median(of(name).map((v, i) => v - baseAt(i)));
  };
  const goals = [
    limitGoal('outboard hello adds to two Node starts (warm)', adds('outboard hello', 'two Node starts'), 'ms', GOAL_MS, anchor, floor),
    limitGoal('outboard configured (configSchema) adds to two Node starts (warm)', adds('outboard configured (configSchema)', 'two Node starts'), 'ms', GOAL_MS, anchor, floor),
  ];
  const cpuMed = (name: string): number => median(cpu.get(name) ?? []);
  const cpuFloor = cpuMed('node -e 0') + cpuMed('node hello.js');
  // The CPU of one process tree cannot exceed its wall time on every core at once. Some virtual machines
  // account more (ticks charged to whoever runs when the host steals time); their CPU figures mean nothing.
  const cores = availableParallelism();
  const cpuCredible = cpuMed('node -e 0') <= med('node -e 0') * cores;
  if ((cpu.get('node -e 0') ?? []).length === 0) {
    console.log('CPU time: not measured (python3, which reads the children\'s rusage, is missing)');
  } else if (!cpuCredible) {
    console.log(`CPU time: left out, this machine's accounting is not credible: node -e 0 was charged ${ms(cpuMed('node -e 0'))} of CPU in ${ms(med('node -e 0'))} of wall time on ${cores} cores`);
  } else {
    console.log(`CPU time (user + system of the whole process tree, V8's worker threads included), ${ROUNDS} runs each (median):`);
    for (const [name] of cpuCases) console.log(`  ${name.padEnd(44)} ${ms(cpuMed(name)).padStart(10)}   ${ratio(cpuMed(name), cpuFloor)} of node -e 0 + node hello.js`);
    console.log(`  outboard hello adds ${ms(cpuMed('outboard hello') - cpuFloor)} of CPU; with a configSchema ${ms(cpuMed('outboard configured (configSchema)') - cpuFloor)}`);
  }
  const LAUNCHER_CASE = 'launcher floor (node spawning hello.js)';
  const CONTRACT_CASE = 'contract floor (+ home files, config file)';
  console.log('What each adds, round by round (median of the differences):');
  console.log(`  the launcher floor adds ${ms(adds(LAUNCHER_CASE, 'two Node starts'))} to two Node starts: what any Node CLI pays to run a command as its child`);
  console.log(`  the contract floor adds ${ms(adds(CONTRACT_CASE, 'two Node starts'))} to two Node starts: the launcher plus reading the home files and writing the command's config file`);
  console.log(`  outboard hello adds ${ms(adds('outboard hello', LAUNCHER_CASE))} to the launcher floor, ${ms(adds('outboard hello', CONTRACT_CASE))} to the contract floor; with a configSchema ${ms(adds('outboard configured (configSchema)', LAUNCHER_CASE))} and ${ms(adds('outboard configured (configSchema)', CONTRACT_CASE))}`);
  console.log(`  outboard hello decided afresh (no launch record) adds ${ms(adds('outboard hello, decided afresh (no record)', LAUNCHER_CASE))} to the launcher floor, ${ms(adds('outboard hello, decided afresh (no record)', 'outboard hello'))} to a run from the record`);
  console.log(`  outboard hello adds ${((adds('outboard hello', 'two Node starts') / floor) * 100).toFixed(1)} % of two Node starts (${ms(floor)} here)`);
  console.log(`  outboard's own work: CLI loading ${ms(adds('outboard --version', 'node -e 0'))} (outboard --version - node -e 0)`);
  if (extraCerts !== undefined) console.log(`  (NODE_EXTRA_CA_CERTS is set here and was left out of every command's environment)`);
  for (const g of goals) console.log(goalLine(g));
  const cpuFigures = Object.fromEntries([...cpu].filter(([, v]) => cpuCredible && v.length > 0).map(([k, v]) => [`cpu: ${k}`, median(v)]));
  console.log(benchJsonLine('dispatch', { rounds: ROUNDS, figuresMs: { ...Object.fromEntries([...samples].map(([k, v]) => [k, median(v)])), ...cpuFigures }, goals }));
} finally {
  rmSync(root, { recursive: true, force: true });
}
