import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli, runCliInTerminal, runCliJson, tempDir, writeFiles } from './lib/fixture-home.js';

// The full fixture: a command, a sidecar, a peer, required/optional (one sensitive) capabilities, a config schema.
const FULL_EXT = fileURLToPath(new URL('../fixtures/consent/full-ext', import.meta.url));

interface StoredApproval {
  name: string;
  packageName: string;
  version: string;
  source: string;
  realPath: string;
  manifestHash: string;
  enginesRange: string | null;
  enabled: boolean;
  grants: { capabilities: string[] };
  approvedAt: string;
}

interface InfoJson {
  state: string;
  reason: string;
  manifestHash: string;
  approval: null | { version: string; source: string; realPath: string; approvedAt: string; enabled: boolean; grants: { capabilities: string[] }; current: boolean };
}

function readApprovals(home: string): { extensions: Record<string, StoredApproval>; projects: Record<string, Record<string, StoredApproval>> } {
  return JSON.parse(readFileSync(join(home, 'approvals.json'), 'utf8'));
}

/** A home with the full fixture installed in the user source, and a neutral working folder (its own project with no extensions). */
function freshHome(tmpRoot: string, label: string): { home: string; cwd: string; extDir: string } {
  const home = join(tmpRoot, label, 'home');
  const cwd = join(tmpRoot, label, 'work');
  const extDir = join(home, 'extensions', 'node_modules', '@acme', 'outboard-deploy');
  cpSync(FULL_EXT, extDir, { recursive: true });
  writeFiles(cwd, { 'package.json': { name: 'work', private: true } });
  return { home, cwd, extDir };
}

describe('approval in a terminal', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());

  it('shows package, version, source, real path, commands, sidecar, peer and capabilities, then approves on y', () => {
    const { home, cwd, extDir } = freshHome(tmp.path, 'yes');
    const r = runCliInTerminal(['extensions', 'enable', 'deploy'], [['[y/N]', 'y\n']], { home, cwd });
    assert.equal(r.code, 0, r.output);
    const out = r.output.replace(/\r\n/g, '\n');
    assert.match(out, /wants to run extension "deploy"/);
    assert.match(out, /Package:\s+@acme\/outboard-deploy@1\.4\.2/);
    assert.match(out, /Source:\s+user/);
    assert.ok(out.includes(realpathSync(extDir)), out);
    assert.match(out, /Commands:\s+outboard deploy \(node bin\/cli\.js\)/);
    assert.match(out, /Sidecar:\s+node bin\/serve\.js/);
    assert.match(out, /Peer:\s+python3 \.\/peer\/main\.py/);
    assert.match(out, /projects\.read — required/);
    assert.match(out, /ui\.notification — optional, not granted/);
    // The sensitive one is marked, the others are not.
    assert.match(out, /rpc\.call \[sensitive\]/);
    assert.doesNotMatch(out, /projects\.read \[sensitive\]/);
    assert.match(out, /Approve and enable deploy\? \[y\/N\]/);
    assert.match(out, /Approved and enabled deploy 1\.4\.2 \(user\)/);
    const list = runCliJson<Array<{ name: string; state: string }>>(['extensions', 'list', '--json'], { home, cwd });
    assert.equal(list.json.find((e) => e.name === 'deploy')?.state, 'enabled');
    // Default-deny: only the required capability is granted.
    assert.deepEqual(readApprovals(home).extensions['deploy']?.grants.capabilities, ['projects.read']);
  });

  it('answering n leaves it unapproved and exits 1', () => {
    const { home, cwd } = freshHome(tmp.path, 'no');
    const r = runCliInTerminal(['extensions', 'enable', 'deploy'], [['[y/N]', 'n\n']], { home, cwd });
    assert.equal(r.code, 1, r.output);
    assert.match(r.output, /Not approved; deploy stays unapproved/);
    const list = runCliJson<Array<{ name: string; state: string }>>(['extensions', 'list', '--json'], { home, cwd });
    assert.equal(list.json.find((e) => e.name === 'deploy')?.state, 'unapproved');
    const stored = (() => {
      try {
        return readApprovals(home).extensions['deploy'];
      } catch {
        return undefined;
      }
    })();
    assert.equal(stored, undefined);
  });

  it('a bare Enter is a no (the default)', () => {
    const { home, cwd } = freshHome(tmp.path, 'enter');
    const r = runCliInTerminal(['extensions', 'enable', 'deploy'], [['[y/N]', '\n']], { home, cwd });
    assert.equal(r.code, 1, r.output);
    const list = runCliJson<Array<{ name: string; state: string }>>(['extensions', 'list', '--json'], { home, cwd });
    assert.equal(list.json.find((e) => e.name === 'deploy')?.state, 'unapproved');
  });
});

