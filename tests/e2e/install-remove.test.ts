import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { extensionPackageJson, REPO_ROOT, runCli, runCliJson, tempDir, writeExtension, writeFiles } from './lib/fixture-home.js';
import type { ExtensionListEntry } from '@outboard/host';
import { offlineNpmEnv } from './lib/install-outboard.js';

/** One entry of `extensions list --json`: the host's own type, so the tests read only fields it has. */
type ListEntry = ExtensionListEntry;

const read = (file: string) => readFileSync(file, 'utf8');
const readJson = <T = any>(file: string): T => JSON.parse(read(file)) as T;

describe('extensions remove', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  const work = join(tmp.path, 'work');
  const extensionsDir = join(home, 'extensions');
  const env = offlineNpmEnv(tmp.path);
  const cli = (args: string[], cwd = work, main?: string) => runCli(args, { home, cwd, env, timeout: 60_000, ...(main ? { main } : {}) });
  const approvals = () => readJson<{ extensions: Record<string, unknown> }>(join(home, 'approvals.json')).extensions;

  before(() => {
    writeFiles(work, { 'package.json': { name: 'work', private: true } });
    const src = join(tmp.path, 'src');
    writeExtension(join(src, 'gone'), { name: 'gone', packageName: 'outboard-ext-gone' });
    writeExtension(join(src, 'keep'), { name: 'keep', packageName: 'outboard-ext-keep' });
    writeExtension(join(src, 'dup'), { name: 'dup', packageName: 'outboard-ext-dup' });
    for (const name of ['gone', 'keep', 'dup']) {
      const r = cli(['extensions', 'add', join(src, name)]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(cli(['extensions', 'enable', name, '--yes']).code, 0);
      writeFiles(join(home, 'ext', name), { 'state.txt': 'kept data' });
    }
    // The same dup package, also linked as a dev path: a lower-precedence copy that still uses the name.
    writeExtension(join(tmp.path, 'dev-dup'), { name: 'dup', packageName: 'outboard-ext-dup' });
    assert.equal(cli(['extensions', 'link', join(tmp.path, 'dev-dup')]).code, 0);
  });
  after(() => tmp.cleanup());

  it('uninstalls a user extension and deletes its approval, keeping its state folder without --purge', () => {
    const r = cli(['extensions', 'remove', 'keep']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Removed keep \(outboard-ext-keep@1\.0\.0\) and its approval/);
    assert.ok(!('outboard-ext-keep' in readJson(join(extensionsDir, 'package.json')).dependencies));
    assert.equal(existsSync(join(extensionsDir, 'node_modules', 'outboard-ext-keep')), false);
    assert.ok(!('keep' in approvals()));
    assert.equal(read(join(home, 'ext', 'keep', 'state.txt')), 'kept data');
    assert.equal(runCliJson<ListEntry[]>(['extensions', 'list', '--json'], { home, cwd: work }).json.find((e) => e.name === 'keep'), undefined);
  });

  it('--purge also deletes <home>/ext/<name>/', () => {
    const r = cli(['extensions', 'remove', 'gone', '--purge']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Deleted its state folder .*ext\/gone/);
    assert.equal(existsSync(join(home, 'ext', 'gone')), false);
    assert.ok(!('gone' in approvals()));
    // The other state folders are untouched.
    assert.ok(existsSync(join(home, 'ext', 'dup', 'state.txt')));
  });

  it('remove --purge after a plain remove purges what is left: state folder and user config', () => {
    const config = join(home, 'config.json');
    const before = existsSync(config) ? readJson<Record<string, any>>(config) : {};
    writeFiles(home, { 'config.json': { ...before, extensions: { ...(before.extensions ?? {}), keep: { token: 'x' } } } });
    assert.ok(existsSync(join(home, 'ext', 'keep', 'state.txt')), 'left by the plain remove');
    const r = cli(['extensions', 'remove', 'keep', '--purge']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /keep is not installed; deleted what it left: its state folder .*ext\/keep, its config \(extensions\.keep\)/);
    assert.equal(existsSync(join(home, 'ext', 'keep')), false);
    assert.equal(readJson<Record<string, any>>(config).extensions?.keep, undefined);
    // Nothing left: the name is unknown again.
    const again = cli(['extensions', 'remove', 'keep', '--purge']);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /no installed extension is called "keep"/);
  });

  it('--purge keeps the state folder while another installed copy still uses the name', () => {
    const r = cli(['extensions', 'remove', 'dup', '--purge']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Kept its state folder: outboard-ext-dup \(dev, .*dev-dup\) still uses the name "dup"/);
    assert.equal(read(join(home, 'ext', 'dup', 'state.txt')), 'kept data');
    const dup = runCliJson<ListEntry[]>(['extensions', 'list', '--json'], { home, cwd: work }).json.find((e) => e.name === 'dup');
    assert.equal(dup?.source, 'dev');
    // Its approval was for the user copy and is gone: the dev copy asks again.
    assert.equal(dup?.state, 'unapproved');
  });

  it('refuses project, global and dev extensions, saying what to do instead', () => {
    const project = join(tmp.path, 'proj');
    writeFiles(project, {
      'package.json': { name: 'proj', private: true, dependencies: { 'outboard-ext-pj': '*' } },
      'node_modules/outboard-ext-pj/package.json': extensionPackageJson({ name: 'pj' }),
      'node_modules/outboard-ext-pj/bin/cli.js': '',
    });
    const p = cli(['extensions', 'remove', 'pj'], project);
    assert.equal(p.code, 1);
    assert.match(p.stderr, /pj comes from this project's package\.json; remove it there \(npm uninstall outboard-ext-pj in the project\)/);
    assert.ok(existsSync(join(project, 'node_modules', 'outboard-ext-pj')));

    // The global source is the node_modules folder the CLI itself was installed in.
    const globalRoot = join(tmp.path, 'global', 'lib', 'node_modules');
    const shim = join(globalRoot, '.outboard-shim.mjs');
    const cliIndex = pathToFileURL(join(REPO_ROOT, 'packages', 'cli', 'dist', 'src', 'index.js')).href;
    writeFiles(globalRoot, {
      '.outboard-shim.mjs': [
        `import { fileURLToPath } from 'node:url';`,
        `import { runCli, outboardIdentity } from ${JSON.stringify(cliIndex)};`,
        `const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd() };`,
        `process.exitCode = await runCli(process.argv.slice(2), { ...outboardIdentity(), binPath: fileURLToPath(import.meta.url) }, io);`,
      ].join('\n'),
    });
    writeExtension(join(globalRoot, 'outboard-ext-glob'), { name: 'glob' });
    const listed = runCliJson<ListEntry[]>(['extensions', 'list', '--json'], { home, cwd: work, main: shim }).json.find((e) => e.name === 'glob');
    assert.equal(listed?.source, 'global');
    const g = cli(['extensions', 'remove', 'glob'], work, shim);
    assert.equal(g.code, 1);
    assert.match(g.stderr, /glob is installed globally; remove it with npm uninstall -g outboard-ext-glob/);
    assert.ok(existsSync(join(globalRoot, 'outboard-ext-glob')));

    const devDir = join(tmp.path, 'dev-dup');
    const d = cli(['extensions', 'remove', 'dup']);
    assert.equal(d.code, 1);
    assert.match(d.stderr, new RegExp(`dup is a dev path; stop using it with \`outboard extensions unlink ${devDir}\``));
    assert.ok(existsSync(join(devDir, 'package.json')));
  });

  it('an unknown name exits 1', () => {
    const r = cli(['extensions', 'remove', 'nothing-here']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /no installed extension is called "nothing-here"/);
  });
});

