// The bin (dist/bundle/main.js, from scripts/cli-loader.cjs) picks run.cjs, fast.cjs or cli.cjs from the first word and
// loads Ajv and the manifest checks as chunks, each compiled from one code-cache file per script and kind of run. What
// runs must be exactly what the unbundled CLI (dist/src/main.js) does, whichever bundle and cache serve it.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILTIN_NAMES } from '../../src/builtins.js';
import { classifyFirstWord, FIRST_WORDS } from '../../src/router/first-word.js';

const BIN = fileURLToPath(new URL('../../bundle/main.js', import.meta.url));
const UNBUNDLED = fileURLToPath(new URL('../../src/main.js', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(main: string, home: string, cwd: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Run {
  const r = spawnSync(process.execPath, [main, ...args], { env: { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1', ...env }, cwd, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** An extension in the user source with one command `name` (bin/<name>.js prints its config), optionally with a schema. */
function writeExtension(home: string, name: string, schema: boolean): void {
  const dir = join(home, 'extensions', 'node_modules', `outboard-ext-${name}`);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(join(dir, 'bin', `${name}.js`), "process.stdout.write(require('fs').readFileSync(process.env.OUTBOARD_EXTENSION_CONFIG, 'utf8'));\n");
  if (schema) {
    writeFileSync(join(dir, 'config.schema.json'), JSON.stringify({ type: 'object', properties: { greeting: { type: 'string', minLength: 1 } }, required: ['greeting'] }));
  }
  const extension = { apiVersion: 1, name, commands: [{ name, bin: `bin/${name}.js`, summary: `Says ${name}` }], ...(schema ? { configSchema: 'config.schema.json' } : {}) };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `outboard-ext-${name}`, version: '1.0.0', engines: { outboard: '>=0.1.0' }, outboard: { extension } }));
}

/** The scripts a cache file holds, by name (the loader's format: "OBV8", then name length, name, data length, data). */
function cachedScripts(file: string): string[] {
  const bytes = readFileSync(file);
  assert.equal(bytes.toString('latin1', 0, 4), 'OBV8');
  const names: string[] = [];
  for (let at = 4; at < bytes.length; ) {
    const nameEnd = at + 1 + (bytes[at] as number);
    names.push(bytes.toString('latin1', at + 1, nameEnd));
    at = nameEnd + 4 + bytes.readUInt32LE(nameEnd);
  }
  return names.sort();
}

/** The code-cache files of a home (its cache folder also keeps the launch records, `launch-<command>.json`). */
const cacheFiles = (home: string): string[] =>
  readdirSync(join(home, 'cache'))
    .filter((f) => f.endsWith('.v8'))
    .sort();

/**
 * Waits out the window in which a file just written proves nothing by its identity (stat-inputs.ts, 50 ms): a
 * launch decided later keeps its record; one decided sooner (or one that rewrote an input) keeps none.
 */
function pastRacyWindow(): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120);
}

describe('the bin: one bundle per kind of run, chunks and their code cache', () => {
  const root = mkdtempSync(join(tmpdir(), 'outboard-loader-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('picks its bundle from the CLI\'s own table of first words: every built-in name and alias, help, the root flags', () => {
    const line = /^const BUILD = (.*);$/m.exec(readFileSync(BIN, 'utf8'));
    assert.ok(line, 'main.js holds the build constants');
    const build = JSON.parse(line[1] as string) as { words: Record<string, string>; builtins: string[] };
    assert.deepEqual(build.words, { ...FIRST_WORDS });
    // The warm path reserves these names without the command tree: the same list, in the order the host keys its discovery cache by.
    assert.deepEqual(build.builtins, [...BUILTIN_NAMES]);
    const builtins = Object.entries(build.words).filter(([, kind]) => kind === 'builtin').map(([word]) => word);
    assert.deepEqual(builtins.sort(), [...BUILTIN_NAMES].filter((n) => n !== 'help').sort());
    assert.equal(classifyFirstWord(undefined), 'root-help');
    assert.equal(classifyFirstWord('--nope'), 'option');
    assert.equal(classifyFirstWord('hello'), 'extension');
  });

  it('each kind of run prints and exits exactly as the unbundled CLI does', () => {
    const home = join(root, 'same');
    writeExtension(home, 'hello', false);
    writeExtension(home, 'greet', true);
    writeExtension(home, 'pending', false);
    const unbundled = join(root, 'same-unbundled');
    writeExtension(unbundled, 'hello', false);
    writeExtension(unbundled, 'greet', true);
    writeExtension(unbundled, 'pending', false);
    for (const h of [home, unbundled]) {
      for (const name of ['hello', 'greet']) assert.equal(run(UNBUNDLED, h, root, ['extensions', 'enable', name, '--yes']).code, 0);
      // A manifest the checks refuse (loaded from validate.cjs on a rescan): listed with its problem, never run.
      const broken = join(h, 'extensions', 'node_modules', 'outboard-ext-broken');
      mkdirSync(broken, { recursive: true });
      writeFileSync(join(broken, 'package.json'), JSON.stringify({ name: 'outboard-ext-broken', version: '1.0.0', outboard: { extension: { apiVersion: 1, name: 'broken', commands: [{ name: 'Bad_Name', bin: 'x.js' }] } } }));
    }
    const cases: string[][] = [
      [],
      ['--help'],
      ['-h'],
      ['--version'],
      ['-V'],
      ['hello', 'a', '--b'],
      ['greet'],
      ['pending'],
      ['helo'],
      ['help', 'hello'],
      ['help', 'extensions'],
      ['ext', 'ls'],
      ['--bogus'],
      ['mcp', '--bogus'],
      ['broken'],
      ['ext', 'doctor'],
    ];
    // Each case with the discovery cache gone (a rescan) and then warm.
    for (const args of cases) {
      for (const state of ['cold', 'warm']) {
        if (state === 'cold') for (const h of [home, unbundled]) rmSync(join(h, 'extensions.json'), { force: true });
        const bundled = run(BIN, home, root, args);
        const plain = run(UNBUNDLED, unbundled, root, args);
        assert.deepEqual(bundled, { ...plain, stdout: plain.stdout.replaceAll(unbundled, home), stderr: plain.stderr.replaceAll(unbundled, home) }, `${args.join(' ')} (${state})`);
      }
    }
    // A config that breaks the schema: checked with Ajv from its chunk, refused the same way.
    for (const h of [home, unbundled]) writeFileSync(join(h, 'config.json'), JSON.stringify({ extensions: { greet: { greeting: '' } } }));
    const bundled = run(BIN, home, root, ['greet']);
    const plain = run(UNBUNDLED, unbundled, root, ['greet']);
    assert.equal(bundled.code, 2, bundled.stderr);
    assert.deepEqual(bundled, { ...plain, stderr: plain.stderr.replaceAll(unbundled, home) });
    // And one that matches: the command runs and sees it.
    for (const h of [home, unbundled]) writeFileSync(join(h, 'config.json'), JSON.stringify({ extensions: { greet: { greeting: 'hi' } } }));
    assert.deepEqual(run(BIN, home, root, ['greet']), { code: 0, stdout: '{"greeting":"hi"}\n', stderr: '' });
  });

  it('an organisation policy is read through its chunk (policy.cjs): the bin blocks and runs as the unbundled CLI does', () => {
    const home = join(root, 'policy');
    const unbundled = join(root, 'policy-unbundled');
    for (const h of [home, unbundled]) {
      writeExtension(h, 'hello', false);
      writeExtension(h, 'greet', false);
      for (const name of ['hello', 'greet']) assert.equal(run(UNBUNDLED, h, root, ['extensions', 'enable', name, '--yes']).code, 0);
    }
    const policy = join(root, 'policy.json');
    writeFileSync(policy, JSON.stringify({ blocked: ['outboard-ext-hello@>=1'] }));
    for (const args of [['hello'], ['greet']]) {
      const bundled = run(BIN, home, root, args, { OUTBOARD_POLICY_FILE: policy });
      const plain = run(UNBUNDLED, unbundled, root, args, { OUTBOARD_POLICY_FILE: policy });
      assert.deepEqual(bundled, { ...plain, stdout: plain.stdout.replaceAll(unbundled, home), stderr: plain.stderr.replaceAll(unbundled, home) }, args.join(' '));
    }
    const blocked = run(BIN, home, root, ['hello'], { OUTBOARD_POLICY_FILE: policy });
    assert.notEqual(blocked.code, 0);
    assert.match(blocked.stderr, /blocked by policy/);
    assert.equal(run(BIN, home, root, ['greet'], { OUTBOARD_POLICY_FILE: policy }).code, 0);
    assert.ok(cacheFiles(home).some((f) => cachedScripts(join(home, 'cache', f)).includes('policy.cjs')), 'the chunk is compiled with the code cache');
  });

  it('one cache file per script and kind of run; a rescan adds the manifest checks\' own; a current cache is not rewritten', () => {
    const home = join(root, 'kinds');
    writeExtension(home, 'hello', false);
    assert.equal(run(BIN, home, root, ['extensions', 'enable', 'hello', '--yes']).code, 0);
    const [full] = cacheFiles(home);
    assert.deepEqual(cachedScripts(join(home, 'cache', full as string)), ['cli.cjs']);
    assert.equal(run(BIN, home, root, ['--help']).code, 0);
    assert.equal(run(BIN, home, root, ['hello']).code, 0);
    // launch.cjs found no record: its cache waits for a run that launches from one, and compiles what that runs.
    assert.deepEqual(cacheFiles(home).map((f) => cachedScripts(join(home, 'cache', f))).flat().sort(), ['cli.cjs', 'fast.cjs', 'run.cjs'], cacheFiles(home).join());
    // The discovery cache gone: the rescan loads validate.cjs, whose cache gets a file of its own.
    rmSync(join(home, 'extensions.json'));
    assert.equal(run(BIN, home, root, ['hello']).code, 0);
    const checks = cacheFiles(home).filter((f) => cachedScripts(join(home, 'cache', f)).includes('validate.cjs'));
    assert.equal(checks.length, 1, cacheFiles(home).join());
    assert.equal(cacheFiles(home).length, 4);
    pastRacyWindow();
    assert.equal(run(BIN, home, root, ['hello']).code, 0); // keeps the record
    assert.equal(run(BIN, home, root, ['hello']).code, 0); // launches from it
    assert.ok(cacheFiles(home).some((f) => cachedScripts(join(home, 'cache', f)).includes('launch.cjs')), `a launch wrote launch.cjs's cache: ${cacheFiles(home).join()}`);
    const runCache = join(home, 'cache', cacheFiles(home).find((f) => cachedScripts(join(home, 'cache', f)).includes('run.cjs')) as string);
    const before = statSync(runCache);
    assert.equal(run(BIN, home, root, ['hello']).code, 0);
    const afterRun = statSync(runCache);
    assert.equal(afterRun.ino, before.ino, 'a current cache is not written again');
    assert.equal(afterRun.mtimeMs, before.mtimeMs);
  });

  it('a recorded command reads launch.cjs and its cache only; what it does not run goes to run.cjs, then fast.cjs, with the same output', () => {
    const home = join(root, 'warm');
    writeExtension(home, 'hello', false);
    assert.equal(run(BIN, home, root, ['extensions', 'enable', 'hello', '--yes']).code, 0);
    // Which bundle files and cache files a run reads, printed at exit by a preload (these runs keep their own cache).
    const probe = join(root, 'warm-probe.cjs');
    writeFileSync(
      probe,
      "const fs = require('fs'); const read = fs.readFileSync; const seen = [];\n" +
        "fs.readFileSync = function (file, ...rest) { if (typeof file === 'string' && /[.](cjs|v8)$/.test(file)) seen.push(require('path').basename(file).replace(/^cli-[0-9a-f]+-([a-z]+)-.*$/, 'cache:$1')); return read.call(this, file, ...rest); };\n" +
        "process.on('exit', () => process.stderr.write('READ ' + JSON.stringify(seen) + '\\n'));\n",
    );
    const reads = (...args: string[]): { code: number | null; read: string[]; stderr: string } => {
      const r = spawnSync(process.execPath, ['--require', probe, BIN, ...args], { env: { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1' }, cwd: root, encoding: 'utf8', timeout: 30_000 });
      const line = /^READ (.*)$/m.exec(r.stderr);
      assert.ok(line, r.stderr);
      return { code: r.status, read: JSON.parse(line[1] as string) as string[], stderr: r.stderr.replace(/^READ .*\n/m, '') };
    };
    // The first run after an enable rescans (the enable's scan was racy), so it keeps no record.
    assert.equal(run(BIN, home, root, ['hello']).code, 0);
    pastRacyWindow();
    // The next run (the first with the probe's flags) compiles, decides in run.cjs and keeps the launch record.
    assert.deepEqual(reads('hello').read, ['cache:launch', 'launch.cjs', 'cache:run', 'run.cjs']);
    assert.ok(existsSync(join(home, 'cache', 'launch-hello.json')), 'the launch record is kept');
    assert.deepEqual(reads('hello'), { code: 0, read: ['cache:launch', 'launch.cjs'], stderr: '' });
    // No record (or one whose inputs changed): run.cjs decides again, from its cache.
    rmSync(join(home, 'cache', 'launch-hello.json'));
    assert.deepEqual(reads('hello'), { code: 0, read: ['cache:launch', 'launch.cjs', 'cache:run', 'run.cjs'], stderr: '' });
    // An unknown command: neither runs anything; fast.cjs says what is wrong.
    reads('helo');
    const unknown = reads('helo');
    assert.equal(unknown.code, 1);
    assert.deepEqual(unknown.read, ['cache:launch', 'launch.cjs', 'cache:run', 'run.cjs', 'cache:fast', 'fast.cjs']);
    assert.match(unknown.stderr, /Unknown command "helo" — Did you mean `outboard hello`/);
    // ...and weighs nothing on the next run of the recorded command.
    assert.deepEqual(reads('hello').read, ['cache:launch', 'launch.cjs']);
  });

  it('a command that fails runs once, and one whose program is gone is refused, as the unbundled CLI does', () => {
    const home = join(root, 'fails');
    const unbundled = join(root, 'fails-unbundled');
    for (const h of [home, unbundled]) {
      writeExtension(h, 'hello', false);
      writeExtension(h, 'gone', false);
      // hello counts its runs in a file and fails; gone's program disappears after approval.
      writeFileSync(join(h, 'extensions', 'node_modules', 'outboard-ext-hello', 'bin', 'hello.js'), "require('fs').appendFileSync(process.env.COUNT_FILE, 'x'); process.stderr.write('failed\\n'); process.exit(3);\n");
      for (const name of ['hello', 'gone']) assert.equal(run(UNBUNDLED, h, root, ['extensions', 'enable', name, '--yes']).code, 0);
      rmSync(join(h, 'extensions', 'node_modules', 'outboard-ext-gone', 'bin', 'gone.js'));
    }
    for (const args of [['hello', 'a'], ['gone']]) {
      for (const state of ['first', 'warm']) {
        const counts = [join(root, 'fails-count'), join(root, 'fails-count-unbundled')];
        for (const c of counts) writeFileSync(c, '');
        const bundled = run(BIN, home, root, args, { COUNT_FILE: counts[0] });
        const plain = run(UNBUNDLED, unbundled, root, args, { COUNT_FILE: counts[1] });
        assert.deepEqual(bundled, { ...plain, stdout: plain.stdout.replaceAll(unbundled, home), stderr: plain.stderr.replaceAll(unbundled, home) }, `${args.join(' ')} (${state})`);
        assert.equal(readFileSync(counts[0] as string, 'utf8'), readFileSync(counts[1] as string, 'utf8'), 'run as many times as unbundled');
      }
    }
    const last = run(BIN, home, root, ['hello'], { COUNT_FILE: join(root, 'fails-count') });
    assert.deepEqual(last, { code: 3, stdout: '', stderr: 'failed\n' });
    assert.equal(readFileSync(join(root, 'fails-count'), 'utf8'), 'x', 'once');
    const gone = run(BIN, home, root, ['gone']);
    assert.equal(gone.code, 2);
    assert.match(gone.stderr, /^error: cannot run gone: bin "bin\/gone.js" names .*, which does not exist — Run `outboard extensions doctor`/);
  });

  it('profiled runs read the cache of the runs before them whatever folder or name their profile gets', () => {
    const home = join(root, 'profiled');
    writeExtension(home, 'hello', false);
    assert.equal(run(BIN, home, root, ['extensions', 'enable', 'hello', '--yes']).code, 0);
    for (let i = 0; i < 2; i++) {
      pastRacyWindow();
      assert.equal(run(BIN, home, root, ['hello']).code, 0); // the first rescans, the second keeps the record
    }
    const plain = cacheFiles(home);
    const profiled = (...flags: string[]): void => {
      const r = spawnSync(process.execPath, [...flags, BIN, 'hello'], { env: { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1' }, cwd: root, encoding: 'utf8', timeout: 30_000 });
      assert.equal(r.status, 0, r.stderr);
    };
    profiled('--cpu-prof', `--cpu-prof-dir=${join(root, 'prof-1')}`);
    const added = cacheFiles(home).filter((f) => !plain.includes(f));
    assert.equal(added.length, 1, 'a profiled run keeps a cache of its own (other V8 flags may apply)');
    const file = join(home, 'cache', added[0] as string);
    const before = statSync(file);
    profiled('--cpu-prof', '--cpu-prof-dir', join(root, 'prof-2'), '--cpu-prof-name', 'run.cpuprofile');
    profiled('--cpu-prof', `--cpu-prof-dir=${join(root, 'prof-3')}`);
    assert.deepEqual(cacheFiles(home), [...plain, ...added].sort());
    assert.equal(statSync(file).mtimeMs, before.mtimeMs, 'read, not written again');
  });

  it('a truncated or foreign cache file is ignored and replaced; the command runs as usual', () => {
    const home = join(root, 'damaged');
    writeExtension(home, 'hello', false);
    assert.equal(run(BIN, home, root, ['extensions', 'enable', 'hello', '--yes']).code, 0);
    rmSync(join(home, 'extensions.json'));
    const first = run(BIN, home, root, ['hello']);
    assert.equal(first.code, 0, first.stderr);
    const file = cacheFiles(home)
      .map((f) => join(home, 'cache', f))
      .find((f) => cachedScripts(f).includes('validate.cjs')) as string;
    const damaged: Array<[string, () => void]> = [
      ['cut in the middle of an entry', () => truncateSync(file, statSync(file).size - 100)],
      ['an entry length past the end', () => writeFileSync(file, Buffer.concat([Buffer.from('OBV8'), Buffer.from([12]), Buffer.from('validate.cjs'), Buffer.from([255, 255, 255, 127])]))],
      ['another script under its name', () => writeFileSync(file, Buffer.concat([Buffer.from('OBV8'), Buffer.from([12]), Buffer.from('validate.cjs'), Buffer.from([16, 0, 0, 0]), Buffer.alloc(16, 9)]))],
      ["another script's cache in its file", () => writeFileSync(file, Buffer.concat([Buffer.from('OBV8'), Buffer.from([7]), Buffer.from('run.cjs'), Buffer.from([16, 0, 0, 0]), Buffer.alloc(16, 9)]))],
      ['no magic', () => writeFileSync(file, Buffer.alloc(64, 7))],
    ];
    for (const [what, damage] of damaged) {
      damage();
      rmSync(join(home, 'extensions.json'), { force: true });
      const r = run(BIN, home, root, ['hello']);
      assert.deepEqual(r, first, what);
      assert.deepEqual(cachedScripts(file), ['validate.cjs'], `${what}: rewritten whole`);
    }
  });

  it('a warm extension command, with or without a configSchema, loads neither node:crypto nor node:module', () => {
    const home = join(root, 'lean');
    writeExtension(home, 'hello', false);
    writeExtension(home, 'greet', true);
    for (const name of ['hello', 'greet']) assert.equal(run(BIN, home, root, ['extensions', 'enable', name, '--yes']).code, 0);
    assert.equal(run(BIN, home, root, ['config', 'extensions.greet.greeting', 'hi', '--user']).code, 0);
    // What a run loaded, printed at exit by a preload (a run with other flags keeps its own code cache).
    const probe = join(root, 'lean-probe.cjs');
    writeFileSync(probe, "process.on('exit', () => process.stderr.write('LOADED ' + JSON.stringify({ crypto: process.moduleLoadList.includes('NativeModule crypto'), module: process.moduleLoadList.includes('NativeModule module') }) + '\\n'));\n");
    const loaded = (name: string): { crypto: boolean; module: boolean } => {
      const r = spawnSync(process.execPath, ['--require', probe, BIN, name], { env: { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1' }, cwd: root, encoding: 'utf8', timeout: 30_000 });
      assert.equal(r.status, 0, r.stderr);
      const line = /^LOADED (.*)$/m.exec(r.stderr);
      assert.ok(line, r.stderr);
      return JSON.parse(line[1] as string) as { crypto: boolean; module: boolean };
    };
    for (const name of ['hello', 'greet']) {
      loaded(name); // the first run may compile, check the config and write the caches
      assert.deepEqual(loaded(name), { crypto: false, module: false }, `outboard ${name}`);
    }
  });
});
