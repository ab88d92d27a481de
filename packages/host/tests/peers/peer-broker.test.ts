// The capability broker end to end: a real peer calls host services and the host answers according to the
// grants of the moment (default-deny, project scopes, revocation by another process, required capabilities).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST_URL, peerHome } from './peer-fixtures.js';
import { readMarks, rejectionOf, startedPids } from './peer-probes.js';
import type { PeerFleet } from '../../src/index.js';

const fast = { heartbeat: false as const, crash: { initialDelayMs: 50, maxDelayMs: 200 }, stopStepMs: 300, handshakeTimeoutMs: 10_000 };

/** What the peer got back from the host: `{ ok }` or `{ error: { code, message } }`. */
type Outcome = { ok?: unknown; error?: { code: string; message: string } };

/** Has the peer of `action`'s prefix call `method` with `params` and returns what the host answered it. */
async function hostCall(peers: PeerFleet, action: string, method: string, params: unknown, extra: Record<string, unknown> = {}): Promise<Outcome> {
  const result = await peers.invokeAction(action, { args: { method, params, ...extra } });
  assert.equal(result.view?.type, 'text');
  return JSON.parse((result.view as { text: string }).text) as Outcome;
}

describe('the capability broker, with a real peer', { timeout: 40_000 }, () => {
  it('a capability that is not granted is denied, naming it and the command that grants it; granted ones work', async () => {
    const env = await peerHome([
      {
        name: 'keeper',
        capabilities: { required: ['ui.action.contribute'], optional: ['projects.read', 'storage.private'] },
        grant: ['ui.action.contribute', 'storage.private'],
      },
      { name: 'steady' },
    ]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      // A denied read.
      const read = await hostCall(peers, 'keeper.call', 'projects.list', {});
      assert.equal(read.error?.code, 'denied');
      assert.match(read.error?.message ?? '', /"keeper" may not call "projects\.list": it needs the capability "projects\.read", which is not granted/);
      assert.match(read.error?.message ?? '', /`outboard extensions enable keeper --grant projects\.read`/);
      // A denied mutation (a capability the manifest does not even request).
      const write = await hostCall(peers, 'keeper.call', 'storage/set', { scope: 'project', projectId: 'p', key: 'k', value: 1 });
      assert.equal(write.error?.code, 'denied');
      assert.match(write.error?.message ?? '', /"storage\.project"/);
      // A granted mutation and read.
      assert.deepEqual((await hostCall(peers, 'keeper.call', 'storage/set', { scope: 'private', key: 'k', value: { n: 1 } })).error, undefined);
      assert.deepEqual((await hostCall(peers, 'keeper.call', 'storage/get', { scope: 'private', key: 'k' })).ok, { found: true, value: { n: 1 } });
      // The hub route allowlist: this manifest has none, and the capability is not even granted.
      const hub = await rejectionOf(peers.invokeAction('keeper.denied', {}));
      assert.equal((hub as { reason?: string }).reason, 'denied');
      // The other peer's grants are its own.
      assert.equal((await hostCall(peers, 'steady.call', 'projects.list', {})).error?.code, 'denied');
    } finally {
      await env.cleanup();
    }
  });

  it('a grant limited to listed projects refuses another project with invalid_scope', async () => {
    const env = await peerHome([
      {
        name: 'scoped',
        capabilities: { required: ['ui.action.contribute'], optional: ['projects.read', 'storage.project'] },
        grantProjects: ['alpha'],
      },
    ]);
    try {
      for (const id of ['alpha', 'beta']) {
        mkdirSync(join(env.root, 'projects', id), { recursive: true });
        await env.host.projects.register({ root: join(env.root, 'projects', id), id });
      }
      const peers = await env.host.peers({ supervisor: fast });
      assert.equal((await hostCall(peers, 'scoped.call', 'storage/set', { scope: 'project', projectId: 'alpha', key: 'k', value: 1 })).error, undefined);
      const other = await hostCall(peers, 'scoped.call', 'storage/set', { scope: 'project', projectId: 'beta', key: 'k', value: 1 });
      assert.equal(other.error?.code, 'invalid_scope');
      assert.match(other.error?.message ?? '', /beta/);
      assert.equal((await hostCall(peers, 'scoped.call', 'projects.get', { projectId: 'alpha' })).error, undefined);
      assert.equal((await hostCall(peers, 'scoped.call', 'projects.get', { projectId: 'beta' })).error?.code, 'invalid_scope');
      // Listing shows only the granted projects.
      const listed = (await hostCall(peers, 'scoped.call', 'projects.list', {})).ok as { projects: Array<{ id: string }> };
      assert.deepEqual(listed.projects.map((p) => p.id), ['alpha']);
    } finally {
      await env.cleanup();
    }
  });

  it('every project-scoped input and the args schema are checked by the host before the peer sees them', async () => {
    const env = await peerHome([
      {
        name: 'guard',
        capabilities: { required: ['ui.action.contribute'], optional: ['ui.status.contribute', 'events.subscribe'] },
        grantProjects: ['p1'],
        contributes: {
          actions: [
            { id: 'guard.hello', title: 'Hello', targets: ['global', 'project'], argsSchema: { type: 'object', properties: { by: { type: 'integer' } } } },
            { id: 'guard.slow', title: 'Global only' },
            { id: 'guard.call', title: 'Call a host method' },
          ],
          status: [{ id: 'guard.status', title: 'Status' }],
        },
      },
    ]);
    try {
      mkdirSync(join(env.root, 'projects', 'beta'), { recursive: true });
      await env.host.projects.register({ root: join(env.root, 'projects', 'beta'), id: 'beta' });
      const peers = await env.host.peers({ supervisor: fast });
      // status/set for a registered project outside the grant, and for no project at all.
      const outside = await hostCall(peers, 'guard.call', 'status/set', { id: 'guard.status', text: 'x', projectId: 'beta' });
      assert.equal(outside.error?.code, 'invalid_scope');
      assert.match(outside.error?.message ?? '', /only for the projects "p1", not for "beta"/);
      assert.equal((await hostCall(peers, 'guard.call', 'status/set', { id: 'guard.status', text: 'x', projectId: 'nope' })).error?.code, 'invalid_scope');
      assert.deepEqual((await hostCall(peers, 'guard.call', 'status/set', { id: 'guard.status', text: 'x', projectId: 'p1' })).ok, { ok: true });
      // A subscription to projects outside the grant, or with a glob the bus cannot take, is refused by name.
      assert.equal((await hostCall(peers, 'guard.call', 'events/subscribe', { types: ['*'], projectIds: ['beta'] })).error?.code, 'invalid_scope');
      const glob = await hostCall(peers, 'guard.call', 'events/subscribe', { types: ['git.?'] });
      assert.equal(glob.error?.code, 'invalid_params');
      assert.match(glob.error?.message ?? '', /"types": a type glob is a dotted event type/);
      // Action input the peer must never see.
      const refusals: Array<[string, { projectId?: string; args?: unknown }, string, RegExp]> = [
        ['guard.slow', { projectId: 'p1' }, 'ACTION_PROJECT_INVALID', /does not run on projects/],
        ['guard.hello', { projectId: 'foo' }, 'ACTION_PROJECT_UNKNOWN', /no project "foo" is registered/],
        ['guard.hello', { projectId: 'beta' }, 'ACTION_PROJECT_OUT_OF_SCOPE', /only for the projects "p1", not "beta"/],
        ['guard.hello', { args: { by: 'x' } }, 'ACTION_ARGS_INVALID', /args\.by: type: must be integer/],
        ['guard.hello', { args: [1] }, 'ACTION_ARGS_INVALID', /args: type: must be object/],
        ['guard.hello', { args: 5 }, 'ACTION_ARGS_INVALID', /args: type: must be object/],
      ];
      for (const [id, input, code, message] of refusals) {
        const error = (await rejectionOf(peers.invokeAction(id, input))) as { code?: string; message?: string };
        assert.equal(error.code, code, `${id} ${JSON.stringify(input)}`);
        assert.match(error.message ?? '', message);
      }
      // A good call after them: the peer's marks are in order, so it saw this one and none of the refused ones.
      const ok = await peers.invokeAction('guard.hello', { projectId: 'p1', args: { by: 1 } });
      assert.equal(ok.notifications[0]?.message, 'hello {"by":1}');
      assert.deepEqual(readMarks(env.marks, 'guard').filter((l) => /^invoke guard\.(hello|slow)/.test(l)), ['invoke guard.hello']);
    } finally {
      await env.cleanup();
    }
  });

  it('disabling the extension in another process revokes its grants on its next request (read fresh)', async () => {
    const env = await peerHome([
      {
        name: 'revoked',
        capabilities: { required: ['ui.action.contribute'], optional: ['storage.private'] },
      },
    ]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      assert.equal((await hostCall(peers, 'revoked.call', 'storage/set', { scope: 'private', key: 'k', value: 1 })).error, undefined);
      // The peer activates and waits for the go file; meanwhile another process disables the extension.
      const go = join(env.root, 'go');
      const pending = hostCall(peers, 'revoked.call', 'storage/get', { scope: 'private', key: 'k' }, { waitFor: go });
      const script = `const { createHost } = await import(${JSON.stringify(HOST_URL)});
        const host = createHost({ identity: { id: 'outboard', version: '0.1.0' }, home: process.env.H, cwd: process.env.C, env: process.env, globalRoots: [] });
        const ext = (await host.extensions()).extensions.find((e) => e.name === 'revoked');
        if (!(await host.approvals.setEnabled({ ...ext, name: ext.name }, false))) process.exit(3);`;
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, H: env.home, C: env.root }, timeout: 20_000 });
      writeFileSync(go, '');
      const after = await pending;
      assert.equal(after.error?.code, 'denied');
      assert.match(after.error?.message ?? '', /"storage\.private".* none of which is granted/);
      assert.match(after.error?.message ?? '', /`outboard extensions enable revoked --grant storage\.private`/);
    } finally {
      await env.cleanup();
    }
  });

  it('a required capability that is not granted leaves the peer degraded with a diagnostic, not restarting', async () => {
    const env = await peerHome([
      {
        name: 'needy',
        capabilities: { required: ['ui.action.contribute', 'projects.read'], optional: [] },
        grant: ['ui.action.contribute'],
      },
    ]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      // It still runs what it can.
      assert.equal((await hostCall(peers, 'needy.call', 'projects.list', {})).error?.code, 'denied');
      const needy = await peers.supervisor('needy');
      assert.equal(needy?.state, 'degraded');
      assert.match(String(needy?.status().diagnostic), /required capability not granted: projects\.read; run `outboard extensions enable needy --grant projects\.read`/);
      // Degraded is not a crash: nothing restarts it.
      assert.equal(needy?.status().restartPending, false);
      assert.equal(startedPids(env.marks, 'needy').length, 1);
      assert.equal(needy?.status().recentCrashes, 0);
    } finally {
      await env.cleanup();
    }
  });
});
