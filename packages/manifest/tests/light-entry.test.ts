import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import {
  CAPABILITY_CATALOG,
  RESERVED_WORDS,
  SUPPORTED_API_VERSIONS,
  canonicalJson,
  extensionIdentity,
  formatJsonPath,
  formatProblem,
  isValidSlug,
  manifestHash,
  runnablePaths,
} from '../src/index.js';
import type { ExtensionManifest } from '../src/index.js';

describe('constants', () => {
  it('reserves the host namespaces and supports apiVersion 1', () => {
    assert.deepEqual([...RESERVED_WORDS], ['ext', 'x', 'hub', 'extensions', 'paths', 'api', 'config', 'help', 'version']);
    assert.deepEqual([...SUPPORTED_API_VERSIONS], [1]);
    assert.ok(Object.isFrozen(RESERVED_WORDS) && Object.isFrozen(SUPPORTED_API_VERSIONS));
  });
});

describe('isValidSlug', () => {
  it('accepts ^[a-z][a-z0-9-]{0,38}$ and nothing else', () => {
    for (const ok of ['a', 'git', 'git-tools', 'a1', `a${'b'.repeat(38)}`]) assert.ok(isValidSlug(ok), ok);
    for (const bad of ['', 'Git', '1git', '-git', 'git_tools', 'git tools', 'gït', `a${'b'.repeat(39)}`, 'git\n']) assert.ok(!isValidSlug(bad), JSON.stringify(bad));
  });
});

describe('extensionIdentity', () => {
  it('is publisher.name with a publisher, else the name', () => {
    assert.equal(extensionIdentity({ name: 'git', publisher: 'acme' }), 'acme.git');
    assert.equal(extensionIdentity({ name: 'git' }), 'git');
    assert.equal(extensionIdentity({ name: 'git', publisher: '' }), 'git');
  });
});

describe('manifestHash', () => {
  const pkg = { name: 'a', version: '1.0.0', engines: { outboard: '>=0.1.0', node: '>=20' }, outboard: { extension: { apiVersion: 1, name: 'git', commands: [{ name: 'git', bin: 'cli.js' }] } } };

  it('is the sha256 of the key-sorted { block, engines } JSON', () => {
    const expected = createHash('sha256')
      .update('{"block":{"apiVersion":1,"commands":[{"bin":"cli.js","name":"git"}],"name":"git"},"engines":">=0.1.0"}')
      .digest('hex');
    assert.equal(manifestHash(pkg, 'outboard'), expected);
  });

  it('ignores key order and the rest of package.json, but not the block, the range or array order', () => {
    const base = manifestHash(pkg, 'outboard');
    const reordered = JSON.parse('{"outboard":{"extension":{"commands":[{"bin":"cli.js","name":"git"}],"name":"git","apiVersion":1}},"engines":{"node":">=18","outboard":">=0.1.0"},"version":"9.9.9"}');
    assert.equal(manifestHash(reordered, 'outboard'), base);
    assert.notEqual(manifestHash({ ...pkg, engines: { outboard: '>=0.1.1' } }, 'outboard'), base);
    assert.notEqual(manifestHash({ ...pkg, outboard: { extension: { ...pkg.outboard.extension, name: 'git2' } } }, 'outboard'), base);
    const twoCommands = (a: string, b: string): unknown => ({ ...pkg, outboard: { extension: { apiVersion: 1, name: 'git', commands: [{ name: a }, { name: b }] } } });
    assert.notEqual(manifestHash(twoCommands('a', 'b'), 'outboard'), manifestHash(twoCommands('b', 'a'), 'outboard'));
  });

  it('uses the given host id and null for what is absent', () => {
    const nullHash = createHash('sha256').update('{"block":null,"engines":null}').digest('hex');
    assert.equal(manifestHash(pkg, 'ndx'), nullHash);
    assert.equal(manifestHash('not an object', 'outboard'), nullHash);
    assert.notEqual(manifestHash(pkg, 'outboard'), nullHash);
  });

  it('keeps a __proto__ key as data', () => {
    assert.equal(canonicalJson(JSON.parse('{"b":1,"__proto__":{"x":1}}')), '{"__proto__":{"x":1},"b":1}');
    assert.equal(canonicalJson(undefined), 'null');
  });
});

