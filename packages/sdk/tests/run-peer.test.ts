import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, createLinkedTransports } from '@outboard/protocol';
import type { ExtensionManifest } from '@outboard/manifest';
import { runPeer } from '../src/peer/run-peer.js';
import { UndeclaredError } from '../src/peer/declarations.js';
import type { PeerApi, PeerContext, PeerDefinition } from '../src/peer/peer-api.js';

const MANIFEST: ExtensionManifest = {
  apiVersion: 1,
  name: 'gs',
  peer: { bin: 'peer.js' },
  contributes: { actions: [{ id: 'gs.log', title: 'Log' }], status: [{ id: 'gs.branch', title: 'Branch' }], rpc: ['gs.head'] },
  capabilities: { required: ['ui.action.contribute'], optional: ['ui.status.contribute', 'events.subscribe', 'hub.request'] },
  permissions: { hub: ['GET /api/hub/projects'] },
};

/** A peer on one end of a linked pair, the test as the host on the other. */
async function start(definition: PeerDefinition) {
  const [hostSide, peerSide] = createLinkedTransports();
  const host = new Connection({ transport: hostSide, name: 'peer' });
  const calls: Array<[string, unknown]> = [];
  let subs = 0;
  for (const method of ['status/set', 'events/unsubscribe']) host.onRequest(method, (params) => (calls.push([method, params]), { ok: true }));
  host.onRequest('events/subscribe', (params) => (calls.push(['events/subscribe', params]), { subscription: `sub-${(subs += 1)}` }));
  host.onRequest('hub/request', (params) => (calls.push(['hub/request', params]), { status: 200, body: { projects: [] } }));
  host.listen();
  let stopped = false;
  const peer = runPeer(definition, {
    connection: new Connection({ transport: peerSide, name: 'host' }),
    ownPackage: { dir: '/pkg', version: '1.2.3', manifest: MANIFEST },
    onStopped: () => (stopped = true),
    env: {},
  });
  const init = await host.request<{ name: string; version: string; contributes: unknown; capabilities: unknown }>('initialize', { protocol: { min: 1, max: 1 }, host: { name: 'outboard', version: '0' }, instanceId: 'i', features: {}, extension: { name: 'gs', version: '1.2.3' } });
  await host.request('activate', { grants: ['ui.action.contribute', 'ui.status.contribute', 'events.subscribe'], context: { projectId: 'p1' } });
  await peer.ready;
  return { host, calls, init, peer, isStopped: () => stopped };
}

