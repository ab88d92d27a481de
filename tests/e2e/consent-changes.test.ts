import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, runCliJson, tempDir, writeExtension, writeFiles } from './lib/fixture-home.js';
import type { ExtensionListEntry } from '@outboard/host';

/** One entry of `extensions list --json`: the host's own type, so the tests read only fields it has. */
type ListEntry = ExtensionListEntry;

interface StoredApproval {
  version: string;
  source: string;
  realPath: string;
  manifestHash: string;
  enginesRange: string | null;
}

/** One scenario: a home, a neutral working folder (a project with no extensions), and helpers. */
function scenario(root: string, label: string) {
  const base = join(root, label);
  const home = join(base, 'home');
  const cwd = join(base, 'work');
  writeFiles(cwd, { 'package.json': { name: 'work', private: true } });
  const cli = (args: string[], at = cwd) => runCli(args, { home, cwd: at });
  const entry = (name: string, at = cwd): ListEntry => {
    const r = runCliJson<ListEntry[]>(['extensions', 'list', '--json'], { home, cwd: at });
    const e = r.json.find((x) => x.name === name);
    assert.ok(e, `${name} is listed`);
    return e;
  };
  const approve = (name: string, at = cwd) => {
    const r = cli(['extensions', 'enable', name, '--yes'], at);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`^Approved and enabled ${name} `));
  };
  return { base, home, cwd, cli, entry, approve };
}

function editPackageJson(dir: string, edit: (pkg: Record<string, any>) => void): void {
  const file = join(dir, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, any>;
  edit(pkg);
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
}

/** The extension is unapproved again, its reason names exactly what changed, and the command refuses to run. */
function assertAsksAgain(s: ReturnType<typeof scenario>, name: string, reason: RegExp, notInReason: RegExp[] = []): void {
  const e = s.entry(name);
  assert.equal(e.state, 'unapproved', JSON.stringify(e));
  assert.match(e.reason, /^changed since it was approved: /);
  assert.match(e.reason, reason);
  for (const n of notInReason) assert.doesNotMatch(e.reason, n);
  assert.equal(e.fix, `outboard extensions enable ${name}`);
  const run = s.cli([name]);
  assert.equal(run.code, 2, run.stderr);
  assert.equal(run.stdout, '');
  // Approving the new copy makes it run again.
  s.approve(name);
  assert.equal(s.cli([name]).code, 0);
}

describe('a change to what was approved asks again', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());

  it('an edit of the manifest block', () => {
    const s = scenario(tmp.path, 'block');
    const dir = writeExtension(join(s.home, 'extensions', 'node_modules', 'outboard-ext-blk'), { name: 'blk' });
    s.approve('blk');
    editPackageJson(dir, (pkg) => {
      pkg.outboard.extension.capabilities = { required: ['projects.read'] };
    });
    assertAsksAgain(s, 'blk', /manifest block changed/, [/version/, /source/, /real path/, /engines/]);
  });

  it('an edit of the engines range', () => {
    const s = scenario(tmp.path, 'engines');
    const dir = writeExtension(join(s.home, 'extensions', 'node_modules', 'outboard-ext-eng'), { name: 'eng', engines: '>=0.1.0' });
    s.approve('eng');
    editPackageJson(dir, (pkg) => {
      pkg.engines.outboard = '>=0.0.1';
    });
    assertAsksAgain(s, 'eng', /engines range >=0\.1\.0 → >=0\.0\.1/, [/manifest block/, /version/, /real path/]);
  });

  it('a version bump', () => {
    const s = scenario(tmp.path, 'version');
    const dir = writeExtension(join(s.home, 'extensions', 'node_modules', 'outboard-ext-ver'), { name: 'ver', version: '1.0.0' });
    s.approve('ver');
    editPackageJson(dir, (pkg) => {
      pkg.version = '1.0.1';
    });
    assertAsksAgain(s, 'ver', /version 1\.0\.0 → 1\.0\.1/, [/manifest block/, /real path/, /source/]);
  });

  it('the same package moved, so its real path changes', () => {
    const s = scenario(tmp.path, 'moved');
    const first = join(s.base, 'checkouts', 'a');
    const second = join(s.base, 'checkouts', 'b');
    writeExtension(first, { name: 'mov' });
    const link = join(s.home, 'extensions', 'node_modules', 'outboard-ext-mov');
    mkdirSync(join(s.home, 'extensions', 'node_modules'), { recursive: true });
    symlinkSync(first, link, 'dir');
    s.approve('mov');
    renameSync(first, second);
    rmSync(link);
    symlinkSync(second, link, 'dir');
    assertAsksAgain(s, 'mov', new RegExp(`real path ${realpathSync(join(s.base, 'checkouts'))}/a → .*/b`), [/version/, /source/, /manifest block/]);
  });

  it('the same package now found in another source', () => {
    const s = scenario(tmp.path, 'source');
    const pkgDir = join(s.base, 'src', 'outboard-ext-src');
    writeExtension(pkgDir, { name: 'src' });
    const link = join(s.home, 'extensions', 'node_modules', 'outboard-ext-src');
    mkdirSync(join(s.home, 'extensions', 'node_modules'), { recursive: true });
    symlinkSync(pkgDir, link, 'dir');
    s.approve('src');
    assert.equal(s.entry('src').source, 'user');
    // Same folder, same real path, now reached through the dev source instead of the user source.
    rmSync(link);
    assert.equal(s.cli(['extensions', 'link', pkgDir]).code, 0);
    assert.equal(s.entry('src').source, 'dev');
    assertAsksAgain(s, 'src', /source user → dev/, [/real path/, /version/, /manifest block/]);
  });

  it('a same-named, same-version copy installed elsewhere is not covered', () => {
    const s = scenario(tmp.path, 'copy');
    const original = writeExtension(join(s.base, 'dev', 'one'), { name: 'twin' });
    assert.equal(s.cli(['extensions', 'link', original]).code, 0);
    s.approve('twin');
    const copy = join(s.base, 'dev', 'two');
    cpSync(original, copy, { recursive: true });
    assert.equal(s.cli(['extensions', 'unlink', original]).code, 0);
    assert.equal(s.cli(['extensions', 'link', copy]).code, 0);
    assertAsksAgain(s, 'twin', /real path .*\/one → .*\/two/, [/version/, /source/, /manifest block/]);
  });

  it('the bin file edited in place, even with its old mtime restored', () => {
    const s = scenario(tmp.path, 'bin');
    const dir = writeExtension(join(s.home, 'extensions', 'node_modules', 'outboard-ext-binx'), { name: 'binx' });
    const bin = join(dir, 'bin', 'cli.js');
    utimesSync(bin, 1_700_000_000, 1_700_000_000);
    s.approve('binx');
    writeFileSync(bin, 'process.stdout.write("not what was approved\\n");\n');
    utimesSync(bin, 1_700_000_000, 1_700_000_000);
    assertAsksAgain(s, 'binx', /bin\/cli\.js changed since approval/, [/version/, /manifest block/]);
  });

  it('an ./ element of exec edited, and package.json "exports" changed', () => {
    const s = scenario(tmp.path, 'exec');
    const dir = writeExtension(join(s.home, 'extensions', 'node_modules', 'outboard-ext-exx'), { name: 'exx', commands: [{ name: 'exx', exec: [process.execPath, './run.js'] }] }, { 'run.js': 'process.exit(0);\n' });
    s.approve('exx');
    writeFileSync(join(dir, 'run.js'), 'process.exit(0); // changed\n');
    assertAsksAgain(s, 'exx', /run\.js changed since approval/, [/manifest block/]);
    editPackageJson(dir, (pkg) => {
      pkg.exports = { '.': './evil.js' };
    });
    assertAsksAgain(s, 'exx', /package\.json "exports" changed since approval/, [/run\.js/, /manifest block/]);
  });

  it('touching a bin without changing it keeps the approval (rehashed, same digest)', () => {
    const s = scenario(tmp.path, 'touch');
    const dir = writeExtension(join(s.home, 'extensions', 'node_modules', 'outboard-ext-tch'), { name: 'tch' });
    s.approve('tch');
    utimesSync(join(dir, 'bin', 'cli.js'), new Date(), new Date(Date.now() + 5000));
    assert.equal(s.entry('tch').state, 'enabled');
    assert.equal(s.cli(['tch']).code, 0);
  });

  it('an approval stored before approvals covered what runs asks again, saying why', () => {
    const s = scenario(tmp.path, 'legacy');
    writeExtension(join(s.home, 'extensions', 'node_modules', 'outboard-ext-old'), { name: 'old' });
    s.approve('old');
    const file = join(s.home, 'approvals.json');
    const approvals = JSON.parse(readFileSync(file, 'utf8')) as { extensions: Record<string, Record<string, unknown>> };
    delete approvals.extensions['old']?.runDigest;
    writeFileSync(file, JSON.stringify(approvals), { mode: 0o600 });
    assertAsksAgain(s, 'old', /approved before approvals covered the files that run/);
  });

  it('nothing changed: the approval still holds across runs (and an unrelated file edit does not matter)', () => {
    const s = scenario(tmp.path, 'same');
    const dir = writeExtension(join(s.home, 'extensions', 'node_modules', 'outboard-ext-same'), { name: 'same' });
    s.approve('same');
    writeFileSync(join(dir, 'README.md'), 'docs only\n');
    editPackageJson(dir, (pkg) => {
      pkg.description = 'the package description is outside the extension block';
    });
    assert.equal(s.entry('same').state, 'enabled');
    const approvals = JSON.parse(readFileSync(join(s.home, 'approvals.json'), 'utf8')) as { extensions: Record<string, StoredApproval> };
    assert.equal(approvals.extensions['same']?.version, '1.0.0');
  });
});