describe('approval without a terminal', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());

  it('exits 2 naming the command to run, and approves nothing', () => {
    const { home, cwd } = freshHome(tmp.path, 'ci');
    const r = runCli(['extensions', 'enable', 'deploy'], { home, cwd });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /cannot ask \(no terminal\)/);
    assert.match(r.stderr, /`outboard extensions enable deploy --yes`/);
    assert.equal(r.stdout, '');
    const list = runCliJson<Array<{ name: string; state: string }>>(['extensions', 'list', '--json'], { home, cwd });
    assert.equal(list.json.find((e) => e.name === 'deploy')?.state, 'unapproved');
  });

  it('--yes approves without a prompt and stores hash, engines range, version, source and real path', () => {
    const { home, cwd, extDir } = freshHome(tmp.path, 'yes');
    const r = runCli(['extensions', 'enable', 'deploy', '--yes'], { home, cwd });
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stderr, /\[y\/N\]/);
    assert.match(r.stdout, /Approved and enabled deploy 1\.4\.2 \(user\)/);
    const a = readApprovals(home).extensions['deploy'];
    assert.ok(a, 'approval stored');
    assert.equal(a.packageName, '@acme/outboard-deploy');
    assert.equal(a.version, '1.4.2');
    assert.equal(a.source, 'user');
    assert.equal(a.realPath, realpathSync(extDir));
    assert.equal(a.enginesRange, '>=0.1.0');
    assert.match(a.manifestHash, /^[0-9a-f]{64}$/);
    assert.equal(a.enabled, true);
    assert.ok(!Number.isNaN(Date.parse(a.approvedAt)));
    const info = runCliJson<InfoJson>(['extensions', 'info', 'deploy', '--json'], { home, cwd });
    assert.equal(info.json.manifestHash, a.manifestHash);
    // The command now runs.
    const run = runCli(['deploy', 'now'], { home, cwd });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { name: 'deploy', args: ['now'] });
  });
});

