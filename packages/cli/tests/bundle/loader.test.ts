// The bin (dist/bundle/main.js, from scripts/cli-loader.cjs) picks fast.cjs or cli.cjs from the first word and
// loads Ajv and the manifest checks as chunks, each compiled from one code-cache file per kind of run. What
// runs must be exactly what the unbundled CLI (dist/src/main.js) does, whichever bundle and cache serve it.
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
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

const cacheFiles = (home: string): string[] => readdirSync(join(home, 'cache')).sort();

describe('the bin: one bundle per kind of run, chunks and their code cache', () => {
  const root = mkdtempSync(join(tmpdir(), 'outboard-loader-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('picks its bundle from the CLI\'s own table of first words: every built-in name and alias, help, the root flags', () => {
    const line = /^const BUILD = (.*);$/m.exec(readFileSync(BIN, 'utf8'));
    assert.ok(line, 'main.js holds the build constants');
    const build = JSON.parse(line[1] as string) as { words: Record<string, string> };
    assert.deepEqual(build.words, { ...FIRST_WORDS });
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

  it('one cache file per kind of run; a rescan adds the manifest checks to it; a current cache is not rewritten', () => {
    const home = join(root, 'kinds');
    writeExtension(home, 'hello', false);
    assert.equal(run(BIN, home, root, ['extensions', 'enable', 'hello', '--yes']).code, 0);
    const [full] = cacheFiles(home);
    assert.deepEqual(cachedScripts(join(home, 'cache', full as string)), ['cli.cjs']);
    assert.equal(run(BIN, home, root, ['--help']).code, 0);
    assert.equal(run(BIN, home, root, ['hello']).code, 0);
    assert.equal(cacheFiles(home).length, 3, cacheFiles(home).join());
    // The discovery cache gone: the rescan loads validate.cjs, whose cache joins the file of its kind of run.
    rmSync(join(home, 'extensions.json'));
    assert.equal(run(BIN, home, root, ['hello']).code, 0);
    const withChecks = cacheFiles(home)
      .map((f) => join(home, 'cache', f))
      .filter((f) => cachedScripts(f).includes('validate.cjs'));
    assert.equal(withChecks.length, 1, 'only the cache of the run that rescanned');
    assert.deepEqual(cachedScripts(withChecks[0] as string), ['fast.cjs', 'validate.cjs']);
    const before = statSync(withChecks[0] as string);
    assert.equal(run(BIN, home, root, ['hello']).code, 0);
    const afterRun = statSync(withChecks[0] as string);
    assert.equal(afterRun.ino, before.ino, 'a current cache is not written again');
    assert.equal(afterRun.mtimeMs, before.mtimeMs);
  });

  it('profiled runs read the cache of the runs before them whatever folder or name their profile gets', () => {
    const home = join(root, 'profiled');
    writeExtension(home, 'hello', false);
    assert.equal(run(BIN, home, root, ['extensions', 'enable', 'hello', '--yes']).code, 0);
    assert.equal(run(BIN, home, root, ['hello']).code, 0);
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
      ['an entry length past the end', () => writeFileSync(file, Buffer.concat([Buffer.from('OBV8'), Buffer.from([8]), Buffer.from('fast.cjs'), Buffer.from([255, 255, 255, 127])]))],
      ['another script under its name', () => writeFileSync(file, Buffer.concat([Buffer.from('OBV8'), Buffer.from([8]), Buffer.from('fast.cjs'), Buffer.from([16, 0, 0, 0]), Buffer.alloc(16, 9)]))],
      ['no magic', () => writeFileSync(file, Buffer.alloc(64, 7))],
    ];
    for (const [what, damage] of damaged) {
      damage();
      rmSync(join(home, 'extensions.json'), { force: true });
      const r = run(BIN, home, root, ['hello']);
      assert.deepEqual(r, first, what);
      assert.deepEqual(cachedScripts(file), ['fast.cjs', 'validate.cjs'], `${what}: rewritten whole`);
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
