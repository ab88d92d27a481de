import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResponseError } from '@outboard/protocol';
import { RpcRegistry, type RpcCallRecord } from '../../src/calls/rpc-registry.js';

describe('RpcRegistry.observe', () => {
  it('reports each finished call with owner, caller, outcome, code and timing, never params or results', async () => {
    const rpc = new RpcRegistry();
    const seen: RpcCallRecord[] = [];
    const observer = rpc.observe((call) => seen.push(call));
    rpc.observe(() => {
      throw new Error('a broken observer changes no answer');
    });
    rpc.register('demo.ok', (params) => ({ got: params }), 'plugin:demo');
    rpc.register('demo.refuse', () => {
      throw new ResponseError('denied', 'no');
    }, 'host');
    assert.deepEqual(await rpc.call('demo.ok', { secret: 's3' }, { caller: 'ws' }), { got: { secret: 's3' } });
    await assert.rejects(rpc.call('demo.refuse', {}, { caller: 'http' }), /no/);
    await assert.rejects(rpc.call('nobody.serves', {}, { caller: 'cli' }), /no RPC method/);
    assert.deepEqual(seen.map(({ method, owner, caller, outcome, code }) => ({ method, owner, caller, outcome, code })), [
      { method: 'demo.ok', owner: 'plugin:demo', caller: 'ws', outcome: 'ok', code: undefined },
      { method: 'demo.refuse', owner: 'host', caller: 'http', outcome: 'error', code: 'denied' },
      { method: 'nobody.serves', owner: undefined, caller: 'cli', outcome: 'error', code: 'method_not_found' },
    ]);
    for (const call of seen) {
      assert.ok(call.durationMs >= 0 && Math.abs(call.startTime - Date.now()) < 60_000);
      assert.ok(!JSON.stringify(call).includes('s3'));
    }
    observer.dispose();
    await rpc.call('demo.ok', {});
    assert.equal(seen.length, 3, 'a disposed observer hears nothing more');
  });
});
