// The cache leaves out fields that hold their usual value (source, status, name, packageName): what a warm
// discovery rebuilds from it must be exactly what the cold scan found, for every kind of record.
import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHost } from '../../src/index.js';
import { pastTimestampTick } from './discovery-fixtures.js';

const identity = { id: 'outboard', version: '0.1.0', builtins: ['extensions', 'help'] };

function writePackage(dir: string, pkg: unknown, bin = true): void {
  mkdirSync(join(dir, 'bin'), { recursive: true });
  if (bin) writeFileSync(join(dir, 'bin', 'cli.js'), '');
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
}

const block = (name: string, extra: Record<string, unknown> = {}) => ({ apiVersion: 1, name, commands: [{ name, bin: 'bin/cli.js' }], ...extra });

describe('discovery cache round trip', () => {
  let root: string;
  let home: string;
  const host = () => createHost({ identity, home, cwd: root, env: {}, globalRoots: [] });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'outboard-cache-rt-'));
    home = join(root, 'home');
    const mods = join(home, 'extensions', 'node_modules');
    const engines = { outboard: '>=0.1.0' };
    writePackage(join(mods, 'plain'), { name: 'plain', version: '1.0.0', engines, outboard: { extension: block('plain') } });
    writePackage(join(mods, 'folder-differs'), { name: 'pkg-other', version: '2.0.0', engines, outboard: { extension: block('other') } });
    writePackage(join(mods, '@scope', 'tool'), { name: '@scope/tool', version: '1.0.0', engines, outboard: { extension: block('tool') } });
    writePackage(join(mods, 'bad-name'), { name: 'bad-name', version: '1.0.0', engines, outboard: { extension: block('Bad Name') } });
    writePackage(join(mods, 'not-object'), { name: 'not-object', version: '1.0.0', engines, outboard: { extension: 'nope' } });
    writePackage(join(mods, 'unnamed'), { version: '1.0.0', engines, outboard: { extension: block('unnamed') } });
    writePackage(join(mods, 'future'), { name: 'future', version: '1.0.0', engines: { outboard: '>=9.0.0' }, outboard: { extension: block('future') } });
    writePackage(join(mods, 'api-two'), { name: 'api-two', version: '1.0.0', engines, outboard: { extension: { ...block('api-two'), apiVersion: 2 } } });
    writePackage(join(mods, 'no-bin'), { name: 'no-bin', version: '1.0.0', engines, outboard: { extension: block('no-bin') } }, false);
    writePackage(join(mods, 'no-schema'), { name: 'no-schema', version: '1.0.0', engines, outboard: { extension: block('no-schema', { configSchema: 'schema.json' }) } });
    writePackage(join(mods, 'loads'), { name: 'loads', version: '1.0.0', type: 'module', main: './x.js', engines, outboard: { extension: block('loads') } });
    mkdirSync(join(mods, 'broken'), { recursive: true });
    writeFileSync(join(mods, 'broken', 'package.json'), '{ nope');
    const dev = join(root, 'dev-ext');
    writePackage(dev, { name: 'dev-ext', version: '0.0.1', engines, outboard: { extension: block('dev-ext') } });
    writeFileSync(join(home, 'config.json'), JSON.stringify({ extensions: { paths: [dev] } }));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('rebuilds every record and diagnostic exactly as the cold scan found them', async () => {
    await pastTimestampTick(root);
    const cold = await host().extensions();
    assert.ok(cold.rescanned > 0);
    assert.equal(cold.extensions.length, 12, cold.extensions.map((e) => e.key).join(' '));
    const warm = await host().extensions();
    assert.equal(warm.rescanned, 0, 'the warm discovery came from the cache');
    // checkedAt is when each discovery looked (in memory only), so it differs by design.
    const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (k, x: unknown) => (k === 'checkedAt' ? undefined : x)));
    assert.deepEqual(plain(warm.extensions), plain(cold.extensions));
    assert.deepEqual(plain(warm.diagnostics), plain(cold.diagnostics));
    // Sanity: the kinds the test means to cover are there.
    const byKey = new Map(cold.extensions.map((e) => [e.key, e]));
    assert.equal(byKey.get('other')?.packageName, 'pkg-other');
    assert.equal(byKey.get('tool')?.packageName, '@scope/tool');
    assert.equal(byKey.get('future')?.state, 'incompatible');
    assert.equal(byKey.get('Bad Name')?.state, 'invalid');
    assert.equal(byKey.get('not-object')?.name, undefined);
    assert.equal(byKey.get('unnamed')?.packageName, '<unnamed package>');
    assert.equal(byKey.get('no-schema')?.state, 'invalid');
    assert.equal(byKey.get('no-schema')?.name, 'no-schema');
    assert.equal(byKey.get('dev-ext')?.source, 'dev');
    const cache = readFileSync(join(home, 'extensions.json'), 'utf8');
    assert.doesNotMatch(cache, /"source":"user"/, 'the section kind is not repeated per record');
  });
});
