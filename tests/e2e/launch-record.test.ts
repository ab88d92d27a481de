// The launch record (host run/launch-record.ts) lets the bin start an extension command from launch.cjs alone,
// without loading the host, while nothing its last decision read has changed. Its security contract: whatever
// changes (an approval, a policy, a manifest, the config or its schema, a package installed, a project above
// the cwd, the environment, the cwd, the hub, the record file itself, the code of the command), the bin never
// runs a stale decision. Each case gets a command recorded (the record kept, a run reading launch.cjs only),
// changes ONE thing from another process or from the test process (as a user would), and checks that the bin
// (a) did not run from the stale record (it read run.cjs, or its outcome proves the new decision), (b) printed
// and exited as the unbundled CLI (packages/cli/dist/src/main.js, which never uses records) does on a twin
// home in the same state, and (c) where the new state is runnable, is recorded again.
import { describe, it, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, copyFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLI_MAIN, REPO_ROOT, extensionPackageJson, tempDir, writeFiles } from './lib/fixture-home.js';

/** The bundled bin (scripts/cli-loader.cjs): launch.cjs, then run.cjs, then fast.cjs for an extension command. */
const BIN = join(REPO_ROOT, 'packages', 'cli', 'dist', 'bundle', 'main.js');

interface Output {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A run of the bin: what it printed, and which of its bundles (`launch.cjs`, `run.cjs`, `fast.cjs`...) it read. */
interface Run extends Output {
  read: string[];
}

/** What the fixture command prints about its launch (see {@link reporter}). */
interface Report {
  marker: string;
  args: string[];
  cwd: string;
  config: unknown;
  foo: string | null;
  hub: string | null;
  tokenFile: string | null;
  leaked: string[];
}

/**
 * The fixture command: prints a marker (its code's version), its arguments, cwd, the config file it was given,
 * FOO, the hub variables, and the names of the variables whose name or value holds the hub token (read from the
 * home, as any process of this user may).
 */
const reporter = (marker: string): string => `'use strict';
const fs = require('node:fs');
const path = require('node:path');
const env = process.env;
let token = '';
try { token = fs.readFileSync(path.join(env.OUTBOARD_HOME, 'token'), 'utf8').trim(); } catch {}
process.stdout.write(JSON.stringify({
  marker: ${JSON.stringify(marker)},
  args: process.argv.slice(2),
  cwd: process.cwd(),
  config: JSON.parse(fs.readFileSync(env.OUTBOARD_EXTENSION_CONFIG, 'utf8')),
  foo: env.FOO ?? null,
  hub: env.OUTBOARD_HUB_URL ?? null,
  tokenFile: env.OUTBOARD_TOKEN_FILE ?? null,
  leaked: token === '' ? [] : Object.keys(env).filter((k) => k.includes(token) || String(env[k]).includes(token)),
}) + '\\n');
`;

interface ReporterPackage {
  name: string;
  packageName?: string;
  command?: string;
  version?: string;
  summary?: string;
  schema?: object;
  marker?: string;
}

/** Writes a package whose one command runs {@link reporter} into `dir`; returns `dir`. */
function writeReporter(dir: string, p: ReporterPackage): string {
  const command = p.command ?? p.name;
  writeFiles(dir, {
    'package.json': extensionPackageJson({
      name: p.name,
      packageName: p.packageName ?? `outboard-ext-${p.name}`,
      version: p.version ?? '1.0.0',
      commands: [{ name: command, bin: 'bin/report.js', summary: p.summary ?? `Reports how ${command} was launched` }],
      block: p.schema ? { configSchema: 'config.schema.json' } : {},
    }),
    'bin/report.js': reporter(p.marker ?? 'v1'),
    ...(p.schema ? { 'config.schema.json': p.schema } : {}),
  });
  return dir;
}

/** The folder of package `packageName` in the user source of `home` (`<home>/extensions/node_modules`). */
const installed = (home: string, packageName: string): string => join(home, 'extensions', 'node_modules', packageName);

/** The environment of every run: this one without colour, debug or other Outboard settings, plus `extra`. */
function envOf(home: string, extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith('OUTBOARD_') && k !== 'FORCE_COLOR' && k !== 'NODE_OPTIONS') env[k] = v;
  }
  return { ...env, OUTBOARD_HOME: home, NO_COLOR: '1', ...extra };
}

