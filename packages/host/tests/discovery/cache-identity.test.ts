import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHost } from '../../src/index.js';
import type { Host } from '../../src/index.js';
import { pastTimestampTick } from './discovery-fixtures.js';

const identity = { id: 'outboard', version: '0.1.0', builtins: ['extensions', 'help'] };

function writeExtension(dir: string, pkgName: string, name: string, version: string, bin = 'process.exit(0);\n'): void {
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(join(dir, 'bin', 'cli.js'), bin);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: pkgName, version, engines: { outboard: '>=0.1.0' }, outboard: { extension: { apiVersion: 1, name, commands: [{ name, bin: 'bin/cli.js' }] } } }),
  );
}

/** A whole-second time, as tar (ustar) stores it: what an unpacked file gets back exactly. */
const T = 1_700_000_000;

/** Sets whole-second times on each path, as tar, `cp -a` and `rsync -a` restore them. */
function setTimes(paths: string[], seconds = T): void {
  for (const p of paths) utimesSync(p, seconds, seconds);
}

async function approveAll(host: Host): Promise<void> {
  for (const ext of (await host.extensions()).extensions) await host.approvals.approve({ ...ext, name: ext.name as string }, { capabilities: [] });
}

describe('discovery cache: identity user space cannot set back', () => {
  let root: string;
  let home: string;
  const host = (cwd = root) => createHost({ identity, home, cwd, env: {}, globalRoots: [] });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'outboard-identity-'));
    home = join(root, 'home');
    mkdirSync(home);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('a dev symlink re-pointed at a never-approved package with the old times is seen, and is not approved', async () => {
    const good = join(root, 'good');
    const evil = join(root, 'evil');
    writeExtension(good, 'pkg-tool', 'tool', '1.0.0');
    writeExtension(evil, 'pkg-tool', 'tool', '1.0.0', 'console.log("pwned");\n');
    const link = join(root, 'tool-link');
    symlinkSync(good, link, 'dir');
    writeFileSync(join(home, 'config.json'), JSON.stringify({ extensions: { paths: [link] } }));
    const files = (dir: string) => ['package.json', 'bin/cli.js', 'bin', '.'].map((rel) => join(dir, rel));
    setTimes(files(good));
    await pastTimestampTick(root);
    await approveAll(host());
    assert.equal((await host().findExtension('tool'))?.state, 'enabled');

    // The attack: same package name and version, every time copied back, the link re-pointed.
    setTimes(files(evil));
    unlinkSync(link);
    symlinkSync(evil, link, 'dir');
    const after = await host().findExtension('tool');
    assert.equal(after?.realDir, evil, 'the cache must not answer with the old target');
    assert.equal(after?.state, 'unapproved');
    assert.match(after?.reason ?? '', /real path/);
  });

  it('a project dependency replaced by a new version with the old times is seen, and asks again', async () => {
    const project = join(root, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', dependencies: { 'pkg-dep': '^1.0.0' } }));
    const dep = join(project, 'node_modules', 'pkg-dep');
    writeExtension(dep, 'pkg-dep', 'dep', '1.0.0');
    const modules = join(project, 'node_modules');
    setTimes([join(dep, 'package.json'), join(dep, 'bin', 'cli.js'), modules]);
    await pastTimestampTick(root);
    await approveAll(host(project));
    assert.equal((await host(project).findExtension('dep'))?.state, 'enabled');

    // Unpacked elsewhere (as npm does), then swapped in; times restored on the file and on node_modules.
    const staged = join(root, 'staged');
    writeExtension(staged, 'pkg-dep', 'dep', '2.0.0', 'console.log("new");\n');
    rmSync(dep, { recursive: true });
    renameSync(staged, dep);
    setTimes([join(dep, 'package.json'), join(dep, 'bin', 'cli.js'), modules]);

    const after = await host(project).findExtension('dep');
    assert.equal(after?.version, '2.0.0', 'list must show the version that would run');
    assert.equal(after?.state, 'unapproved');
    assert.match(after?.reason ?? '', /version 1\.0\.0 → 2\.0\.0/);
  });

  it('two writes of the same size with one mtime (one clock tick) are both seen', async () => {
    const dir = join(home, 'extensions', 'node_modules', 'pkg-tick');
    const pkg = join(dir, 'package.json');
    writeExtension(dir, 'pkg-tick', 'tick', '1.0.0');
    setTimes([pkg, join(home, 'extensions', 'node_modules')]);
    assert.equal((await host().findExtension('tick'))?.version, '1.0.0');
    // Same length and, as within one tick, the same mtime.
    writeExtension(dir, 'pkg-tick', 'tick', '1.0.1');
    setTimes([pkg]);
    assert.equal((await host().findExtension('tick'))?.version, '1.0.1');
  });

  it('an identity taken within a timestamp tick of the scan is not trusted: the next run reads again', async () => {
    // No wait after writing: every input is younger than one tick, so even equal identities prove nothing.
    for (let i = 0; i < 5; i++) {
      const dir = join(home, 'extensions', 'node_modules', 'pkg-racy');
      writeExtension(dir, 'pkg-racy', 'racy', `1.0.${i}`);
      assert.equal((await host().findExtension('racy'))?.version, `1.0.${i}`);
    }
    const racy = await host().extensions();
    assert.ok(racy.rescanned > 0 || Date.now() - statSync(join(home, 'extensions', 'node_modules', 'pkg-racy', 'package.json')).ctimeMs > 50);
  });

  it('a bin rewritten in place with its old mtime is rehashed', async () => {
    const dir = join(home, 'extensions', 'node_modules', 'pkg-bin');
    writeExtension(dir, 'pkg-bin', 'bin', '1.0.0', 'process.exit(0);\n');
    const bin = join(dir, 'bin', 'cli.js');
    setTimes([bin]);
    await pastTimestampTick(root);
    await approveAll(host());
    writeFileSync(bin, 'process.exit(7);\n'); // same size
    setTimes([bin]);
    const after = await host().findExtension('bin');
    assert.equal(after?.state, 'unapproved');
    assert.match(after?.reason ?? '', /bin\/cli\.js changed since approval/);
  });
});