describe('grants accumulate', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());
  const grantsOf = (home: string, name: string) =>
    (JSON.parse(readFileSync(join(home, 'approvals.json'), 'utf8')) as { extensions: Record<string, { grants: { capabilities: string[] } }> }).extensions[name]?.grants.capabilities;

  it('enable --grant adds to the earlier grants; a re-approval after a change keeps the optional grants still requested', () => {
    const s = scenario(tmp.path, 'grants');
    const capabilities = (optional: string[]) => ({ capabilities: { required: ['projects.read'], optional } });
    const dir = writeExtension(join(s.home, 'extensions', 'node_modules', 'outboard-ext-gr'), { name: 'gr', block: capabilities(['ui.notification', 'rpc.call']) });
    assert.equal(s.cli(['extensions', 'enable', 'gr', '--yes', '--grant', 'ui.notification']).code, 0);
    assert.equal(s.cli(['extensions', 'enable', 'gr', '--yes', '--grant', 'rpc.call']).code, 0);
    assert.deepEqual(grantsOf(s.home, 'gr'), ['projects.read', 'rpc.call', 'ui.notification']);
    editPackageJson(dir, (pkg) => {
      pkg.outboard.extension.capabilities.optional = ['ui.notification', 'storage.private'];
    });
    assert.equal(s.entry('gr').state, 'unapproved');
    assert.equal(s.cli(['extensions', 'enable', 'gr', '--yes']).code, 0);
    assert.deepEqual(grantsOf(s.home, 'gr'), ['projects.read', 'ui.notification']);
  });
});