/** Runs `node ...argv` with stdin empty (no terminal) and a time limit. */
function spawnNode(argv: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Output> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdin.end();
    const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('error', (error) => {
      clearTimeout(guard);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(guard);
      if (signal === 'SIGKILL') reject(new Error(`node ${argv.join(' ')} timed out after 30 s; stderr:\n${stderr}`));
      else resolve({ code, stdout, stderr });
    });
  });
}

/** A preload that reports, at exit, which of the bin's bundles (`*.cjs`) the run read, on a line of its own. */
const PROBE = `const fs = require('fs'); const path = require('path'); const read = fs.readFileSync; const seen = [];
fs.readFileSync = function (file, ...rest) { if (typeof file === 'string' && file.endsWith('.cjs')) seen.push(path.basename(file)); return read.call(this, file, ...rest); };
process.on('exit', () => process.stderr.write('BUNDLES-READ ' + JSON.stringify(seen) + '\\n'));
`;

/** True when a run started from its launch record: it read launch.cjs and nothing else. */
const fromRecord = (r: Run): boolean => r.read.length === 1 && r.read[0] === 'launch.cjs';

function report(r: Output, what: string): Report {
  try {
    return JSON.parse(r.stdout) as Report;
  } catch {
    throw new assert.AssertionError({ message: `${what}: the command did not run (exit ${r.code}); stdout:\n${r.stdout}\nstderr:\n${r.stderr}` });
  }
}

/** Asserts that the bin decided afresh (read run.cjs) instead of running from its record. */
function decidedAfresh(r: Run, what: string): void {
  assert.ok(r.read.includes('run.cjs'), `${what}: the bin ran from the stale launch record (it read only ${JSON.stringify(r.read)}); stdout:\n${r.stdout}\nstderr:\n${r.stderr}`);
}

/** Asserts that nothing of the command ran (its report is never printed) and the run failed. */
function refused(r: Run, what: string, reason: RegExp): void {
  assert.notEqual(r.code, 0, `${what}: refused with a non-zero exit; stdout:\n${r.stdout}\nstderr:\n${r.stderr}`);
  assert.ok(!r.stdout.includes('"marker"'), `${what}: the command must not run, but it printed:\n${r.stdout}`);
  assert.match(r.stderr, reason, `${what}: the refusal names why`);
}

/**
 * One case: a home for the bundled bin and a twin home for the unbundled CLI, always in the same state, and a
 * working folder (with no project marker above it) both run in.
 */
class Twin {
  readonly home: string;
  readonly twin: string;
  readonly cwd: string;

  constructor(
    readonly dir: string,
    private readonly probe: string,
    /** The environment of every run of this case (part of the record's key: kept the same unless a case changes it). */
    readonly env: NodeJS.ProcessEnv = {},
    /** The bundled bin this case runs. */
    readonly main: string = BIN,
  ) {
    // Names of the same length: neither is a prefix of the other when one is replaced by the other in output.
    this.home = join(dir, 'home-b');
    this.twin = join(dir, 'home-u');
    this.cwd = join(dir, 'work');
    for (const d of [this.home, this.twin, this.cwd]) mkdirSync(d, { recursive: true });
  }

  /** Both homes. */
  get homes(): [string, string] {
    return [this.home, this.twin];
  }

  /** The launch record of `command` in the bin's home. */
  recordFile(command: string): string {
    return join(this.home, 'cache', `launch-${command}.json`);
  }

