import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResponseError } from '@outboard/protocol';
import { RpcRegistry, type PeerRpcRoute } from '../../src/calls/rpc-registry.js';
import { negotiateWireVersion } from '../../src/rpc/wire-version.js';
import { isOutboardError } from '../../src/errors/index.js';

function peerRoute(declared: Record<string, string[]>, calls: string[] = []): PeerRpcRoute {
  return {
    declarers: async (method) => Object.entries(declared).filter(([, methods]) => methods.includes(method)).map(([name]) => name),
    declared: async () => Object.entries(declared).flatMap(([owner, methods]) => methods.map((method) => ({ method, owner }))),
    call: async (method, params) => {
      calls.push(method);
      return { served: method, params };
    },
  };
}

describe('RpcRegistry', () => {
  it('calls a registered method with its params, caller, signal and progress', async () => {
    const rpc = new RpcRegistry();
    const seen: unknown[] = [];
    rpc.register('demo.echo', (params, ctx) => {
      ctx.progress(1);
      return { params, caller: ctx.caller, aborted: ctx.signal.aborted };
    }, 'plugin:demo');
    const result = await rpc.call('demo.echo', { a: 1 }, { caller: 'ws', progress: (v) => seen.push(v) });
    assert.deepEqual(result, { params: { a: 1 }, caller: 'ws', aborted: false });
    assert.deepEqual(seen, [1]);
  });

  it('refuses a taken name naming both owners, and a malformed name or handler', () => {
    const rpc = new RpcRegistry();
    rpc.register('demo.one', () => 1, 'plugin:a');
    assert.throws(() => rpc.register('demo.one', () => 2, 'plugin:b'), (e: unknown) => isOutboardError(e) && e.code === 'RPC_METHOD_TAKEN' && /plugin:a/.test(e.message) && /plugin:b/.test(e.message));
    assert.throws(() => rpc.register('nodot', () => 1, 'plugin:a'), (e: unknown) => isOutboardError(e) && e.code === 'RPC_METHOD_INVALID');
    assert.throws(() => rpc.register('demo.two', 'x' as never, 'plugin:a'), (e: unknown) => isOutboardError(e) && e.code === 'RPC_METHOD_INVALID');
  });

  it('frees a name when its registration is disposed', async () => {
    const rpc = new RpcRegistry();
    rpc.register('demo.one', () => 1, 'plugin:a').dispose();
    rpc.register('demo.one', () => 2, 'plugin:b');
    assert.equal(await rpc.call('demo.one', {}), 2);
  });

  it('routes a method peers declare to the peers, and refuses unknown methods and non-object params', async () => {
    const rpc = new RpcRegistry();
    const calls: string[] = [];
    rpc.routePeers(peerRoute({ git: ['git.log'] }, calls));
    assert.deepEqual(await rpc.call('git.log', { n: 2 }), { served: 'git.log', params: { n: 2 } });
    assert.deepEqual(calls, ['git.log']);
    await assert.rejects(rpc.call('git.nope', {}), (e: unknown) => e instanceof ResponseError && e.reason === 'method_not_found');
    await assert.rejects(rpc.call('git.log', [1]), (e: unknown) => e instanceof ResponseError && e.reason === 'invalid_params');
  });

  it('refuses a method both registered and declared by an extension, naming both owners', async () => {
    const rpc = new RpcRegistry();
    rpc.register('git.log', () => 'plugin', 'plugin:gitlog');
    rpc.routePeers(peerRoute({ git: ['git.log'] }));
    await assert.rejects(rpc.call('git.log', {}), (e: unknown) => {
      assert.ok(e instanceof ResponseError && e.reason === 'unavailable');
      assert.deepEqual((e.data as unknown as { owners: string[] }).owners, ['plugin:gitlog', 'extension:git']);
      return true;
    });
  });

  it('checks a gated method\'s capability for callers with grants only', async () => {
    const rpc = new RpcRegistry();
    rpc.register('data.read', () => 'ok', 'host', { capability: 'projects.read' });
    assert.equal(await rpc.call('data.read', {}), 'ok');
    assert.equal(await rpc.call('data.read', {}, { grants: { capabilities: ['projects.read'] } }), 'ok');
    await assert.rejects(rpc.call('data.read', {}, { caller: 'extension x', grants: { capabilities: ['rpc.call'] } }), (e: unknown) => e instanceof ResponseError && e.reason === 'denied' && /projects\.read/.test(e.message));
  });

  it('lists every method with its owner, sorted', async () => {
    const rpc = new RpcRegistry();
    rpc.register('zed.z', () => 1, 'host');
    rpc.routePeers(peerRoute({ git: ['git.log'] }));
    assert.deepEqual(await rpc.methods(), [
      { method: 'git.log', owner: 'extension:git' },
      { method: 'zed.z', owner: 'host' },
    ]);
  });
});

describe('negotiateWireVersion', () => {
  it('answers the highest common version, or undefined when none', () => {
    assert.equal(negotiateWireVersion(undefined), 1);
    assert.equal(negotiateWireVersion([1, 2]), 1);
    assert.equal(negotiateWireVersion(1), 1);
    assert.equal(negotiateWireVersion([2, 3]), undefined);
  });
});
