// The scaffold's templates: every combination of parts gives a manifest the validator accepts, for the
// reference host and for another identity, and the files the manifest names are among those written.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, it } from 'node:test';
import { checkPackageJson } from '@outboard/manifest/validate';
import { runnablePaths } from '@outboard/manifest';
import type { ExtensionManifest } from '@outboard/manifest';
import { createExtension, MANIFEST_SCHEMA_PATH, SDK_RANGE, scaffoldFiles, scaffoldPackageJson } from '../../src/scaffold/index.js';
import type { ScaffoldOptions } from '../../src/scaffold/index.js';
import { resolveHostIdentity } from '../../src/identity/host-identity.js';
import { isOutboardError } from '../../src/errors/index.js';

const PARTS: ReadonlyArray<Partial<ScaffoldOptions>> = [
  {},
  { peer: true },
  { python: true },
  { sidecar: true },
  { peer: true, sidecar: true },
  { python: true, sidecar: true },
];

function options(parts: Partial<ScaffoldOptions>, hostId = 'outboard'): ScaffoldOptions {
  return { name: 'demo', hostId, hostVersion: '0.1.0', envPrefix: hostId.toUpperCase(), peer: false, python: false, sidecar: false, ...parts };
}

describe('scaffold templates', () => {
  for (const parts of PARTS) {
    for (const hostId of ['outboard', 'ndx']) {
      it(`${hostId} ${JSON.stringify(parts)}: a valid manifest whose files are all written`, () => {
        const o = options(parts, hostId);
        const pkg = scaffoldPackageJson(o);
        const result = checkPackageJson(pkg, { hostId, hostVersion: '0.1.0', reservedNames: ['build'] });
        assert.equal(result.kind, 'valid', JSON.stringify(result));
        const files = scaffoldFiles(o);
        const paths = files.map((f) => f.path);
        assert.equal(new Set(paths).size, paths.length, 'no file written twice');
        assert.deepEqual(paths.slice(0, 2), ['package.json', 'README.md']);
        const manifest = (result as { manifest: ExtensionManifest }).manifest;
        for (const runnable of runnablePaths(manifest)) assert.ok(paths.includes(runnable.file), `${runnable.file} is written`);
        if (manifest.configSchema) assert.ok(paths.includes(manifest.configSchema));
        assert.ok(paths.some((p) => p.startsWith('test/') && p.endsWith('.test.js')), 'a test runnable with node --test');
        // Nothing of another host's names leaks into a template.
        if (hostId !== 'outboard') for (const f of files) assert.doesNotMatch(f.content, /OUTBOARD_|x-outboard-|outboard (extensions|actions)/, f.path);
        assert.equal(!!manifest.commands, !parts.peer && !parts.python && !parts.sidecar, 'a command only when no other part is asked for');
      });
    }
  }
});

const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(join(REPO, path), 'utf8')) as Record<string, unknown>;

describe('the scaffold builds on the platform packages', () => {
  it('$schema is the schema file of the installed @outboard/manifest (a relative path, no URL), and that package ships it', () => {
    for (const parts of PARTS) {
      const pkg = scaffoldPackageJson(options(parts)) as { outboard: { extension: { $schema: string } }; dependencies?: object; devDependencies?: object };
      assert.equal(pkg.outboard.extension.$schema, MANIFEST_SCHEMA_PATH);
      // What installs @outboard/manifest into node_modules: the SDK (which depends on it), or the manifest itself.
      const installs = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
      assert.ok(installs.includes('@outboard/sdk') || installs.includes('@outboard/manifest'), JSON.stringify(pkg));
    }
    const match = /^\.\/node_modules\/@outboard\/manifest\/(.+)$/.exec(MANIFEST_SCHEMA_PATH);
    assert.ok(match?.[1], MANIFEST_SCHEMA_PATH);
    assert.ok(existsSync(join(REPO, 'packages', 'manifest', match[1])), `packages/manifest/${match[1]} exists`);
    const files = readJson('packages/manifest/package.json').files as string[];
    assert.ok(files.some((f) => match[1]?.startsWith(`${f}/`)), `package.json#files of @outboard/manifest ships ${match[1]}`);
  });

  it('depends on a range the workspace versions of @outboard/sdk and @outboard/manifest satisfy', () => {
    for (const name of ['sdk', 'manifest']) assert.ok(semver.satisfies(readJson(`packages/${name}/package.json`).version as string, SDK_RANGE), name);
  });

  it('a Node peer is written on runPeer and a sidecar on serveSidecar, never on a hand-rolled wire or server', () => {
    const files = scaffoldFiles(options({ peer: true, sidecar: true }));
    const peer = files.find((f) => f.path === 'peer.js')?.content ?? '';
    const sidecar = files.find((f) => f.path === 'sidecar.js')?.content ?? '';
    assert.match(peer, /import \{ runPeer \} from '@outboard\/sdk';/);
    assert.match(sidecar, /import \{ serveSidecar, sidecarBasePath \} from '@outboard\/sdk';/);
    assert.doesNotMatch(peer, /jsonrpc|readline/);
    assert.doesNotMatch(sidecar, /node:http|timingSafeEqual/);
  });

  it("a Python peer is written on the Python example's wire and runtime modules, copied as they are", () => {
    const files = scaffoldFiles(options({ python: true }));
    for (const name of ['outboard_wire.py', 'outboard_peer.py']) {
      const copy = files.find((f) => f.path === name)?.content;
      assert.equal(copy, readFileSync(join(REPO, 'examples', 'python-peer', name), 'utf8'), `${name} differs from the example's: run \`node scripts/embed-python-runtime.mjs\``);
    }
    assert.match(files.find((f) => f.path === 'peer.py')?.content ?? '', /^from outboard_peer import PeerBase$/m);
  });
});

describe('createExtension', () => {
  const identity = resolveHostIdentity({ id: 'outboard', version: '0.1.0', builtins: ['status'] });

  it('writes the files into a new folder, and refuses names and used folders before writing anything', async () => {
    const root = mkdtempSync(join(tmpdir(), 'scaffold-'));
    try {
      const made = await createExtension({ identity, name: 'demo', dir: join(root, 'demo') });
      assert.deepEqual(readdirSync(join(root, 'demo')).sort(), ['README.md', 'bin', 'package.json', 'schema', 'test']);
      assert.ok(made.files.includes('bin/demo.js'));
      for (const [name, code] of [['Demo', 'SCAFFOLD_NAME_INVALID'], ['status', 'SCAFFOLD_NAME_INVALID'], ['x', 'SCAFFOLD_NAME_INVALID'], ['demo', 'SCAFFOLD_TARGET_NOT_EMPTY']] as const) {
        await assert.rejects(createExtension({ identity, name, dir: join(root, 'demo') }), (e: unknown) => isOutboardError(e) && e.code === code && !!e.hint);
      }
      mkdirSync(join(root, 'used'));
      writeFileSync(join(root, 'used', 'x'), '');
      await assert.rejects(createExtension({ identity, name: 'fine', dir: join(root, 'used') }), (e: unknown) => isOutboardError(e) && e.code === 'SCAFFOLD_TARGET_NOT_EMPTY');
      assert.deepEqual(readdirSync(join(root, 'used')), ['x']);
      // A file where a parent folder should be: the folder cannot be made.
      await assert.rejects(createExtension({ identity, name: 'fine', dir: join(root, 'used', 'x', 'fine') }), (e: unknown) => isOutboardError(e) && e.code === 'SCAFFOLD_WRITE_FAILED');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
