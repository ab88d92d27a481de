import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHost } from '../../src/index.js';

const identity = { id: 'outboard', version: '0.1.0', builtins: ['extensions', 'help'] };

/** Writes a package whose manifest names `commands` (name → bin) and optionally a configSchema. */
function writePackage(dir: string, name: string, commands: Record<string, string>, extra: Record<string, unknown> = {}, topLevel: Record<string, unknown> = {}): void {
  mkdirSync(dir, { recursive: true });
  const block = { apiVersion: 1, name, commands: Object.entries(commands).map(([command, bin]) => ({ name: command, bin })), ...extra };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', engines: { outboard: '>=0.1.0' }, outboard: { extension: block }, ...topLevel }));
}

function writeFile(path: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/usr/bin/env node\n');
}

describe('discovery: the files a manifest names, checked on disk', () => {
  let root: string;
  let mods: string;
  let outside: string;
  const discover = async () => {
    const home = join(root, 'home');
    const found = await createHost({ identity, home, cwd: root, env: {}, globalRoots: [] }).extensions();
    return (name: string) => {
      const ext = found.extensions.find((e) => e.name === name || e.packageName === name);
      assert.ok(ext, `${name} was not discovered`);
      return ext;
    };
  };
  const rules = (ext: { problems: ReadonlyArray<{ rule: string }>; warnings: ReadonlyArray<{ rule: string }> }) => ({
    problems: ext.problems.map((p) => p.rule),
    warnings: ext.warnings.map((p) => p.rule),
  });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'outboard-files-'));
    mods = join(root, 'home', 'extensions', 'node_modules');
    outside = join(root, 'elsewhere');
    writeFile(join(outside, 'cli.js'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('accepts bins inside the package, several in one folder, and a folder linked to another inside it', async () => {
    writePackage(join(mods, 'plain'), 'plain', { plain: 'bin/cli.js', 'plain-two': './bin/two.js', 'plain-top': 'top.js' });
    writeFile(join(mods, 'plain', 'bin', 'cli.js'));
    writeFile(join(mods, 'plain', 'bin', 'two.js'));
    writeFile(join(mods, 'plain', 'top.js'));
    writePackage(join(mods, 'inner-link'), 'inner-link', { 'inner-link': 'bin/cli.js' });
    writeFile(join(mods, 'inner-link', 'lib', 'cli.js'));
    symlinkSync(join(mods, 'inner-link', 'lib'), join(mods, 'inner-link', 'bin'), 'dir');
    const find = await discover();
    for (const name of ['plain', 'inner-link']) {
      const ext = find(name);
      assert.notEqual(ext.status, 'invalid', name);
      assert.ok(ext.manifest, `${name} keeps its manifest`);
      assert.deepEqual(rules(ext), { problems: [], warnings: [] });
    }
  });

  it('refuses a bin reached through a linked folder or a linked file that leads out of the package', async () => {
    writePackage(join(mods, 'dir-escape'), 'dir-escape', { 'dir-escape': 'bin/cli.js', 'dir-escape-two': 'bin/cli.js' });
    symlinkSync(outside, join(mods, 'dir-escape', 'bin'), 'dir');
    writePackage(join(mods, 'file-escape'), 'file-escape', { 'file-escape': 'bin/cli.js' });
    mkdirSync(join(mods, 'file-escape', 'bin'));
    symlinkSync(join(outside, 'cli.js'), join(mods, 'file-escape', 'bin', 'cli.js'));
    const find = await discover();
    const dir = find('dir-escape');
    assert.equal(dir.manifest, undefined);
    assert.deepEqual(rules(dir).problems, ['path.symlink-escape', 'path.symlink-escape']);
    assert.match(dir.problems[0]?.message ?? '', /resolves through a symlink to .*elsewhere.*outside the package/);
    const file = find('file-escape');
    assert.equal(file.manifest, undefined);
    assert.deepEqual(rules(file).problems, ['path.symlink-escape']);
  });

  it('warns of a missing or non-file bin, and refuses a missing configSchema', async () => {
    writePackage(join(mods, 'missing'), 'missing', { missing: 'bin/cli.js', 'missing-dir': 'bin/sub.js', 'missing-link': 'bin/dangling.js' });
    mkdirSync(join(mods, 'missing', 'bin', 'sub.js'), { recursive: true });
    symlinkSync(join(root, 'nowhere.js'), join(mods, 'missing', 'bin', 'dangling.js'));
    writePackage(join(mods, 'no-schema'), 'no-schema', { 'no-schema': 'cli.js' }, { configSchema: 'schema.json' });
    writeFile(join(mods, 'no-schema', 'cli.js'));
    const find = await discover();
    const missing = find('missing');
    assert.ok(missing.manifest, 'a missing bin is a warning, not an invalid manifest');
    assert.deepEqual(rules(missing).warnings, ['file.missing', 'file.not-a-file', 'file.missing']);
    const noSchema = find('no-schema');
    assert.equal(noSchema.manifest, undefined);
    assert.deepEqual(rules(noSchema).problems, ['configSchema.missing']);
  });

  it('scans many packages, one package.json of over a megabyte among them, and reports the one it cannot parse', async () => {
    const names = Array.from({ length: 150 }, (_, i) => `many-${String(i).padStart(3, '0')}`);
    for (const [i, name] of names.entries()) {
      writePackage(join(mods, name), name, { [name]: 'cli.js' }, {}, i === 70 ? { readme: 'x'.repeat(1200 * 1024) } : {});
      writeFile(join(mods, name, 'cli.js'));
    }
    writePackage(join(mods, 'many-broken'), 'many-broken', {});
    writeFileSync(join(mods, 'many-broken', 'package.json'), '{ not json');
    const home = join(root, 'home');
    const found = await createHost({ identity, home, cwd: root, env: {}, globalRoots: [] }).extensions();
    const seen = found.extensions.map((e) => e.packageName).filter((n) => n.startsWith('many-'));
    assert.deepEqual([...seen].sort(), names);
    for (const name of names) {
      const ext = found.extensions.find((e) => e.packageName === name);
      assert.ok(ext, `${name} was not discovered`);
      assert.deepEqual(ext.warnings, [], name);
    }
    assert.ok(found.diagnostics.some((d) => d.rule === 'package-json.syntax' && d.path.includes('many-broken')));
  });
});
