import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ResponseError } from '../../src/index.js';
import { connectedPair, rawPeer, turns } from './connection-pair.js';

const isReason = (reason: string) => (e: unknown) => e instanceof ResponseError && e.reason === reason && e.origin === 'local';

describe('Connection: deadlines and cancellation', () => {
  it('rejects at the deadline with timeout, sends $/cancelRequest and suppresses the late answer', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const { connection, send, nextMessage, warnings } = rawPeer({ requestTimeoutMs: 1000 });
    connection.listen();
    let settled = false;
    const call = connection.request('slow');
    call.catch(() => (settled = true));
    assert.deepEqual(await nextMessage(), { jsonrpc: '2.0', id: 1, method: 'slow' });
    t.mock.timers.tick(999);
    await turns();
    assert.equal(settled, false);
    t.mock.timers.tick(1);
    await assert.rejects(call, (e: unknown) => isReason('timeout')(e) && (e as ResponseError).code === -32001 && /within 1000 ms/.test((e as Error).message));
    assert.deepEqual(await nextMessage(), { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 1 } });
    send('{"jsonrpc":"2.0","id":1,"result":"too late"}\n');
    await turns();
    assert.equal(connection.diagnostics().lateResponses, 1);
    assert.deepEqual(warnings, []);
    assert.equal(connection.diagnostics().deadlinesArmed, 0);
  });

  it('takes a per-call deadline over the default, and 0 means none', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const { connection, send, nextMessage } = rawPeer({ requestTimeoutMs: 1000 });
    connection.listen();
    const short = connection.request('a', undefined, { timeoutMs: 10 });
    const never = connection.request('b', undefined, { timeoutMs: 0 });
    await nextMessage();
    await nextMessage();
    t.mock.timers.tick(10);
    await assert.rejects(short, isReason('timeout'));
    t.mock.timers.tick(10 * 60 * 1000);
    send('{"jsonrpc":"2.0","id":2,"result":"fine"}\n');
    assert.equal(await never, 'fine');
  });

  it('rejects at once with cancelled when the caller aborts; the handler sees its signal abort', async () => {
    const { host, peer } = connectedPair();
    let handlerSignal: AbortSignal | undefined;
    const started = new Promise<void>((resolve) => {
      peer.onRequest('work', (_params, context) => {
        handlerSignal = context.signal;
        resolve();
        return new Promise((_, reject) => context.signal.addEventListener('abort', () => reject(context.signal.reason as Error)));
      });
    });
    host.listen();
    peer.listen();
    const controller = new AbortController();
    const call = host.request('work', {}, { signal: controller.signal });
    await started;
    controller.abort();
    await assert.rejects(call, (e: unknown) => isReason('cancelled')(e) && (e as ResponseError).code === -32800);
    await turns(5);
    assert.equal(handlerSignal?.aborted, true);
    assert.equal((handlerSignal?.reason as ResponseError).reason, 'cancelled');
    // The peer answered `cancelled` after its handler stopped; that answer was suppressed.
    assert.equal(host.diagnostics().lateResponses, 1);
    assert.equal(peer.diagnostics().runningIncoming, 0);
  });

  it('does not send a request whose signal is already aborted', async () => {
    const { connection, received } = rawPeer();
    connection.listen();
    await assert.rejects(connection.request('x', {}, { signal: AbortSignal.abort() }), isReason('cancelled'));
    await turns();
    assert.deepEqual(received, []);
  });
});

describe('Connection: progress', () => {
  it('coalesces a burst of 10,000 reports into a bounded number, the last value before the result', async () => {
    const { host, peer } = connectedPair();
    peer.onRequest('count', (_params, context) => {
      assert.equal(context.wantsProgress, true);
      for (let i = 1; i <= 10000; i++) context.progress({ done: i });
      return 'finished';
    });
    host.listen();
    peer.listen();
    const values: unknown[] = [];
    const result = await host.request('count', {}, { onProgress: (v) => values.push(v) });
    assert.equal(result, 'finished');
    assert.ok(values.length >= 1 && values.length <= 2, `${values.length} progress notifications`);
    assert.deepEqual(values.at(-1), { done: 10000 });
  });

  it('sends at most one progress per turn for a handler that keeps reporting', async () => {
    const { host, peer } = connectedPair();
    peer.onRequest('stream', async (_params, context) => {
      for (let turn = 0; turn < 5; turn++) {
        for (let i = 0; i < 100; i++) context.progress(turn * 100 + i);
        await new Promise((resolve) => setImmediate(resolve));
      }
      return 'done';
    });
    host.listen();
    peer.listen();
    const values: unknown[] = [];
    await host.request('stream', {}, { onProgress: (v) => values.push(v) });
    assert.ok(values.length <= 6, `${values.length} progress notifications`);
    assert.deepEqual(values.at(-1), 499);
  });

  it('puts the progress token in params._meta without changing the caller\'s params', async () => {
    const { connection, nextMessage } = rawPeer();
    connection.listen();
    const params = { q: 1, _meta: { trace: 'x' } };
    void connection.request('p', params, { onProgress: () => undefined }).catch(() => undefined);
    assert.deepEqual(await nextMessage(), { jsonrpc: '2.0', id: 1, method: 'p', params: { q: 1, _meta: { trace: 'x', progressToken: 1 } } });
    assert.deepEqual(params, { q: 1, _meta: { trace: 'x' } });
    await connection.close();
  });

  it('restarts the deadline on progress only when the caller asks', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const { connection, send, nextMessage } = rawPeer({ requestTimeoutMs: 1000 });
    connection.listen();
    const plain = connection.request('a', {}, { onProgress: () => undefined });
    const resetting = connection.request('b', {}, { onProgress: () => undefined, resetTimeoutOnProgress: true });
    let plainDone = false;
    let resettingDone = false;
    plain.catch(() => (plainDone = true));
    resetting.catch(() => (resettingDone = true));
    await nextMessage();
    await nextMessage();
    t.mock.timers.tick(800);
    send('{"jsonrpc":"2.0","method":"$/progress","params":{"token":1,"value":1}}\n{"jsonrpc":"2.0","method":"$/progress","params":{"token":2,"value":1}}\n');
    await turns();
    t.mock.timers.tick(200);
    await turns();
    assert.equal(plainDone, true);
    assert.equal(resettingDone, false);
    await assert.rejects(plain, isReason('timeout'));
    t.mock.timers.tick(799);
    await turns();
    assert.equal(resettingDone, false);
    t.mock.timers.tick(1);
    await assert.rejects(resetting, isReason('timeout'));
  });
});
