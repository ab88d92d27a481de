import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extensionPackageJson, runCli, runCliJson, tempDir, writeExtension, writeFiles } from './lib/fixture-home.js';
import type { ExtensionListEntry } from '@outboard/host';

/** One entry of `extensions list --json`: the host's own type, so the tests read only fields it has. */
type ListEntry = ExtensionListEntry;

describe('extensions list / info / doctor over every source', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  const project = join(tmp.path, 'project');
  const userModules = join(home, 'extensions', 'node_modules');
  const devDir = join(tmp.path, 'dev-ext');

  before(() => {
    writeExtension(join(userModules, 'outboard-ext-alpha'), { name: 'alpha' });
    writeExtension(join(userModules, '@acme', 'outboard-beta'), { name: 'beta', packageName: '@acme/outboard-beta', version: '2.0.0' });
    // The same package in the project (wins) and in the user source (shadowed).
    writeExtension(join(userModules, 'outboard-ext-shared'), { name: 'shared', version: '1.0.0' });
    writeFiles(project, { 'package.json': { name: 'my-project', dependencies: { 'outboard-ext-shared': '*' } } });
    writeExtension(join(project, 'node_modules', 'outboard-ext-shared'), { name: 'shared', version: '1.5.0' });
    // Installed in the project but not listed in its package.json: not a project-source extension.
    writeExtension(join(project, 'node_modules', 'outboard-ext-unlisted'), { name: 'unlisted' });
    // A dev path.
    writeExtension(devDir, { name: 'devtool', packageName: 'devtool-ext' });
    writeFiles(home, { 'config.json': { extensions: { paths: [devDir] } } });
    // Not an extension at all.
    writeFiles(join(userModules, 'left-pad'), { 'package.json': { name: 'left-pad', version: '1.0.0' } });
    // Incompatible: engines range excludes the running version; unknown apiVersion.
    writeExtension(join(userModules, 'outboard-ext-future'), { name: 'future', engines: '>=99.0.0' });
    writeFiles(join(userModules, 'outboard-ext-api9'), {
      'package.json': { ...extensionPackageJson({ name: 'apinine' }), outboard: { extension: { apiVersion: 9, name: 'apinine' } } },
    });
  });
  after(() => tmp.cleanup());

  it('lists every source with its state, the project copy shadowing the user copy', () => {
    const { code, json } = runCliJson<ListEntry[]>(['extensions', 'list', '--json'], { home, cwd: project });
    assert.equal(code, 0);
    const byName = new Map(json.map((e) => [e.name, e]));
    assert.deepEqual([...byName.keys()].sort(), ['alpha', 'apinine', 'beta', 'devtool', 'future', 'shared']);
    assert.equal(byName.get('shared')?.source, 'project');
    assert.equal(byName.get('shared')?.version, '1.5.0');
    assert.equal(byName.get('devtool')?.source, 'dev');
    assert.equal(byName.get('beta')?.packageName, '@acme/outboard-beta');
    assert.equal(byName.get('alpha')?.state, 'unapproved');
    assert.match(byName.get('alpha')?.fix ?? '', /outboard extensions enable alpha/);
    assert.equal(byName.get('future')?.state, 'incompatible');
    assert.match(byName.get('future')?.reason ?? '', />=99\.0\.0/);
    assert.match(byName.get('future')?.reason ?? '', /0\.1\.0/);
    assert.equal(byName.get('apinine')?.state, 'incompatible');
    for (const e of json) assert.deepEqual(Object.keys(e).sort(), ['codePinned', 'fix', 'name', 'packageName', 'path', 'policy', 'reason', 'source', 'state', 'version']);
  });

  it('outside the project the user copy is the one found', () => {
    const { json } = runCliJson<ListEntry[]>(['extensions', 'list', '--json'], { home });
    const shared = json.find((e) => e.name === 'shared');
    assert.equal(shared?.source, 'user');
    assert.equal(shared?.version, '1.0.0');
  });

  it('info names the shadowed copy', () => {
    const { code, json } = runCliJson<{ shadowed: Array<{ source: string; path: string; version: string }>; source: string }>(['extensions', 'info', 'shared', '--json'], { home, cwd: project });
    assert.equal(code, 0);
    assert.equal(json.source, 'project');
    assert.deepEqual(json.shadowed, [{ source: 'user', path: join(userModules, 'outboard-ext-shared'), version: '1.0.0' }]);
    const text = runCli(['extensions', 'info', 'shared'], { home, cwd: project });
    assert.match(text.stdout, /Shadowed copy:\s+.*outboard-ext-shared \(user, 1\.0\.0\)/);
  });

  it('info on an unknown name exits 1 and suggests a near name', () => {
    const r = runCli(['extensions', 'info', 'alpah'], { home });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /no installed extension is called "alpah"/);
    assert.match(r.stderr, /Did you mean alpha/);
  });

  it('prints an aligned table without colour when NO_COLOR is set', () => {
    const r = runCli(['extensions', 'list'], { home });
    assert.equal(r.code, 0);
    assert.doesNotMatch(r.stdout, /\u001b\[/);
    const lines = r.stdout.trimEnd().split('\n');
    assert.match(lines[0] ?? '', /^NAME\s+VERSION\s+SOURCE\s+STATE\s+REASON$/);
    const stateColumn = (lines[0] ?? '').indexOf('STATE');
    for (const line of lines.slice(1)) assert.match(line.slice(stateColumn), /^(unapproved|incompatible|enabled)/);
  });

  it('colours the table only when asked to on a non-TTY', () => {
    const r = runCli(['extensions', 'list'], { home, env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    assert.match(r.stdout, /\u001b\[/);
  });

  it('doctor exits 1 with one line per problem, each with its fix', () => {
    const r = runCli(['extensions', 'doctor'], { home });
    assert.equal(r.code, 1);
    const problemLines = r.stdout.split('\n').filter((l) => l.startsWith('✖'));
    assert.equal(problemLines.length, 2, r.stdout);
    for (const line of problemLines) assert.match(line, / — fix: \S/);
    const json = runCliJson<{ ok: boolean; problems: Array<{ extension: string }> }>(['extensions', 'doctor', '--json'], { home });
    assert.equal(json.code, 1);
    assert.equal(json.json.ok, false);
    assert.deepEqual(json.json.problems.map((p) => p.extension).sort(), ['apinine', 'future']);
  });

  it('help and version work and usage errors exit 2', () => {
    const help = runCli(['--help'], { home });
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Commands:/);
    assert.match(help.stdout, /Extensions:/);
    assert.equal(runCli(['--version'], { home }).stdout.trim(), '0.1.0');
    const bad = runCli(['extensions', 'list', '--bogus'], { home });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--bogus/);
  });
});

