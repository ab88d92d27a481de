import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extensionPackageJson, runCli, runCliJson, tempDir, writeExtension, writeFiles } from './lib/fixture-home.js';
import type { ExtensionListEntry } from '@outboard/host';
import { offlineNpmEnv } from './lib/install-outboard.js';

/** One entry of `extensions list --json`: the host's own type, so the tests read only fields it has. */
type ListEntry = ExtensionListEntry;

const read = (file: string) => readFileSync(file, 'utf8');
const readJson = <T = any>(file: string): T => JSON.parse(read(file)) as T;

// Every test here installs from local tarballs and folders only: npm is told to stay offline, with its own cache.
describe('extensions add', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  const packs = join(tmp.path, 'packs');
  const markers = join(tmp.path, 'markers');
  const project = join(tmp.path, 'project');
  const extensionsDir = join(home, 'extensions');
  const env = offlineNpmEnv(tmp.path);
  const cli = (args: string[], cwd = project) => runCli(args, { home, cwd, env, timeout: 60_000 });
  const projectPackageJson = `{\n  "name": "my-app",\n    "private": true,\n  "dependencies": { "left-pad": "^1.3.0" }\n}\n`;

  // A postinstall (and friends) that would leave a marker if npm ran it.
  const lifecycle = (what: string) =>
    Object.fromEntries(['preinstall', 'install', 'postinstall'].map((s) => [s, `node -e "require('fs').writeFileSync(${JSON.stringify(join(markers, `${what}-${s}`)).replace(/"/g, "'")}, 'ran')"`]));

  before(() => {
    mkdirSync(markers, { recursive: true });
    mkdirSync(packs, { recursive: true });
    // The user's project, with its own package.json that add must never touch.
    writeFiles(project, { 'package.json': projectPackageJson, 'src/index.js': '' });
    const src = join(tmp.path, 'src');
    writeExtension(join(src, 'hello'), { name: 'hello', packageName: 'outboard-ext-hello' });
    writeFiles(join(src, 'hello'), { 'package.json': { ...extensionPackageJson({ name: 'hello', packageName: 'outboard-ext-hello' }), scripts: lifecycle('hello') } });
    writeFiles(join(src, 'plain'), { 'package.json': { name: 'plain-lib', version: '1.0.0', main: 'index.js', scripts: lifecycle('plain') }, 'index.js': '' });
    writeExtension(join(src, 'broken'), { name: 'Not_A_Slug', packageName: 'outboard-ext-broken', commands: [{ name: 'broken', bin: 'bin/cli.js' }] });
    execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', packs, './hello', './plain', './broken'], { cwd: src, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 90_000 });
    // A folder spec, relative to the working folder.
    writeFiles(join(project, 'vendor', 'folder-ext'), { 'package.json': { ...extensionPackageJson({ name: 'fold', packageName: 'outboard-ext-fold' }), scripts: lifecycle('fold') }, 'bin/cli.js': '' });
  });
  after(() => tmp.cleanup());

  const deps = () => readJson<{ dependencies: Record<string, string> }>(join(extensionsDir, 'package.json')).dependencies;
  const assertNoTrace = (packageName: string) => {
    assert.equal(existsSync(join(extensionsDir, 'node_modules', packageName)), false, `${packageName} left in node_modules`);
    assert.ok(!(packageName in deps()), `${packageName} left in package.json`);
    for (const lock of [join(extensionsDir, 'package-lock.json'), join(extensionsDir, 'node_modules', '.package-lock.json')]) {
      if (existsSync(lock)) assert.doesNotMatch(read(lock), new RegExp(`node_modules/${packageName}"`), `${packageName} left in ${lock}`);
    }
  };
  const assertProjectUntouched = () => {
    assert.equal(read(join(project, 'package.json')), projectPackageJson);
    assert.equal(existsSync(join(project, 'package-lock.json')), false);
    assert.equal(existsSync(join(project, 'node_modules')), false);
  };

  it('installs a tarball into <home>/extensions, showing npm progress on stderr, without touching the project', () => {
    assert.equal(existsSync(extensionsDir), false);
    const r = cli(['extensions', 'add', join(packs, 'outboard-ext-hello-1.0.0.tgz')]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Installed outboard-ext-hello@1\.0\.0 as extension "hello"/);
    assert.match(r.stdout, /outboard extensions enable hello/);
    assert.match(r.stderr, /Installing .*outboard-ext-hello-1\.0\.0\.tgz into /);
    assert.match(r.stderr, /added 1 package/);
    assert.doesNotMatch(r.stdout, /added 1 package/);
    const pkg = readJson<{ private: boolean; dependencies: Record<string, string> }>(join(extensionsDir, 'package.json'));
    assert.equal(pkg.private, true);
    assert.deepEqual(Object.keys(pkg.dependencies), ['outboard-ext-hello']);
    assert.ok(existsSync(join(extensionsDir, 'node_modules', 'outboard-ext-hello', 'bin', 'cli.js')));
    assertProjectUntouched();
    const list = runCliJson<ListEntry[]>(['extensions', 'list', '--json'], { home, cwd: project });
    const hello = list.json.find((e) => e.name === 'hello');
    assert.equal(hello?.source, 'user');
    assert.equal(hello?.state, 'unapproved');
  });

  it('installs a folder given relative to the working folder', () => {
    const r = cli(['extensions', 'add', './vendor/folder-ext']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Installed outboard-ext-fold@1\.0\.0 as extension "fold"/);
    assert.ok('outboard-ext-fold' in deps());
    assert.ok(lstatSync(join(extensionsDir, 'node_modules', 'outboard-ext-fold')).isSymbolicLink() || existsSync(join(extensionsDir, 'node_modules', 'outboard-ext-fold', 'package.json')));
    assertProjectUntouched();
  });

  it('a bare name means the registry, as in npm, even when a folder of that name is here', () => {
    // npm stays offline, so the registry lookup fails: what matters is that the local folder is not installed.
    writeExtension(join(project, 'outboard-lookalike'), { name: 'lookalike', packageName: 'outboard-lookalike' });
    const r = cli(['extensions', 'add', 'outboard-lookalike']);
    assert.equal(r.code, 1, r.stderr);
    assertNoTrace('outboard-lookalike');
    assert.ok(!deps()['outboard-lookalike']);
    assertProjectUntouched();
  });

  it('never runs the lifecycle scripts of what it installs', () => {
    assert.deepEqual(readdirSync(markers), []);
  });

  it('uninstalls a package that is not an extension again, saying why', () => {
    const before = deps();
    const r = cli(['extensions', 'add', join(packs, 'plain-lib-1.0.0.tgz')]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /plain-lib was not kept: it is not an Outboard extension: its package\.json has no "outboard\.extension" block/);
    assert.match(r.stderr, /uninstalled again; nothing is left behind/);
    assert.deepEqual(deps(), before);
    assertNoTrace('plain-lib');
    assertProjectUntouched();
    assert.deepEqual(readdirSync(markers), []);
  });

  it('uninstalls an invalid extension again, printing each problem', () => {
    const before = deps();
    const r = cli(['extensions', 'add', join(packs, 'outboard-ext-broken-1.0.0.tgz')]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /outboard-ext-broken was not kept: its manifest is invalid \(1 problem\)/);
    assert.match(r.stderr, /\$\.outboard\.extension\.name: name "Not_A_Slug" is not a valid extension name.* — fix: /);
    assert.deepEqual(deps(), before);
    assertNoTrace('outboard-ext-broken');
  });

  it('an npm failure (a tarball that does not exist) is a clear error, exit 1, and changes nothing', () => {
    const files = [join(extensionsDir, 'package.json'), join(extensionsDir, 'package-lock.json')];
    const before = files.map((f) => (existsSync(f) ? read(f) : undefined));
    const modules = readdirSync(join(extensionsDir, 'node_modules')).sort();
    const missing = join(packs, 'does-not-exist-1.0.0.tgz');
    const r = cli(['extensions', 'add', missing]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /error: npm install failed \(exit code \d+\); see its output above\. Nothing was changed\./);
    assert.deepEqual(files.map((f) => (existsSync(f) ? read(f) : undefined)), before);
    assert.deepEqual(readdirSync(join(extensionsDir, 'node_modules')).sort(), modules);
    assertProjectUntouched();
  });

  it('a failing first add into a fresh home leaves no package.json or node_modules behind', () => {
    const fresh = join(tmp.path, 'fresh-home');
    const r = runCli(['extensions', 'add', join(packs, 'missing-0.0.1.tgz')], { home: fresh, cwd: project, env, timeout: 60_000 });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /Nothing was changed/);
    const left = existsSync(join(fresh, 'extensions')) ? readdirSync(join(fresh, 'extensions')) : [];
    assert.deepEqual(left, []);
    assertProjectUntouched();
  });

  it('a missing spec is a usage error', () => {
    const r = cli(['extensions', 'add']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /missing what to install/);
  });
});