  /** Runs the bundled bin on the bin's home, reporting which bundles it read. */
  async bin(args: string[], o: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<Run> {
    const r = await spawnNode(['--require', this.probe, this.main, ...args], o.cwd ?? this.cwd, envOf(this.home, { ...this.env, ...o.env }));
    const line = /^BUNDLES-READ (.*)\n/m.exec(r.stderr);
    assert.ok(line, `the probe reports the bundles read; stderr:\n${r.stderr}`);
    return { ...r, stderr: r.stderr.replace(line[0], ''), read: JSON.parse(line[1] as string) as string[] };
  }

  /** Runs the unbundled CLI on the twin home; its output with the twin's path written as the bin's home. */
  async plain(args: string[], o: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<Output> {
    const r = await spawnNode([CLI_MAIN, ...args], o.cwd ?? this.cwd, envOf(this.twin, { ...this.env, ...o.env }));
    return { code: r.code, stdout: r.stdout.replaceAll(this.twin, this.home), stderr: r.stderr.replaceAll(this.twin, this.home) };
  }

  /** Runs `args` with the bin and the unbundled CLI, asserting both print and exit the same; returns the bin's run. */
  async compare(args: string[], what: string, o: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<Run> {
    const [bundled, plain] = await Promise.all([this.bin(args, o), this.plain(args, o)]);
    assert.deepEqual({ code: bundled.code, stdout: bundled.stdout, stderr: bundled.stderr }, plain, `${what}: the bin (which read ${JSON.stringify(bundled.read)}) must print and exit as the unbundled CLI does`);
    return bundled;
  }

  /** A change made the way a user makes it: the bin (its full path, cli.cjs) on its home, the unbundled CLI on the twin. */
  async change(args: string[]): Promise<void> {
    const env = (home: string) => envOf(home, this.env);
    const [bundled, plain] = await Promise.all([spawnNode([this.main, ...args], this.cwd, env(this.home)), spawnNode([CLI_MAIN, ...args], this.cwd, env(this.twin))]);
    assert.equal(bundled.code, 0, `outboard ${args.join(' ')} (bin): ${bundled.stderr}`);
    assert.equal(plain.code, 0, `outboard ${args.join(' ')} (unbundled): ${plain.stderr}`);
  }

  /**
   * Runs `args` until a run starts from the launch record, waiting out the racy window (stat-inputs.ts, 50 ms)
   * before each: the first run after a change may keep no record (an input changed too recently) or rescan
   * (rewriting the discovery cache, which changes the home's identity after the trace noted it), so the record
   * holds at the latest from the third run on. Returns that run; fails when no run ever starts from a record.
   */
  async recorded(args: string[], what: string, o: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<Run> {
    const runs: Run[] = [];
    for (let i = 0; i < 4; i++) {
      await sleep(120);
      const r = await this.bin(args, o);
      assert.equal(r.code, 0, `${what}: the command runs; stderr:\n${r.stderr}`);
      runs.push(r);
      if (fromRecord(r)) {
        assert.ok(existsSync(this.recordFile(args[0] as string)), `${what}: a run from a record has its record file`);
        return r;
      }
    }
    assert.fail(`${what}: no run started from a launch record (bundles read by each run: ${JSON.stringify(runs.map((r) => r.read))})`);
  }

  /** Writes `text` to `rel` (relative to each home) in both homes. */
  writeInBoth(rel: string, text: string): void {
    for (const home of this.homes) writeFileSync(join(home, rel), text);
  }
}

describe('the launch record: whatever changes, the bin never runs a stale decision', { timeout: 120_000, concurrency: 3 }, () => {
  const tmp = tempDir('outboard-launch-record-');
  const probe = join(tmp.path, 'bundles-read.cjs');
  /** A fresh case in a folder of its own, with `reporters` installed in the user source of both homes and enabled. */
  const newCase = async (name: string, reporters: ReporterPackage[], env: NodeJS.ProcessEnv = {}): Promise<Twin> => {
    const c = new Twin(join(tmp.path, name), probe, env);
    for (const home of c.homes) for (const p of reporters) writeReporter(installed(home, p.packageName ?? `outboard-ext-${p.name}`), p);
    for (const p of reporters) await c.change(['extensions', 'enable', p.name, '--yes']);
    return c;
  };
  const children: ChildProcess[] = [];

  before(() => writeFileSync(probe, PROBE));
  after(() => {
    for (const child of children) child.kill('SIGKILL');
    tmp.cleanup();
  });

  it('1. an approval revoked (`extensions disable`): refused as disabled, as unbundled; enabled again, recorded again', async () => {
    const c = await newCase('revoked', [{ name: 'hello' }]);
    await c.recorded(['hello'], 'enabled');
    await c.change(['extensions', 'disable', 'hello']);
    const r = await c.compare(['hello'], 'after disable');
    decidedAfresh(r, 'after disable');
    refused(r, 'after disable', /disabled/);
    await c.change(['extensions', 'enable', 'hello', '--yes']);
    assert.equal(report(await c.recorded(['hello'], 'enabled again'), 'enabled again').marker, 'v1');
    // approvals.json made writable by its group (a chmod, nothing written): no approval in it is believed.
    for (const home of c.homes) chmodSync(join(home, 'approvals.json'), 0o664);
    const untrusted = await c.compare(['hello'], 'approvals.json group-writable');
    decidedAfresh(untrusted, 'approvals.json group-writable');
    refused(untrusted, 'approvals.json group-writable', /not approved/);
    for (const home of c.homes) chmodSync(join(home, 'approvals.json'), 0o600);
    await c.recorded(['hello'], 'approvals.json private again');
  });

  it('2. a policy file created (OUTBOARD_POLICY_FILE named from the start) or edited in place: blocked by policy, as unbundled', async () => {
    const dir = join(tmp.path, 'policy');
    const policy = join(dir, 'etc', 'policy.json');
    mkdirSync(join(dir, 'etc'), { recursive: true });
    const c = await newCase('policy', [{ name: 'hello' }], { OUTBOARD_POLICY_FILE: policy });
    await c.recorded(['hello'], 'no policy file');
    writeFileSync(policy, JSON.stringify({ blocked: ['outboard-ext-hello'] }));
    const blocked = await c.compare(['hello'], 'policy file created');
    decidedAfresh(blocked, 'policy file created');
    refused(blocked, 'policy file created', /blocked by policy/);
    // A policy that lets it run, recorded; then the same file edited in place (same inode) to block it.
    writeFileSync(policy, JSON.stringify({ blocked: ['outboard-ext-other'] }));
    const allowed = await c.compare(['hello'], 'policy allowing it');
    decidedAfresh(allowed, 'policy allowing it');
    assert.equal(report(await c.recorded(['hello'], 'policy allowing it'), 'policy allowing it').marker, 'v1');
    const inode = statSync(policy).ino;
    writeFileSync(policy, JSON.stringify({ blocked: ['outboard-ext-hello@>=1'] }));
    assert.equal(statSync(policy).ino, inode, 'the policy is edited in place');
    const edited = await c.compare(['hello'], 'policy edited in place');
    decidedAfresh(edited, 'policy edited in place');
    refused(edited, 'policy edited in place', /blocked by policy/);
    // The file removed: runnable again.
    rmSync(policy);
    await c.recorded(['hello'], 'policy removed');
  });

  it('3. the installed manifest edited in place (version and summary): needs approval again, refused without a terminal, as unbundled', async () => {
    const c = await newCase('manifest', [{ name: 'hello' }]);
    await c.recorded(['hello'], 'approved manifest');
    for (const home of c.homes) {
      const file = join(installed(home, 'outboard-ext-hello'), 'package.json');
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { version: string; outboard: { extension: { commands: Array<{ summary: string }> } } };
      pkg.version = '1.0.1';
      (pkg.outboard.extension.commands[0] as { summary: string }).summary = 'Changed after approval';
      writeFileSync(file, JSON.stringify(pkg, null, 2));
    }
    const r = await c.compare(['hello'], 'manifest edited');
    decidedAfresh(r, 'manifest edited');
    refused(r, 'manifest edited', /outboard extensions enable hello/);
    assert.equal(r.code, 2, 'a refusal for want of approval exits 2 (DESIGN §4)');
    await c.change(['extensions', 'enable', 'hello', '--yes']);
    await c.recorded(['hello'], 'approved again');
  });

  it('4. the config changed (`config --user`, by hand) or its schema edited: the command sees the new value, or is refused with CONFIG_INVALID_VALUE, as unbundled', async () => {
    const schema = { type: 'object', properties: { greeting: { type: 'string', minLength: 1 } } };
    const c = await newCase('config', [{ name: 'greet', schema }]);
    assert.deepEqual(report(await c.recorded(['greet'], 'no config'), 'no config').config, {});
    await c.change(['config', 'extensions.greet.greeting', 'hi', '--user']);
    const set = await c.compare(['greet'], 'config set');
    decidedAfresh(set, 'config set');
    assert.deepEqual(report(set, 'config set').config, { greeting: 'hi' });
    assert.deepEqual(report(await c.recorded(['greet'], 'config set'), 'config set (recorded)').config, { greeting: 'hi' });
    // A value `config` refuses to write, written by hand as a user with an editor does.
    c.writeInBoth('config.json', JSON.stringify({ format: 1, extensions: { greet: { greeting: '' } } }));
    const invalid = await c.compare(['greet'], 'config broken by hand');
    decidedAfresh(invalid, 'config broken by hand');
    refused(invalid, 'config broken by hand', /the config of greet breaks its schema: .*greeting/);
    assert.equal(invalid.code, 2, 'a config breaking its schema exits 2 (DESIGN §4)');
    c.writeInBoth('config.json', JSON.stringify({ format: 1, extensions: { greet: { greeting: 'hey' } } }));
    assert.deepEqual(report(await c.recorded(['greet'], 'config fixed by hand'), 'config fixed by hand').config, { greeting: 'hey' });
    // The package's schema edited in place (not part of the approval): the same config now breaks it.
    for (const home of c.homes) writeFileSync(join(installed(home, 'outboard-ext-greet'), 'config.schema.json'), JSON.stringify({ ...schema, properties: { greeting: { type: 'string', maxLength: 2 } } }));
    const stricter = await c.compare(['greet'], 'schema edited');
    decidedAfresh(stricter, 'schema edited');
    refused(stricter, 'schema edited', /the config of greet breaks its schema: .*greeting/);
  });

  it('5. a second package declaring the same command, or claiming the same name, installed in the user source: a conflict, not run, as unbundled', async () => {
    const c = await newCase('conflict', [{ name: 'hello' }]);
    await c.recorded(['hello'], 'one package');
    for (const home of c.homes) writeReporter(installed(home, 'outboard-ext-other'), { name: 'other', command: 'hello', marker: 'other' });
    const command = await c.compare(['hello'], 'another extension declaring the command');
    decidedAfresh(command, 'another extension declaring the command');
    refused(command, 'another extension declaring the command', /provided by 2 extensions/);
    for (const home of c.homes) rmSync(installed(home, 'outboard-ext-other'), { recursive: true });
    await c.recorded(['hello'], 'the other package removed');
    for (const home of c.homes) writeReporter(installed(home, 'outboard-ext-hello-too'), { name: 'hello', packageName: 'outboard-ext-hello-too', marker: 'too' });
    const name = await c.compare(['hello'], 'another package claiming the name');
    decidedAfresh(name, 'another package claiming the name');
    refused(name, 'another package claiming the name', /conflict/);
  });

  it('6. a project created above the cwd: its config is seen, then its own copy of the package needs approval in it, as unbundled', async () => {
    const schema = { type: 'object', properties: { greeting: { type: 'string' } } };
    const c = await newCase('project', [{ name: 'greet', schema }]);
    const project = join(c.dir, 'work');
    const cwd = join(project, 'src', 'deep');
    mkdirSync(cwd, { recursive: true });
    const o = { cwd };
    assert.deepEqual(report(await c.recorded(['greet'], 'no project', o), 'no project').config, {});
    // `.outboard.json` two folders above the cwd makes that folder a project, with config of its own.
    writeFileSync(join(project, '.outboard.json'), JSON.stringify({ extensions: { greet: { greeting: 'from the project' } } }));
    const configured = await c.compare(['greet'], 'project config created', o);
    decidedAfresh(configured, 'project config created');
    assert.deepEqual(report(configured, 'project config created').config, { greeting: 'from the project' });
    assert.deepEqual(report(await c.recorded(['greet'], 'project config', o), 'project config (recorded)').config, { greeting: 'from the project' });
    // The project's package.json and its own copy of the package: the project source wins, unapproved there.
    writeFiles(project, { 'package.json': { name: 'proj', private: true, devDependencies: { 'outboard-ext-greet': '1.0.0' } } });
    writeReporter(join(project, 'node_modules', 'outboard-ext-greet'), { name: 'greet', schema, marker: 'project copy' });
    const shadowed = await c.compare(['greet'], 'project package', o);
    decidedAfresh(shadowed, 'project package');
    refused(shadowed, 'project package', /outboard extensions enable greet/);
  });

  it('7. the environment (a new variable) or the cwd changed: decided afresh, the command sees them; each recorded again', async () => {
    const c = await newCase('env-cwd', [{ name: 'hello' }]);
    assert.equal(report(await c.recorded(['hello'], 'no FOO'), 'no FOO').foo, null);
    const env = { FOO: '1' };
    const withFoo = await c.compare(['hello', 'a'], 'FOO set', { env });
    decidedAfresh(withFoo, 'FOO set');
    assert.equal(report(withFoo, 'FOO set').foo, '1');
    const again = await c.recorded(['hello', 'b'], 'FOO set', { env });
    assert.deepEqual([report(again, 'FOO set (recorded)').foo, report(again, 'FOO set (recorded)').args], ['1', ['b']]);
    const other = join(c.dir, 'elsewhere');
    mkdirSync(other);
    const moved = await c.compare(['hello'], 'another cwd', { env, cwd: other });
    decidedAfresh(moved, 'another cwd');
    assert.equal(report(moved, 'another cwd').cwd, other);
    assert.equal(report(await c.recorded(['hello'], 'another cwd', { env, cwd: other }), 'another cwd (recorded)').cwd, other);
  });

  it('8. a hub starting, dying and going: the command gets OUTBOARD_HUB_URL only while it runs, never the token, as unbundled', async () => {
    const token = `tok-${process.pid}-${Date.now().toString(16)}`;
    // The token's value also sits in a variable of the user's environment: it must be dropped (DESIGN §5).
    const c = await newCase('hub', [{ name: 'hello' }], { COPIED_SECRET: token });
    const quiet = report(await c.recorded(['hello'], 'no hub'), 'no hub');
    assert.deepEqual([quiet.hub, quiet.tokenFile], [null, null]);
    // A live process standing in for the hub (hub.json is all a command reads of it: running-hub.ts).
    const hub = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(hub);
    const state = { format: 1, pid: hub.pid, port: 1, url: 'http://127.0.0.1:1', startedAt: new Date().toISOString(), version: '0.1.0' };
    for (const home of c.homes) {
      writeFileSync(join(home, 'token'), `${token}\n`, { mode: 0o600 });
      writeFileSync(join(home, 'hub.json'), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
    }
    // hub.json and the token are new entries of the home folder, an input of the decision (discovery reads the
    // home): the folder's identity changed, so the bin decides afresh; the hub itself is never recorded.
    const started = await c.compare(['hello'], 'hub started');
    decidedAfresh(started, 'hub started');
    const seen = report(started, 'hub started');
    assert.deepEqual([seen.hub, seen.tokenFile, seen.leaked], ['http://127.0.0.1:1', join(c.home, 'token'), []], 'the hub URL and token file, no variable holding the token');
    const recorded = report(await c.recorded(['hello'], 'hub running'), 'hub running (recorded)');
    assert.deepEqual([recorded.hub, recorded.tokenFile, recorded.leaked], ['http://127.0.0.1:1', join(c.home, 'token'), []], 'a recorded run gets the running hub, and no variable holding the token');
    // The hub dies, leaving hub.json and the token behind: no file changes, so the record still holds, and the
    // launch made from it must see that no hub runs.
    hub.kill('SIGKILL');
    if (hub.exitCode === null && hub.signalCode === null) await once(hub, 'exit');
    const died = await c.compare(['hello'], 'hub died');
    assert.ok(fromRecord(died), `the record still holds when only a process died (read ${JSON.stringify(died.read)})`);
    const dead = report(died, 'hub died');
    assert.deepEqual([dead.hub, dead.tokenFile, dead.leaked], [null, null, []], 'no hub variables once the hub is gone; the token left behind is still filtered');
    // hub.json removed: the home changed, decided afresh; still no hub.
    for (const home of c.homes) rmSync(join(home, 'hub.json'));
    const gone = await c.compare(['hello'], 'hub.json removed');
    decidedAfresh(gone, 'hub.json removed');
    assert.deepEqual([report(gone, 'hub.json removed').hub, report(gone, 'hub.json removed').leaked], [null, []]);
  });

  it('9. a record tampered with: group-writable, in a group-writable folder, a symlink, damaged, or of another key, is ignored (and replaced); the command runs as decided', async () => {
    const c = await newCase('tamper', [{ name: 'hello' }]);
    const file = c.recordFile('hello');
    const expected = report(await c.compare(['hello'], 'recorded'), 'recorded');
    await c.recorded(['hello'], 'recorded');
    /** A run that ignored the record: it decided afresh and ran the command as decided (as the unbundled CLI did above). */
    const ignored = async (what: string): Promise<void> => {
      const r = await c.bin(['hello']);
      decidedAfresh(r, what);
      assert.deepEqual({ code: r.code, stderr: r.stderr, report: report(r, what) }, { code: 0, stderr: '', report: expected }, `${what}: the command runs as decided`);
    };
    // Group-writable: ignored, then replaced by a record of mode 0600 the next run uses.
    chmodSync(file, 0o620);
    await ignored('a group-writable record');
    assert.equal(statSync(file).mode & 0o777, 0o600, 'the record is written again with mode 0600');
    await c.recorded(['hello'], 'after a group-writable record');
    // The cache folder group-writable: no record in it is trusted, whatever its own mode.
    const cache = join(c.home, 'cache');
    chmodSync(cache, 0o770);
    await ignored('a record in a group-writable folder');
    chmodSync(cache, 0o700);
    await c.recorded(['hello'], 'cache folder private again');
    // A symlink to a copy of a valid record: never followed.
    const copy = join(c.dir, 'record-copy.json');
    writeFileSync(copy, readFileSync(file), { mode: 0o600 });
    rmSync(file);
    symlinkSync(copy, file);
    await ignored('a record that is a symlink');
    assert.ok(lstatSync(file).isFile(), 'the symlink is replaced by a record file');
    await c.recorded(['hello'], 'after a symlinked record');
    // Damaged JSON: ignored and written again.
    writeFileSync(file, '{"format":1,"key":{"build"', { mode: 0o600 });
    await ignored('a damaged record');
    assert.doesNotThrow(() => JSON.parse(readFileSync(file, 'utf8')), 'the damaged record is written again whole');
    await c.recorded(['hello'], 'after a damaged record');
    // Records of another key (another cwd or build), each naming another program:
    // had the bin used one, it would print STALE.
    const valid = JSON.parse(readFileSync(file, 'utf8')) as { key: Record<string, unknown>; decision: { command: string; args: string[] } };
    for (const [field, value] of [
      ['cwd', join(c.dir, 'elsewhere')],
      ['build', '0000000000000000'],
    ] as const) {
      const foreign = { ...valid, key: { ...valid.key, [field]: value }, decision: { ...valid.decision, command: process.execPath, args: ['-e', 'console.log("STALE")'] } };
      writeFileSync(file, JSON.stringify(foreign), { mode: 0o600 });
      await ignored(`a record of another ${field}`);
      assert.deepEqual((JSON.parse(readFileSync(file, 'utf8')) as typeof valid).key, valid.key, `a record of another ${field} is replaced by this launch's`);
    }
    await c.recorded(['hello'], 'after records of other keys');
  });

  it('10a. the bin file of an installed package edited: its digest changed, so it needs approval again, as unbundled; approved, the new code runs and is recorded', async () => {
    const c = await newCase('bin-installed', [{ name: 'hello' }]);
    assert.equal(report(await c.recorded(['hello'], 'approved code'), 'approved code').marker, 'v1');
    for (const home of c.homes) writeFileSync(join(installed(home, 'outboard-ext-hello'), 'bin', 'report.js'), reporter('v2'));
    const r = await c.compare(['hello'], 'bin edited');
    decidedAfresh(r, 'bin edited');
    refused(r, 'bin edited', /outboard extensions enable hello/);
    await c.change(['extensions', 'enable', 'hello', '--yes']);
    assert.equal(report(await c.recorded(['hello'], 'new code approved'), 'new code approved').marker, 'v2');
  });

  it('10b. the bin file of a linked folder edited (code not pinned, DESIGN §6): the new code runs at once, as unbundled, and is recorded', async () => {
    const c = new Twin(join(tmp.path, 'bin-linked'), probe);
    const src = writeReporter(join(c.dir, 'src', 'dev'), { name: 'dev' });
    await c.change(['extensions', 'link', src]);
    await c.change(['extensions', 'enable', 'dev', '--yes']);
    assert.equal(report(await c.recorded(['dev'], 'linked'), 'linked').marker, 'v1');
    writeFileSync(join(src, 'bin', 'report.js'), reporter('v2'));
    const r = await c.compare(['dev'], 'linked bin edited');
    assert.equal(report(r, 'linked bin edited').marker, 'v2', `the edited code runs (read ${JSON.stringify(r.read)})`);
    assert.equal(report(await c.recorded(['dev'], 'linked bin edited'), 'linked bin edited (recorded)').marker, 'v2');
  });

  it('11. the package.json of a linked folder edited: its manifest block changed, so it needs approval again, as unbundled', async () => {
    const c = new Twin(join(tmp.path, 'linked-manifest'), probe);
    const src = writeReporter(join(c.dir, 'src', 'dev'), { name: 'dev' });
    await c.change(['extensions', 'link', src]);
    await c.change(['extensions', 'enable', 'dev', '--yes']);
    await c.recorded(['dev'], 'linked');
    writeReporter(src, { name: 'dev', summary: 'A new summary' });
    const r = await c.compare(['dev'], 'linked manifest edited');
    decidedAfresh(r, 'linked manifest edited');
    refused(r, 'linked manifest edited', /outboard extensions enable dev/);
    await c.change(['extensions', 'enable', 'dev', '--yes']);
    await c.recorded(['dev'], 'approved again');
  });

  it('12. a program of `exec` shadowed by a new one earlier on PATH (the environment unchanged): the new one runs, as unbundled', async () => {
    const c0 = join(tmp.path, 'path-shadow');
    const [first, second] = [join(c0, 'path-1'), join(c0, 'path-2')];
    const tool = (marker: string) => `#!${process.execPath}\n${reporter(marker)}`;
    for (const [dir, marker] of [[second, 'path-2']] as const) {
      writeFiles(dir, { 'report-tool': tool(marker) });
      chmodSync(join(dir, 'report-tool'), 0o755);
    }
    mkdirSync(first, { recursive: true });
    const c = new Twin(c0, probe, { PATH: `${first}:${second}:${process.env.PATH ?? ''}` });
    for (const home of c.homes) {
      writeFiles(installed(home, 'outboard-ext-tool'), { 'package.json': extensionPackageJson({ name: 'tool', commands: [{ name: 'tool', exec: ['report-tool'], summary: 'A program from PATH' }] }) });
    }
    await c.change(['extensions', 'enable', 'tool', '--yes']);
    assert.equal(report(await c.recorded(['tool'], 'the program in path-2'), 'path-2').marker, 'path-2');
    // Written under another name and renamed in: the program appears whole, as an install does.
    writeFileSync(join(first, '.report-tool.tmp'), tool('path-1'), { mode: 0o755 });
    renameSync(join(first, '.report-tool.tmp'), join(first, 'report-tool'));
    const r = await c.compare(['tool'], 'a program earlier on PATH');
    decidedAfresh(r, 'a program earlier on PATH');
    assert.equal(report(r, 'a program earlier on PATH').marker, 'path-1');
  });

  it('13. the CLI\'s own version changed (its package.json; its bundles, hence its build key, the same): an extension whose engines range now excludes it is not run', async () => {
    // An install of the bin of its own (the bundles and the CLI's package.json, which the bin reads its version
    // from), so its version can change as an upgrade to a release with byte-identical bundles changes it.
    const dir = join(tmp.path, 'version');
    const bundle = join(dir, 'install', 'cli', 'dist', 'bundle');
    const source = join(REPO_ROOT, 'packages', 'cli', 'dist', 'bundle');
    mkdirSync(bundle, { recursive: true });
    for (const name of readdirSync(source).filter((f) => !f.endsWith('.map'))) copyFileSync(join(source, name), join(bundle, name));
    const pkgFile = join(dir, 'install', 'cli', 'package.json');
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'packages', 'cli', 'package.json'), 'utf8')) as { version: string };
    writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
    const c = new Twin(dir, probe, {}, join(bundle, 'main.js'));
    writeFiles(installed(c.home, 'outboard-ext-hello'), { 'package.json': extensionPackageJson({ name: 'hello', engines: '>=0.1.0 <99.0.0', commands: [{ name: 'hello', bin: 'bin/report.js' }] }), 'bin/report.js': reporter('v1') });
    const version = await c.bin(['--version']);
    assert.equal(version.stdout.trim(), pkg.version, 'the installed copy reports its package.json version');
    const enable = await c.bin(['extensions', 'enable', 'hello', '--yes']);
    assert.equal(enable.code, 0, enable.stderr);
    await c.recorded(['hello'], `under outboard ${pkg.version}`);
    writeFileSync(pkgFile, JSON.stringify({ ...pkg, version: '99.0.0' }, null, 2));
    assert.equal((await c.bin(['--version'])).stdout.trim(), '99.0.0', 'the copy now runs as outboard 99.0.0');
    const r = await c.bin(['hello']);
    // What deciding afresh says of the same state (run.cjs, then fast.cjs: what the unbundled CLI says, see
    // packages/cli/tests/bundle/loader.test.ts), with no record to start from.
    rmSync(c.recordFile('hello'), { force: true });
    const fresh = await c.bin(['hello']);
    refused(fresh, 'outboard 99.0.0 deciding afresh', /incompatible: engines\.outboard ">=0\.1\.0 <99\.0\.0" excludes the running outboard 99\.0\.0/);
    decidedAfresh(r, `the CLI upgraded from ${pkg.version} to 99.0.0 with the same bundles (deciding afresh refuses: ${fresh.stderr.trim()})`);
    assert.deepEqual({ code: r.code, stdout: r.stdout, stderr: r.stderr }, { code: fresh.code, stdout: fresh.stdout, stderr: fresh.stderr }, 'the bin prints and exits as deciding afresh does');
  });
});