describe('bad input never crashes discovery nor hides other extensions', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  const mods = join(home, 'extensions', 'node_modules');
  before(() => {
    writeExtension(join(mods, 'good'), { name: 'good', packageName: 'good' });
    writeFiles(join(mods, 'broken-json'), { 'package.json': '{ "name": "broken-json", ' });
    writeFiles(join(mods, 'block-string'), { 'package.json': { name: 'block-string', version: '1.0.0', engines: { outboard: '*' }, outboard: { extension: 'yes please' } } });
    writeFiles(join(mods, 'bad-name'), { 'package.json': extensionPackageJson({ name: 'Bad_Name', packageName: 'bad-name' }) });
    mkdirSync(mods, { recursive: true });
    symlinkSync(join(tmp.path, 'nowhere'), join(mods, 'dangling'));
    // A file where a scope folder is expected cannot be read as a folder.
    writeFileSync(join(mods, '@scope'), 'not a folder');
  });
  after(() => tmp.cleanup());

  it('lists the good extension and the invalid ones, and doctor names each problem', () => {
    const { code, json } = runCliJson<ListEntry[]>(['extensions', 'list', '--json'], { home });
    assert.equal(code, 0);
    const byPackage = new Map(json.map((e) => [e.packageName, e]));
    assert.equal(byPackage.get('good')?.state, 'unapproved');
    assert.equal(byPackage.get('block-string')?.state, 'invalid');
    assert.equal(byPackage.get('bad-name')?.state, 'invalid');
    const doctor = runCliJson<{ problems: Array<{ rule: string; path: string; fix: string }> }>(['extensions', 'doctor', '--json'], { home });
    assert.equal(doctor.code, 1);
    const rules = doctor.json.problems.map((p) => p.rule);
    assert.ok(rules.includes('package-json.syntax'), rules.join(','));
    assert.ok(rules.includes('package.dangling-link'), rules.join(','));
    assert.ok(rules.includes('folder.unreadable'), rules.join(','));
    assert.ok(rules.includes('name.slug'), rules.join(','));
    for (const p of doctor.json.problems) assert.ok(p.fix.length > 0, JSON.stringify(p));
    const text = runCli(['extensions', 'list'], { home });
    assert.match(text.stderr, /could not be read; run `outboard extensions doctor`/);
  });
});

describe('discovery never runs package code', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  const markers = join(tmp.path, 'markers');
  before(() => {
    mkdirSync(markers);
    const leave = (what: string) => `require('fs').writeFileSync(${JSON.stringify(join(markers, what))}, 'ran');\n`;
    const dir = join(home, 'extensions', 'node_modules', 'trap');
    writeFiles(dir, {
      'package.json': {
        ...extensionPackageJson({ name: 'trap', packageName: 'trap' }),
        type: 'commonjs',
        main: 'index.js',
        bin: { trap: 'bin/cli.js' },
        scripts: Object.fromEntries(['preinstall', 'install', 'postinstall', 'prepare', 'prepack'].map((s) => [s, `node -e "${leave(s).replace(/"/g, '\\"')}"`])),
      },
      'index.js': leave('index'),
      'bin/cli.js': leave('bin'),
      'lib/other.js': leave('other'),
    });
  });
  after(() => tmp.cleanup());

  it('leaves no marker after list, info, doctor and help', () => {
    for (const args of [['extensions', 'list'], ['extensions', 'info', 'trap'], ['extensions', 'doctor'], ['--help'], ['extensions', 'list', '--json']]) {
      runCli(args, { home });
    }
    assert.deepEqual(readdirSync(markers), []);
    assert.ok(existsSync(join(home, 'extensions.json')), 'the discovery cache was written');
  });
});