describe('runPeer', () => {
  it("answers the handshake with its own manifest's identity, contributions and capabilities", async () => {
    const { init, host } = await start({});
    assert.equal(init.name, 'gs');
    assert.equal(init.version, '1.2.3');
    assert.deepEqual(init.contributes, MANIFEST.contributes);
    assert.deepEqual(init.capabilities, MANIFEST.capabilities);
    host.dispose();
  });

  it('routes actions and RPC to their handlers, with an AbortSignal, a progress reporter and the project', async () => {
    const { host } = await start({
      actions: {
        'gs.log': (args, ctx) => {
          ctx.progress({ done: 1 });
          return { view: { type: 'text', text: `${JSON.stringify(args)} ${ctx.projectId} ${ctx.signal instanceof AbortSignal}` } };
        },
      },
      rpc: { 'gs.head': (params) => ({ head: params }) },
    });
    const progress: unknown[] = [];
    const result = await host.request('actions/invoke', { id: 'gs.log', projectId: 'p9', args: { n: 1 } }, { onProgress: (v: unknown) => progress.push(v) });
    assert.deepEqual(result, { view: { type: 'text', text: '{"n":1} p9 true' } });
    assert.deepEqual(progress, [{ done: 1 }]);
    assert.deepEqual(await host.request('rpc/invoke', { method: 'gs.head', params: 'x' }), { head: 'x' });
    await assert.rejects(host.request('actions/invoke', { id: 'gs.other', args: {} }), /no handler for action "gs.other"/);
  });

  it('a handler the manifest does not declare fails at once naming the manifest field to add', () => {
    assert.throws(
      () => runPeer({ actions: { 'gs.nope': () => undefined } }, { connection: new Connection({ transport: createLinkedTransports()[1], name: 'host' }), ownPackage: { dir: '/p', version: '1', manifest: MANIFEST }, env: {} }),
      (e: unknown) => e instanceof UndeclaredError && e.field === 'contributes.actions' && /add \{ "id": "gs.nope", "title": "..." \} to contributes.actions/.test(e.message),
    );
  });

  it('api calls the manifest does not declare are refused before reaching the host, naming the field', async () => {
    let api!: PeerApi;
    const { calls } = await start({ activate: (a) => void (api = a) });
    await assert.rejects(api.status.set('gs.other', { text: 'x' }), /add \{ "id": "gs.other", "title": "..." \} to contributes.status/);
    await assert.rejects(api.events.publish('gs.changed'), /add "gs.changed" to contributes.events/);
    await assert.rejects(api.hub.request('DELETE', '/api/hub/projects/x'), /"DELETE \/api\/hub\/projects\/x" is not declared: add it to permissions.hub/);
    assert.throws(() => api.rpc.register('gs.nope', () => 1), /add "gs.nope" to contributes.rpc/);
    await assert.rejects(api.notify('info', 'hi'), /notify needs the capability "ui.notification": add it to capabilities.optional/);
    await assert.rejects(api.storage.get('k'), /needs the capability "storage.private"/);
    await api.status.set('gs.branch', { text: 'main', projectId: 'p1' });
    assert.deepEqual(await api.hub.request('GET', '/api/hub/projects'), { projects: [] });
    assert.deepEqual(calls.map(([m]) => m), ['status/set', 'hub/request']);
  });

  it('everything registered goes on context.subscriptions and is unwound, last first, when the host goes away', async () => {
    const order: string[] = [];
    let context!: PeerContext;
    const events: unknown[] = [];
    const { host, calls, isStopped } = await start({
      activate(api, ctx) {
        context = ctx;
        api.events.on('git.*', (e) => events.push(e.type));
        ctx.subscriptions.push({ dispose: () => order.push('mine') });
      },
      deactivate: () => void order.push('deactivate'),
    });
    assert.equal(context.host.projectId, 'p1');
    assert.ok(context.subscriptions.length >= 3, 'the action/event registrations are on the list');
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(calls.find(([m]) => m === 'events/subscribe')?.[1], { types: ['git.*'] });
    host.notify('events/event', { subscription: 'sub-1', event: { type: 'git.changed' } });
    host.notify('events/event', { subscription: 'sub-999', event: { type: 'other' } });
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(events, ['git.changed']);
    void host.close('test');
    for (let i = 0; i < 50 && !isStopped(); i += 1) await new Promise((r) => setImmediate(r));
    assert.equal(isStopped(), true);
    assert.deepEqual(order, ['deactivate', 'mine']);
    assert.equal(context.subscriptions.length, 0);
  });

  it('shutdown deactivates and unwinds before answering', async () => {
    const order: string[] = [];
    const { host } = await start({ activate: (_api, ctx) => void ctx.subscriptions.push({ dispose: () => order.push('disposed') }), deactivate: () => void order.push('deactivate') });
    await host.request('shutdown', {});
    assert.deepEqual(order, ['deactivate', 'disposed']);
  });

  it("the author's activate runs while the host's activate is pending, and the answer waits for it", async () => {
    const [hostSide, peerSide] = createLinkedTransports();
    const host = new Connection({ transport: hostSide, name: 'peer' });
    const order: string[] = [];
    host.onRequest('status/set', () => (order.push('status/set'), {}));
    host.listen();
    runPeer(
      {
        activate: async (api) => {
          await api.status.set('gs.branch', { text: 'x' });
          order.push('activate returned');
        },
      },
      { connection: new Connection({ transport: peerSide, name: 'host' }), ownPackage: { dir: '/p', version: '1', manifest: MANIFEST }, onStopped: () => undefined, env: {} },
    );
    await host.request('initialize', { protocol: { min: 1, max: 1 }, host: { name: 'outboard', version: '0' }, instanceId: 'i', features: {}, extension: { name: 'gs', version: '1' } });
    await host.request('activate', { grants: ['ui.status.contribute'], context: {} });
    order.push('activate answered');
    assert.deepEqual(order, ['status/set', 'activate returned', 'activate answered']);
    void host.close('test');
  });

  it('an activate that throws: the answer to activate and ready reject naming it, actions are answered unavailable', async () => {
    const [hostSide, peerSide] = createLinkedTransports();
    const host = new Connection({ transport: hostSide, name: 'peer' });
    host.listen();
    const peer = runPeer({ activate: () => { throw new Error('no config'); }, actions: { 'gs.log': () => undefined } }, { connection: new Connection({ transport: peerSide, name: 'host' }), ownPackage: { dir: '/p', version: '1', manifest: MANIFEST }, onStopped: () => undefined, env: {} });
    await host.request('initialize', { protocol: { min: 1, max: 1 }, host: { name: 'outboard', version: '0' }, instanceId: 'i', features: {}, extension: { name: 'gs', version: '1' } });
    // The failure is the answer to activate: the host reports it as the activation failure.
    await assert.rejects(host.request('activate', { grants: [], context: {} }), /activate failed: no config/);
    await assert.rejects(peer.ready, /activate failed: no config/);
    await assert.rejects(host.request('actions/invoke', { id: 'gs.log', args: {} }), /failed to activate/);
    void host.close('test');
  });
});