describe('runnablePaths', () => {
  const manifest: ExtensionManifest = {
    apiVersion: 1,
    name: 'git',
    commands: [{ name: 'git', bin: './bin/cli.js' }, { name: 'py', exec: ['python3', './tools/py.py', '--flag', './data/x.txt'] }],
    sidecar: { bin: 'bin/serve.js' },
    peer: { exec: ['./peer/run'] },
    configSchema: 'schema/config.json',
  };

  it('lists every package file with its JSON path, rooted at package.json when given the host id', () => {
    assert.deepEqual(runnablePaths(manifest, 'outboard'), [
      { path: '$.outboard.extension.commands[0].bin', file: 'bin/cli.js' },
      { path: '$.outboard.extension.commands[1].exec[1]', file: 'tools/py.py' },
      { path: '$.outboard.extension.commands[1].exec[3]', file: 'data/x.txt' },
      { path: '$.outboard.extension.sidecar.bin', file: 'bin/serve.js' },
      { path: '$.outboard.extension.peer.exec[0]', file: 'peer/run' },
      { path: '$.outboard.extension.configSchema', file: 'schema/config.json' },
    ]);
    assert.equal(runnablePaths(manifest)[0]?.path, '$.commands[0].bin');
  });

  it('renders each path as formatJsonPath does, for a host id that is not an identifier too', () => {
    assert.deepEqual(
      runnablePaths(manifest, 'my-host').map((p) => p.path),
      [['commands', 0, 'bin'], ['commands', 1, 'exec', 1], ['commands', 1, 'exec', 3], ['sidecar', 'bin'], ['peer', 'exec', 0], ['configSchema']].map((s) => formatJsonPath(['my-host', 'extension', ...s])),
    );
    assert.equal(runnablePaths(manifest, 'my-host')[0]?.path, '$["my-host"].extension.commands[0].bin');
  });

  it('skips paths that are not inside the package and tolerates any shape', () => {
    const odd = { apiVersion: 2, name: 'x', commands: [null, 5, { bin: '../x.js' }, { bin: '/abs.js', exec: 'a b' }], sidecar: [], peer: { exec: [1, './ok.py'] }, configSchema: 7 };
    assert.deepEqual(runnablePaths(odd as unknown as ExtensionManifest), [{ path: '$.peer.exec[1]', file: 'ok.py' }]);
    assert.deepEqual(runnablePaths(null as unknown as ExtensionManifest), []);
  });
});

describe('formatProblem', () => {
  it('prints <pkg>: <path>: <message> [<rule>] — fix: <fix>', () => {
    const line = formatProblem({ packageName: '@a/b', path: '$.outboard.extension.name', rule: 'name.slug', message: 'bad name.', fix: 'rename it.' });
    assert.equal(line, '@a/b: $.outboard.extension.name: bad name. [name.slug] — fix: rename it.');
  });
});

describe('CAPABILITY_CATALOG', () => {
  it('has the DESIGN capabilities, each once and fully described', () => {
    const names = CAPABILITY_CATALOG.map((c) => c.name);
    for (const required of ['projects.read', 'projects.observe', 'projects.register', 'events.subscribe', 'events.publish', 'rpc.call', 'ui.status.contribute', 'ui.action.contribute', 'ui.notification', 'storage.private', 'storage.project', 'hub.request']) {
      assert.ok(names.includes(required), required);
    }
    assert.equal(new Set(names).size, names.length);
    for (const c of CAPABILITY_CATALOG) {
      assert.ok(['global', 'project'].includes(c.scope) && ['read', 'mutate'].includes(c.access) && c.description.endsWith('.'), c.name);
      assert.ok(!c.sensitive || c.needsApproval, `${c.name}: a sensitive capability is asked for separately`);
      assert.ok(Object.isFrozen(c));
    }
  });
});