describe('what the newcomer tripped on', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());
  interface DoctorJson { problems: Array<{ extension: string | null; rule: string; message: string; fix: string; path: string }> }
  interface InfoJson { config: null | { keys: Array<{ key: string; type: string | null; description: string | null; required: boolean; value?: unknown; source: string }>; missing: string[]; problems: string[] } }

  it('doctor suggests ["python3","./peer.py"] for "exec": "python3 peer.py", and that suggestion passes', () => {
    const home = join(tmp.path, 'exec-home');
    const dir = join(home, 'extensions', 'node_modules', 'outboard-ext-py');
    writeFiles(dir, { 'package.json': { ...extensionPackageJson({ name: 'py', commands: [{ name: 'py', exec: 'python3 peer.py' as unknown as string[] }] }) }, 'peer.py': 'print(1)\n' });
    const doctor = runCliJson<DoctorJson>(['extensions', 'doctor', '--json'], { home, cwd: home });
    const p = doctor.json.problems.find((x) => x.rule === 'exec.shell-string');
    assert.ok(p, JSON.stringify(doctor.json.problems));
    assert.match(p.fix, /\["python3","\.\/peer\.py"\]/);
    writeFiles(dir, { 'package.json': extensionPackageJson({ name: 'py', commands: [{ name: 'py', exec: ['python3', './peer.py'] }] }) });
    const again = runCliJson<DoctorJson>(['extensions', 'doctor', '--json'], { home, cwd: home });
    assert.deepEqual(again.json.problems.filter((x) => x.extension === 'py'), []);
  });

  it('info shows the config keys (type, description, merged value and where it came from, what is missing); doctor reports a config that breaks the schema', () => {
    const home = join(tmp.path, 'cfg-home');
    const project = join(tmp.path, 'cfg-project');
    writeFiles(project, { 'package.json': { name: 'p', private: true }, '.outboard.json': { extensions: { cfg: { depth: 5 } } } });
    writeExtension(join(home, 'extensions', 'node_modules', 'outboard-ext-cfg'), { name: 'cfg', block: { configSchema: 'schema.json' } }, {
      'schema.json': {
        type: 'object',
        required: ['token'],
        properties: {
          depth: { type: 'integer', description: 'How far back to look' },
          mode: { enum: ['fast', 'slow'], default: 'fast' },
          name: { type: 'string' },
          token: { type: 'string', description: 'API token' },
        },
      },
    });
    writeFiles(home, { 'config.json': { extensions: { cfg: { depth: 2, name: 'me' } } } });
    const info = runCliJson<InfoJson>(['extensions', 'info', 'cfg', '--json'], { home, cwd: project });
    assert.equal(info.code, 0, info.stderr);
    const keys = Object.fromEntries((info.json.config?.keys ?? []).map((k) => [k.key, k]));
    assert.deepEqual(keys['depth'], { key: 'depth', type: 'integer', description: 'How far back to look', required: false, value: 5, source: 'project' });
    assert.deepEqual([keys['name']?.value, keys['name']?.source], ['me', 'user']);
    assert.deepEqual([keys['mode']?.type, keys['mode']?.value, keys['mode']?.source], ['enum', 'fast', 'default']);
    assert.deepEqual([keys['token']?.required, keys['token']?.source], [true, 'unset']);
    assert.deepEqual(info.json.config?.missing, ['token']);
    const text = runCli(['extensions', 'info', 'cfg'], { home, cwd: project, env: { NO_COLOR: '1' } });
    assert.match(text.stdout, /^ {2}depth +integer +5 \(project\) +How far back to look$/m, text.stdout);
    assert.match(text.stdout, /^ {2}token\* +string +unset +API token$/m, text.stdout);
    assert.match(text.stdout, /missing: token — set with `outboard config extensions\.cfg\.<key> <value>`/, text.stdout);

    assert.equal(runCli(['extensions', 'enable', 'cfg', '--yes'], { home, cwd: project }).code, 0);
    writeFiles(home, { 'config.json': { extensions: { cfg: { token: 't', name: 7 } } } });
    const doctor = runCliJson<DoctorJson>(['extensions', 'doctor', '--json'], { home, cwd: project });
    assert.equal(doctor.code, 1);
    const bad = doctor.json.problems.find((x) => x.extension === 'cfg' && x.rule === 'config.type');
    assert.ok(bad, JSON.stringify(doctor.json.problems));
    assert.match(bad.message, /extensions\.cfg\.name/);
    assert.match(bad.fix, /outboard config extensions\.cfg\.name <value>/);
  });
});
