// OUTBOARD_BIN re-enters the same install: the workspaces are packed with `npm pack` and installed (a) globally
// into a temporary prefix and (b) into a temporary project, and each install's extension runs that install
// again. Each installed CLI gets a version stamp of its own, so output can only have come from that install.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { REPO_ROOT, tempDir } from './lib/fixture-home.js';
import type { OutboardInstall } from './lib/install-outboard.js';
import { installGlobal, installIntoProject, packFolder, packWorkspaces } from './lib/install-outboard.js';
import type { ExtensionListEntry } from '@outboard/host';

const FIXTURES = join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'dispatch');

/** One entry of `extensions list --json`: the host's own type, so the tests read only fields it has. */
type ListEntry = ExtensionListEntry;

/** Every file path named in a package.json `exports` value (conditions and subpaths, recursively). */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(exportTargets);
  return [];
}

/** Runs an installed CLI (its main.js with this Node, or its npm bin link) with its own home. */
function runInstalled(argv: string[], home: string, cwd: string): { status: number | null; stdout: string; stderr: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1' };
  for (const k of Object.keys(env)) if (k.startsWith('OUTBOARD_') && k !== 'OUTBOARD_HOME') delete env[k];
  const r = spawnSync(argv[0] as string, argv.slice(1), { cwd, env, encoding: 'utf8', timeout: 30_000 });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Gives an installed CLI a version of its own (its package.json is the identity's source). */
function stampVersion(install: OutboardInstall, version: string): void {
  const file = join(install.packageDir, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
  writeFileSync(file, `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
}

/** Checks one install end to end: approval, dispatch, OUTBOARD_BIN, and a nested run of the same install. */
function checkInstall(install: OutboardInstall, opts: { home: string; cwd: string; version: string; source: string }): void {
  const { home, cwd, version, source } = opts;
  const cli = [process.execPath, install.main];
  assert.equal(runInstalled([install.bin, '--version'], home, cwd).stdout, `${version}\n`, 'the bin link npm made runs this install');

  const list = runInstalled([...cli, 'extensions', 'list', '--json'], home, cwd);
  assert.equal(list.status, 0, list.stderr);
  const probe = (JSON.parse(list.stdout) as ListEntry[]).find((e) => e.name === 'probe');
  assert.equal(probe?.source, source, `found by this install's own discovery: ${list.stdout}`);
  assert.ok(realpathSync(probe?.path ?? '').startsWith(realpathSync(install.root) + sep), `${probe?.path} is inside ${install.root}`);

  const enable = runInstalled([...cli, 'extensions', 'enable', 'probe', '--yes'], home, cwd);
  assert.equal(enable.status, 0, enable.stderr);

  const nested = runInstalled([...cli, 'probe-nest', 'extensions', 'list', '--json'], home, cwd);
  assert.equal(nested.status, 0, nested.stderr);
  const { outer, innerStatus, inner } = JSON.parse(nested.stdout) as { outer: Record<string, string>; innerStatus: number; inner: string };
  assert.equal(outer.OUTBOARD_BIN, install.main, 'OUTBOARD_BIN is this install\'s CLI entry');
  assert.equal(outer.OUTBOARD_VERSION, version);
  assert.equal(innerStatus, 0);
  const innerList = JSON.parse(inner) as ListEntry[];
  assert.deepEqual(innerList.find((e) => e.name === 'probe'), { ...probe, state: 'enabled', reason: '', fix: null }, 'the nested run sees what this install sees');

  const version2 = runInstalled([...cli, 'probe-nest', '--version'], home, cwd);
  assert.equal((JSON.parse(version2.stdout) as { inner: string }).inner, `${version}\n`, 'the nested run is this install (its own version stamp)');
}

describe('installed with npm, OUTBOARD_BIN re-enters the same install', { timeout: 150_000 }, () => {
  const tmp = tempDir('outboard-install-');
  let tarballs: string[] = [];
  let probeTarball = '';

  before(() => {
    tarballs = packWorkspaces(join(tmp.path, 'tarballs'));
    const probeSrc = join(tmp.path, 'probe-src');
    cpSync(join(FIXTURES, 'probe'), probeSrc, { recursive: true });
    probeTarball = packFolder(probeSrc, join(tmp.path, 'tarballs'));
  });
  after(() => tmp.cleanup());

  it('packs every file the CLI needs at run time: each entry, export and bin of each package', () => {
    assert.ok(tarballs.some((t) => t.includes('outboard-cli-')) && tarballs.some((t) => t.includes('outboard-host-')) && tarballs.some((t) => t.includes('outboard-manifest-')), tarballs.join(', '));
    for (const tarball of tarballs) {
      const files = new Set(spawnSync('tar', ['tzf', tarball], { encoding: 'utf8' }).stdout.split('\n'));
      const pkg = JSON.parse(spawnSync('tar', ['xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }).stdout) as { main?: string; bin?: Record<string, string>; exports?: unknown };
      const targets = [pkg.main, ...Object.values(pkg.bin ?? {}), ...exportTargets(pkg.exports)].filter((t): t is string => typeof t === 'string');
      assert.ok(targets.length > 0, tarball);
      for (const target of targets) assert.ok(files.has(`package/${target.replace(/^\.\//, '')}`), `${tarball} lacks ${target}`);
      assert.ok(![...files].some((f) => f.startsWith('package/dist/tests/') || f.startsWith('package/src/')), `${tarball}: no tests or sources shipped`);
    }
  });

  it('a global install (npm install -g --prefix): its extension, found in the same global root, runs it again', () => {
    const prefix = join(tmp.path, 'prefix');
    const install = installGlobal(prefix, [...tarballs, probeTarball]);
    assert.ok(existsSync(install.main), install.main);
    stampVersion(install, '0.1.1');
    checkInstall(install, { home: join(tmp.path, 'home-global'), cwd: tmp.path, version: '0.1.1', source: 'global' });
  });

  it('a project install (npm install in a project): its extension, a project dependency, runs it again', () => {
    const project = join(tmp.path, 'project');
    const install = installIntoProject(project, [...tarballs, probeTarball]);
    assert.ok(existsSync(install.main), install.main);
    stampVersion(install, '0.1.2');
    checkInstall(install, { home: join(tmp.path, 'home-project'), cwd: project, version: '0.1.2', source: 'project' });
  });
});
