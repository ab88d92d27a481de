import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHost } from '../../src/index.js';
import type { ExtensionRecord } from '../../src/index.js';
import { pastTimestampTick } from '../discovery/discovery-fixtures.js';

const identity = { id: 'outboard', version: '0.1.0', builtins: ['extensions', 'help'] };

function writeExtension(dir: string, optional: string[], bin = 'process.exit(0);\n', required: string[] = ['projects.read']): void {
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(join(dir, 'bin', 'cli.js'), bin);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'pkg-deploy',
      version: '1.0.0',
      engines: { outboard: '>=0.1.0' },
      outboard: { extension: { apiVersion: 1, name: 'deploy', commands: [{ name: 'deploy', bin: 'bin/cli.js' }], capabilities: { required, optional } } },
    }),
  );
}

describe('ApprovalStore: grants accumulate, consent binds what was shown', () => {
  let root: string;
  let home: string;
  let dir: string;
  const host = () => createHost({ identity, home, cwd: root, env: {}, globalRoots: [] });
  const shown = async (): Promise<ExtensionRecord & { name: string }> => {
    const ext = await host().findExtension('deploy');
    assert.ok(ext?.name);
    return { ...ext, name: ext.name };
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'outboard-approvals-'));
    home = join(root, 'home');
    dir = join(home, 'extensions', 'node_modules', 'pkg-deploy');
    writeExtension(dir, ['ui.notification', 'rpc.call', 'storage.private']);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('finds what each write left, through the same store, and nothing for a name Object.prototype has', async () => {
    const h = host();
    const ext = await shown();
    assert.equal(h.approvals.find(ext), undefined);
    await h.approvals.approve(ext, { capabilities: ['projects.read'] });
    assert.equal(h.approvals.find(ext)?.enabled, true, 'an approval is found at once by the store that wrote it');
    assert.equal(await h.approvals.setEnabled(ext, false), true);
    assert.equal(h.approvals.find(ext)?.enabled, false);
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      const other = { ...ext, name };
      assert.equal(h.approvals.find(other), undefined, name);
      assert.equal(await h.approvals.setEnabled(other, true), false, name);
      assert.equal(await h.approvals.revoke(other), false, name);
    }
    assert.equal(await h.approvals.revoke(ext), true);
    assert.equal(h.approvals.find(ext), undefined, 'a revoked approval is gone at once');
  });

  it('a later --grant adds to earlier grants instead of replacing them, and says what was added', async () => {
    const h = host();
    const first = await h.approvals.approve(await shown(), { capabilities: ['projects.read', 'ui.notification'] });
    assert.deepEqual(first.added, ['projects.read', 'ui.notification']);
    const preview = h.approvals.previewGrants(await shown(), { capabilities: ['projects.read', 'rpc.call'] });
    assert.deepEqual(preview, { grants: { capabilities: ['projects.read', 'rpc.call', 'ui.notification'] }, added: ['rpc.call'], removed: [] });
    const second = await h.approvals.approve(await shown(), { capabilities: ['projects.read', 'rpc.call'] });
    assert.deepEqual(second.record.grants.capabilities, ['projects.read', 'rpc.call', 'ui.notification']);
    assert.deepEqual(second.added, ['rpc.call']);
    assert.deepEqual(second.removed, []);
    assert.deepEqual(second.changes, []);
    const replaced = await h.approvals.approve(await shown(), { capabilities: ['projects.read'] }, { grants: 'replace' });
    assert.deepEqual(replaced.record.grants.capabilities, ['projects.read']);
    assert.deepEqual(replaced.removed.sort(), ['rpc.call', 'ui.notification']);
  });

  it('re-approving after a manifest change keeps the optional grants still requested and says what changed', async () => {
    await host().approvals.approve(await shown(), { capabilities: ['projects.read', 'ui.notification', 'rpc.call'] });
    writeExtension(dir, ['ui.notification', 'storage.private']); // rpc.call no longer requested
    const changed = await shown();
    assert.equal(changed.state, 'unapproved');
    const again = await host().approvals.approve(changed, { capabilities: ['projects.read'] });
    assert.deepEqual(again.record.grants.capabilities, ['projects.read', 'ui.notification']);
    assert.deepEqual(again.removed, ['rpc.call']);
    assert.deepEqual(again.added, []);
    assert.ok(again.changes.includes('manifest block changed'), again.changes.join('; '));
    assert.equal((await shown()).state, 'enabled');
  });

  it('stores the digests of the record that was shown: a change while the prompt was open does not match', async () => {
    const onScreen = await shown();
    // While the user reads the prompt, the bin is swapped.
    writeFileSync(join(dir, 'bin', 'cli.js'), 'console.log("swapped");\n');
    await host().approvals.approve(onScreen, { capabilities: ['projects.read'] });
    const next = await shown();
    assert.equal(next.state, 'unapproved');
    assert.match(next.reason, /bin\/cli\.js changed since approval/);
    const stored = JSON.parse(readFileSync(join(home, 'approvals.json'), 'utf8')) as { extensions: Record<string, { runDigest: unknown; manifestHash: string }> };
    assert.deepEqual(stored.extensions['deploy']?.runDigest, { files: { ...onScreen.runDigest?.files }, fields: onScreen.runDigest?.fields });
  });

  it('a bin not hashed when shown (no approval yet, files settled) that changes during the prompt does not match either', async () => {
    await pastTimestampTick(root);
    const onScreen = await shown();
    assert.equal(onScreen.runDigest?.files['bin/cli.js'], '?', 'unapproved extensions are stat-checked, not hashed');
    writeFileSync(join(dir, 'bin', 'cli.js'), 'console.log("swapped");\n');
    await host().approvals.approve(onScreen, { capabilities: ['projects.read'] });
    const next = await shown();
    assert.equal(next.state, 'unapproved');
    assert.match(next.reason, /bin\/cli\.js changed since approval/);
    // Approving what is there now works.
    await host().approvals.approve(next, { capabilities: ['projects.read'] });
    assert.equal((await shown()).state, 'enabled');
  });

  it('does not trust an approvals.json others can write, and approving again keeps the old file aside', async () => {
    await host().approvals.approve(await shown(), { capabilities: ['projects.read'] });
    chmodSync(join(home, 'approvals.json'), 0o666);
    const h = host();
    assert.equal((await h.findExtension('deploy'))?.state, 'unapproved');
    const { diagnostics } = await h.extensions();
    assert.ok(diagnostics.some((d) => d.rule === 'approvals.permissions' && /writable by every user/.test(d.message)), JSON.stringify(diagnostics));
    assert.match(h.approvals.current().corrupt?.message ?? '', /not trusted.*chmod 600/);
    const again = await h.approvals.approve(await shown(), { capabilities: ['projects.read'] });
    assert.ok(again.quarantined?.keptAt, 'the untrusted file is kept aside');
    assert.deepEqual(again.added, ['projects.read'], 'nothing is carried over from the untrusted file');
    assert.equal((await shown()).state, 'enabled');
    assert.ok(readdirSync(home).some((n) => n.startsWith('approvals.json.corrupt-')));
  });
});
