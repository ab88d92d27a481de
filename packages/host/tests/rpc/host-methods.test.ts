import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ResponseError } from '@outboard/protocol';
import { createHost } from '../../src/host.js';

const root = mkdtempSync(join(tmpdir(), 'ob-rpc-'));
after(() => rmSync(root, { recursive: true, force: true }));

function host() {
  const home = mkdtempSync(join(root, 'home-'));
  return createHost({ identity: { id: 'outboard', version: '1.2.3' }, home, cwd: root, env: {}, globalRoots: [] });
}

describe('host built-in RPC methods', () => {
  it('serves host.info, projects.register/list and events.recent from the one registry', async () => {
    const h = host();
    const info = (await h.rpc.call('host.info', {})) as { id: string; version: string; wireVersion: number };
    assert.equal(info.id, 'outboard');
    assert.equal(info.version, '1.2.3');
    assert.equal(info.wireVersion, 1);
    const dir = join(root, 'proj-a');
    mkdirSync(dir);
    const reg = (await h.rpc.call('projects.register', { root: dir, id: 'proj-a' })) as { created: boolean };
    assert.equal(reg.created, true);
    const listed = (await h.rpc.call('projects.list', {})) as { projects: Array<{ id: string }> };
    assert.deepEqual(listed.projects.map((p) => p.id), ['proj-a']);
    const recent = (await h.rpc.call('events.recent', { types: ['project.*'] })) as { events: Array<{ type: string; scope?: { projectId: string } }> };
    assert.equal(recent.events.at(-1)?.type, 'project.registered');
    assert.equal(recent.events.at(-1)?.scope?.projectId, 'proj-a');
    await assert.rejects(h.rpc.call('events.recent', { types: ['bad glob!'] }), (e: unknown) => e instanceof ResponseError && e.reason === 'invalid_params');
    await assert.rejects(h.rpc.call('projects.register', {}), (e: unknown) => e instanceof ResponseError && e.reason === 'invalid_params');
  });

  it('lists extensions, actions, status and notifications (empty home), and every built-in in rpc.methods', async () => {
    const h = host();
    assert.deepEqual(((await h.rpc.call('extensions.list', {})) as { extensions: unknown[] }).extensions, []);
    assert.deepEqual(await h.rpc.call('actions.list', {}), []);
    assert.deepEqual(await h.rpc.call('status.list', {}), []);
    assert.deepEqual(await h.rpc.call('notifications.list', {}), { notifications: [] });
    const { methods } = (await h.rpc.call('rpc.methods', {})) as { methods: Array<{ method: string; owner: string }> };
    for (const name of ['host.info', 'extensions.list', 'projects.list', 'projects.register', 'events.recent', 'actions.list', 'actions.invoke', 'status.list', 'notifications.list']) {
      assert.ok(methods.some((m) => m.method === name && m.owner === 'host'), name);
    }
    await (await h.peers()).dispose();
  });
});