describe('extensions link / unlink', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  const work = join(tmp.path, 'work');
  after(() => tmp.cleanup());
  const paths = () => readJson<{ extensions?: { paths?: string[] } }>(join(home, 'config.json')).extensions?.paths;

  it('maintain extensions.paths in <home>/config.json', () => {
    writeFiles(work, { 'package.json': { name: 'work', private: true } });
    writeExtension(join(work, 'exts', 'one'), { name: 'one' });
    writeExtension(join(tmp.path, 'two'), { name: 'two' });
    writeFiles(home, { 'config.json': { extensions: { other: { keep: true } } } });

    const a = runCli(['extensions', 'link', 'exts/one'], { home, cwd: work });
    assert.equal(a.code, 0, a.stderr);
    assert.match(a.stdout, /Linked .*exts\/one \(dev source\)/);
    assert.match(a.stdout, /Extension "one" is unapproved/);
    assert.equal(runCli(['extensions', 'link', join(tmp.path, 'two')], { home, cwd: work }).code, 0);
    const again = runCli(['extensions', 'link', join(work, 'exts', 'one')], { home, cwd: work });
    assert.equal(again.code, 0);
    assert.match(again.stdout, /was already linked/);
    assert.deepEqual(paths(), [join(work, 'exts', 'one'), join(tmp.path, 'two')]);
    assert.deepEqual(readJson(join(home, 'config.json')).extensions.other, { keep: true });
    const names = runCliJson<ListEntry[]>(['extensions', 'list', '--json'], { home, cwd: work }).json.filter((e) => e.source === 'dev').map((e) => e.name).sort();
    assert.deepEqual(names, ['one', 'two']);

    const u = runCli(['extensions', 'unlink', './exts/one'], { home, cwd: work });
    assert.equal(u.code, 0, u.stderr);
    assert.deepEqual(paths(), [join(tmp.path, 'two')]);
    const notLinked = runCli(['extensions', 'unlink', join(work, 'exts', 'one')], { home, cwd: work });
    assert.equal(notLinked.code, 1);
    assert.match(notLinked.stderr, /is not linked\. Linked folders: .*two/);
    assert.equal(runCli(['extensions', 'unlink', join(tmp.path, 'two')], { home, cwd: work }).code, 0);
    assert.equal(paths(), undefined);
    assert.deepEqual(readJson(join(home, 'config.json')).extensions.other, { keep: true });

    // Linking a folder with no extension still records it, and says so.
    mkdirSync(join(tmp.path, 'empty'));
    const empty = runCli(['extensions', 'link', join(tmp.path, 'empty')], { home, cwd: work });
    assert.equal(empty.code, 0);
    assert.match(empty.stderr, /no extension was found in .*empty/);
  });
});
