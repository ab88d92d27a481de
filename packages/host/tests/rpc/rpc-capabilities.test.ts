// Every capability an RPC method of the host requires of a peer caller is one the capability catalogue knows, so
// a manifest can ask for it, the consent prompt can show it and the user can grant it (or a policy refuse it).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ResponseError } from '@outboard/protocol';
import { CAPABILITY_CATALOG } from '@outboard/manifest';
import { createHost } from '../../src/host.js';

const root = mkdtempSync(join(tmpdir(), 'ob-rpc-caps-'));
after(() => rmSync(root, { recursive: true, force: true }));

function host() {
  return createHost({ identity: { id: 'outboard', version: '1.2.3' }, home: mkdtempSync(join(root, 'home-')), cwd: root, env: {}, globalRoots: [] });
}

describe('capabilities of the RPC methods', () => {
  it('every capability a registered method requires is in the catalogue', async () => {
    const h = host();
    const gated = (await h.rpc.methods()).flatMap(({ method }) => {
      const capability = h.rpc.capabilityOf(method);
      return capability === undefined ? [] : [{ method, capability }];
    });
    // Not vacuous: the host's own gates and every automations.* method are among them.
    assert.ok(gated.some((g) => g.method === 'projects.list' && g.capability === 'projects.read'), JSON.stringify(gated));
    const automations = gated.filter((g) => g.method.startsWith('automations.'));
    assert.deepEqual(automations.map((g) => g.method).sort(), ['add', 'catalog', 'disable', 'enable', 'get', 'list', 'remove', 'runs', 'test'].map((m) => `automations.${m}`));
    const unknown = gated.filter((g) => h.broker.capability(g.capability) === undefined || !CAPABILITY_CATALOG.some((c) => c.name === g.capability));
    assert.deepEqual(unknown, [], 'methods gated by a capability the catalogue lacks');
  });

  it('automations.manage is sensitive, mutating and confirmed on its own', () => {
    const info = CAPABILITY_CATALOG.find((c) => c.name === 'automations.manage');
    assert.deepEqual(info && { scope: info.scope, sensitive: info.sensitive, access: info.access, needsApproval: info.needsApproval }, { scope: 'global', sensitive: true, access: 'mutate', needsApproval: true });
  });

  it('a peer caller without automations.manage is denied the automations methods, naming the capability', async () => {
    const h = host();
    await assert.rejects(
      h.rpc.call('automations.list', {}, { caller: 'peer:x', grants: { capabilities: ['rpc.call'] } }),
      (e: unknown) => e instanceof ResponseError && e.reason === 'denied' && /automations\.manage/.test(e.message),
    );
    const granted = (await h.rpc.call('automations.list', {}, { caller: 'peer:x', grants: { capabilities: ['rpc.call', 'automations.manage'] } })) as { automations: unknown[] };
    assert.deepEqual(granted.automations, []);
  });
});
