import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHost } from '@outboard/host';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import { dispatchJsonRpc, MAX_BATCH } from '../../src/transports/json-rpc.js';

const root = mkdtempSync(join(tmpdir(), 'hub-jsonrpc-'));
after(() => rmSync(root, { recursive: true, force: true }));
const host = createHost({
  identity: { id: 'outboard', version: '1.0.0' },
  home: root,
  cwd: root,
  env: {},
  globalRoots: [],
  plugins: [{ name: 'demo', setup: (ctx) => { ctx.rpc.register('demo.echo', (p, c) => { c.progress('half'); return p; }); ctx.rpc.register('demo.fail', () => { throw new Error('it broke'); }); } }],
});
const ctx = { signal: new AbortController().signal, caller: 'test' };

describe('dispatchJsonRpc', () => {
  it('answers a request, reports progress by request id, and answers nothing to a notification', async () => {
    const progress: unknown[] = [];
    assert.deepEqual(await dispatchJsonRpc(host.rpc, { jsonrpc: '2.0', id: 3, method: 'demo.echo', params: { a: 1 } }, { ...ctx, progress: (id, v) => progress.push([id, v]) }), { jsonrpc: '2.0', id: 3, result: { a: 1 } });
    assert.deepEqual(progress, [[3, 'half']]);
    assert.equal(await dispatchJsonRpc(host.rpc, { jsonrpc: '2.0', method: 'demo.echo' }, ctx), undefined);
  });

  it('answers a batch in order, leaving notifications out; refuses an empty or oversized batch', async () => {
    const answers = (await dispatchJsonRpc(host.rpc, [
      { jsonrpc: '2.0', id: 'x', method: 'demo.echo', params: { n: 1 } },
      { jsonrpc: '2.0', method: 'demo.echo' },
      { jsonrpc: '2.0', id: 'y', method: 'demo.fail' },
      { nope: true },
    ], ctx)) as Array<Record<string, any>>;
    assert.deepEqual(answers.map((a) => a.id), ['x', 'y', null]);
    assert.equal(answers[1]!.error.message, 'it broke');
    assert.equal(answers[1]!.error.data.code, 'internal');
    assert.equal(answers[2]!.error.code, -32600);
    assert.equal(((await dispatchJsonRpc(host.rpc, [], ctx)) as Record<string, any>).error.code, -32600);
    const big = Array.from({ length: MAX_BATCH + 1 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'demo.echo' }));
    assert.match(((await dispatchJsonRpc(host.rpc, big, ctx)) as Record<string, any>).error.message, /at most 100/);
  });

  it('keeps wire codes: unknown method, non-object params', async () => {
    const missing = (await dispatchJsonRpc(host.rpc, { jsonrpc: '2.0', id: 1, method: 'no.such' }, ctx)) as Record<string, any>;
    assert.equal(missing.error.code, -32601);
    assert.equal(missing.error.data.code, 'method_not_found');
    const bad = (await dispatchJsonRpc(host.rpc, { jsonrpc: '2.0', id: 2, method: 'demo.echo', params: [1] }, ctx)) as Record<string, any>;
    assert.equal(bad.error.code, -32602);
  });
});
