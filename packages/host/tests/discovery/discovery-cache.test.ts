import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHost } from '../../src/index.js';
import { pastTimestampTick } from './discovery-fixtures.js';

const identity = { id: 'outboard', version: '0.1.0', builtins: ['extensions', 'help'] };

function writeExtension(dir: string, name: string, version = '1.0.0'): void {
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(join(dir, 'bin', 'cli.js'), '');
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: `pkg-${name}`, version, engines: { outboard: '>=0.1.0' }, outboard: { extension: { apiVersion: 1, name, commands: [{ name, bin: 'bin/cli.js' }] } } }),
  );
}

/** Moves a file's mtime forward so the change is seen even within the filesystem's timestamp granularity. */
function touchLater(path: string, seconds = 5): void {
  const later = new Date(Date.now() + seconds * 1000);
  utimesSync(path, later, later);
}

describe('discovery cache', () => {
  let root: string;
  let home: string;
  let mods: string;
  const host = () => createHost({ identity, home, cwd: root, env: {}, globalRoots: [] });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'outboard-cache-'));
    home = join(root, 'home');
    mods = join(home, 'extensions', 'node_modules');
    writeExtension(join(mods, 'pkg-one'), 'one');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('scans cold, then answers from the cache without rescanning', async () => {
    await pastTimestampTick(root);
    const cold = await host().extensions();
    assert.ok(cold.rescanned > 0);
    assert.deepEqual(cold.extensions.map((e) => e.key), ['one']);
    const cache = JSON.parse(readFileSync(join(home, 'extensions.json'), 'utf8')) as { sections: Record<string, unknown> };
    assert.ok(cache.sections.user, 'the user section is cached');
    const warm = await host().extensions();
    assert.equal(warm.rescanned, 0);
    assert.deepEqual(warm.extensions.map((e) => e.key), ['one']);
  });

  it('rescans when a package is added to a source folder', async () => {
    await host().extensions();
    writeExtension(join(mods, 'pkg-two'), 'two');
    touchLater(mods);
    const next = await host().extensions();
    assert.equal(next.rescanned, 1);
    assert.deepEqual(next.extensions.map((e) => e.key), ['one', 'two']);
  });

  it('rescans when a found package.json changes', async () => {
    await host().extensions();
    writeExtension(join(mods, 'pkg-one'), 'one', '1.1.0');
    touchLater(join(mods, 'pkg-one', 'package.json'));
    const next = await host().extensions();
    assert.equal(next.rescanned, 1);
    assert.equal(next.extensions[0]?.version, '1.1.0');
  });

  it('sees an edit to a symlinked package, which moves no folder', async () => {
    const target = join(root, 'linked-src');
    writeExtension(target, 'linked');
    symlinkSync(target, join(mods, 'pkg-linked'), 'dir');
    const first = await host().extensions();
    assert.equal(first.extensions.find((e) => e.key === 'linked')?.version, '1.0.0');
    const modsMtime = readFileSync(join(home, 'extensions.json'), 'utf8');
    writeExtension(target, 'linked', '2.0.0');
    touchLater(join(target, 'package.json'));
    const next = await host().extensions();
    assert.equal(next.rescanned, 1);
    assert.equal(next.extensions.find((e) => e.key === 'linked')?.version, '2.0.0');
    assert.notEqual(readFileSync(join(home, 'extensions.json'), 'utf8'), modsMtime);
  });

  it('rescans when the host version changes, and treats a corrupt cache as empty', async () => {
    await host().extensions();
    const other = await createHost({ identity: { ...identity, version: '0.2.0' }, home, cwd: root, env: {}, globalRoots: [] }).extensions();
    assert.ok(other.rescanned > 0);
    writeFileSync(join(home, 'extensions.json'), '{ not json');
    const again = await host().extensions();
    assert.ok(again.rescanned > 0);
    assert.deepEqual(again.extensions.map((e) => e.key), ['one']);
  });

  it('picks up dev paths from the user config', async () => {
    const dev = join(root, 'dev');
    writeExtension(dev, 'devext');
    writeFileSync(join(home, 'config.json'), JSON.stringify({ extensions: { paths: [dev] } }));
    const found = await host().extensions();
    assert.equal(found.extensions.find((e) => e.key === 'devext')?.source, 'dev');
  });
});

describe('precedence and conflicts', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'outboard-prec-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('marks two different packages claiming one name as conflict, naming both paths', async () => {
    const home = join(root, 'home');
    const a = join(home, 'extensions', 'node_modules', 'pkg-a');
    writeExtension(a, 'same');
    writeFileSync(join(a, 'package.json'), readFileSync(join(a, 'package.json'), 'utf8').replace('pkg-same', 'pkg-a'));
    const b = join(root, 'dev-b');
    writeExtension(b, 'same');
    writeFileSync(join(home, 'config.json'), JSON.stringify({ extensions: { paths: [b] } }));
    const { extensions } = await createHost({ identity, home, cwd: root, env: {}, globalRoots: [] }).extensions();
    assert.equal(extensions.length, 2);
    for (const e of extensions) {
      assert.equal(e.state, 'conflict');
      assert.ok(e.reason.includes(a) && e.reason.includes(b), e.reason);
    }
  });

  it('searches a global root below the user source', async () => {
    const home = join(root, 'home');
    const globalRoot = join(root, 'global', 'lib', 'node_modules');
    writeExtension(join(globalRoot, 'pkg-g'), 'g', '3.0.0');
    writeExtension(join(home, 'extensions', 'node_modules', 'pkg-g'), 'g', '1.0.0');
    const { extensions } = await createHost({ identity, home, cwd: root, env: {}, globalRoots: [globalRoot] }).extensions();
    assert.equal(extensions.length, 1);
    assert.equal(extensions[0]?.source, 'user');
    assert.deepEqual(extensions[0]?.shadowed.map((s) => [s.source, s.version]), [['global', '3.0.0']]);
  });
});