describe('capability grants', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());

  it('grants required capabilities only, unless --grant names optional ones; info shows the approval', () => {
    const { home, cwd, extDir } = freshHome(tmp.path, 'grant');
    assert.equal(runCli(['extensions', 'enable', 'deploy', '--yes', '--grant', 'ui.notification'], { home, cwd }).code, 0);
    assert.deepEqual(readApprovals(home).extensions['deploy']?.grants.capabilities, ['projects.read', 'ui.notification']);
    const info = runCliJson<InfoJson>(['extensions', 'info', 'deploy', '--json'], { home, cwd });
    assert.equal(info.code, 0);
    assert.ok(info.json.approval);
    assert.deepEqual(info.json.approval.grants.capabilities, ['projects.read', 'ui.notification']);
    assert.equal(info.json.approval.version, '1.4.2');
    assert.equal(info.json.approval.source, 'user');
    assert.equal(info.json.approval.realPath, realpathSync(extDir));
    assert.equal(info.json.approval.enabled, true);
    assert.equal(info.json.approval.current, true);
    assert.equal(info.json.approval.approvedAt, readApprovals(home).extensions['deploy']?.approvedAt);
    const text = runCli(['extensions', 'info', 'deploy'], { home, cwd });
    assert.match(text.stdout, /Approval:\s+approved 1\.4\.2 \(user, /);
    assert.match(text.stdout, /Granted:\s+projects\.read, ui\.notification/);
  });

  it('--grant-all grants every optional capability, also on an already enabled extension', () => {
    const { home, cwd } = freshHome(tmp.path, 'all');
    assert.equal(runCli(['extensions', 'enable', 'deploy', '--yes'], { home, cwd }).code, 0);
    assert.deepEqual(readApprovals(home).extensions['deploy']?.grants.capabilities, ['projects.read']);
    const r = runCli(['extensions', 'enable', 'deploy', '--yes', '--grant-all'], { home, cwd });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(readApprovals(home).extensions['deploy']?.grants.capabilities, ['projects.read', 'rpc.call', 'ui.notification']);
  });

  it('a --grant the extension does not request exits 2 with a clear message and changes nothing', () => {
    const { home, cwd } = freshHome(tmp.path, 'unknown');
    const r = runCli(['extensions', 'enable', 'deploy', '--yes', '--grant', 'hub.request'], { home, cwd });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /deploy does not request "hub\.request"/);
    assert.match(r.stderr, /Its optional capabilities are: ui\.notification, rpc\.call/);
    const info = runCliJson<InfoJson>(['extensions', 'info', 'deploy', '--json'], { home, cwd });
    assert.equal(info.json.state, 'unapproved');
    assert.equal(info.json.approval, null);
    assert.match(runCli(['extensions', 'info', 'deploy'], { home, cwd }).stdout, /Approval:\s+none/);
  });
});

describe('disable keeps approval, grants and config', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());

  it('hides the commands, then enable turns it back on without a prompt', () => {
    const { home, cwd } = freshHome(tmp.path, 'disable');
    assert.equal(runCli(['extensions', 'enable', 'deploy', '--yes', '--grant', 'rpc.call'], { home, cwd }).code, 0);
    assert.equal(runCli(['config', 'extensions.deploy.target', 'prod', '--user'], { home, cwd }).code, 0);
    assert.match(runCli(['--help'], { home, cwd }).stdout, /^\s+deploy\s+Deploy the project/m);
    const before = readApprovals(home).extensions['deploy'];

    const off = runCli(['extensions', 'disable', 'deploy'], { home, cwd });
    assert.equal(off.code, 0, off.stderr);
    const after = readApprovals(home).extensions['deploy'];
    assert.ok(after && before);
    assert.equal(after.enabled, false);
    assert.deepEqual({ ...after, enabled: true }, before);
    assert.equal(runCli(['config', 'extensions.deploy.target'], { home, cwd }).stdout.trim(), 'prod');
    const help = runCli(['--help'], { home, cwd });
    assert.doesNotMatch(help.stdout, /Deploy the project/);
    const run = runCli(['deploy'], { home, cwd });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /Unknown command "deploy"/);
    assert.match(run.stderr, /disabled/);
    assert.match(run.stderr, /outboard extensions enable deploy/);
    const info = runCliJson<InfoJson>(['extensions', 'info', 'deploy', '--json'], { home, cwd });
    assert.equal(info.json.state, 'disabled');
    assert.equal(info.json.approval?.enabled, false);
    assert.equal(info.json.approval?.current, true);

    // No --yes and no terminal: re-enabling a kept approval needs no prompt.
    const on = runCli(['extensions', 'enable', 'deploy'], { home, cwd });
    assert.equal(on.code, 0, on.stderr);
    assert.match(on.stdout, /Enabled deploy/);
    assert.deepEqual(readApprovals(home).extensions['deploy'], before);
    assert.match(runCli(['--help'], { home, cwd }).stdout, /Deploy the project/);
    assert.equal(runCli(['deploy'], { home, cwd }).code, 0);
  });
});
