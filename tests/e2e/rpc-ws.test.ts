// /api/ws (JSON-RPC 2.0 over WebSocket) and /api/rpc (one request or a batch) answered from the host's one
// registry: built-ins and plugins' methods; events.subscribe notifications with seq; wire version negotiation.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { send } from './hub-home.js';
import { startBusHub, WsClient, type TestBusHub } from './events-hub.js';

describe('/api/ws and /api/rpc', { timeout: 60_000 }, () => {
  let hub: TestBusHub;
  before(async () => {
    hub = await startBusHub({ plugins: [{ name: 'calc', setup: (ctx) => void ctx.rpc.register('calc.add', (p) => (p.a as number) + (p.b as number)) }] });
  });
  after(async () => {
    await hub.close();
  });

  it('refuses a WebSocket without the token, or with no common wire version', async () => {
    await assert.rejects(WsClient.connect(hub.port, undefined), (e: { status?: number }) => e.status === 401);
    await assert.rejects(WsClient.connect(hub.port, hub.token, '?version=9'), (e: { status?: number }) => e.status === 400);
  });

  it('calls built-ins and plugin methods, answers batches, and refuses unknown methods and bad JSON', async () => {
    const ws = await WsClient.connect(hub.port, hub.token, '?version=1');
    const info = await ws.call('host.info');
    assert.equal(info.result.id, 'outboard');
    assert.equal(info.result.wireVersion, 1);
    assert.equal((await ws.call('calc.add', { a: 2, b: 40 })).result, 42);
    const missing = await ws.call('no.such');
    assert.equal(missing.error.code, -32601);
    assert.equal(missing.error.data.code, 'method_not_found');
    const batch = new Promise<any>((resolve) => ws.ws.once('message', (d) => resolve(JSON.parse(String(d)))));
    await ws.send([
      { jsonrpc: '2.0', id: 'a', method: 'calc.add', params: { a: 1, b: 1 } },
      { jsonrpc: '2.0', method: 'calc.add', params: { a: 0, b: 0 } },
      { jsonrpc: '2.0', id: 'b', method: 'projects.list' },
    ]);
    const answers = await batch;
    assert.deepEqual(answers.map((a: { id: string }) => a.id), ['a', 'b']);
    assert.equal(answers[0].result, 2);
    const parse = new Promise<any>((resolve) => ws.ws.once('message', (d) => resolve(JSON.parse(String(d)))));
    await ws.send('{nope');
    assert.equal((await parse).error.code, -32700);
    ws.close();
  });

  it('events.subscribe sends events.event notifications with seq, filtered; unsubscribe stops them', async () => {
    const ws = await WsClient.connect(hub.port, hub.token);
    const sub = await ws.call('events.subscribe', { types: ['demo.*'] });
    const id = sub.result.subscription;
    assert.equal(typeof id, 'string');
    hub.host.bus.publish({ type: 'other.x', source: 't' });
    const e = hub.host.bus.publish({ type: 'demo.hello', source: 't', attributes: { n: 1 } });
    await ws.until('the demo event', () => ws.notifications.some((n) => n.method === 'events.event'));
    const [note] = ws.notifications.filter((n) => n.method === 'events.event');
    assert.equal(note!.params.subscription, id);
    assert.equal(note!.params.seq, e.seq);
    assert.equal(note!.params.event.type, 'demo.hello');
    assert.equal((await ws.call('events.unsubscribe', { subscription: id })).result.unsubscribed, true);
    assert.equal((await ws.call('events.unsubscribe', { subscription: id })).error.data.code, 'not_found');
    const bad = await ws.call('events.subscribe', { types: ['bad glob'] });
    assert.equal(bad.error.data.code, 'invalid_params');
    // Resume: since replays from the ring.
    const resumed = await ws.call('events.subscribe', { types: ['demo.*'], since: e.seq - 1 });
    await ws.until('the replayed event', () => ws.notifications.some((n) => n.method === 'events.event' && n.params.subscription === resumed.result.subscription));
    ws.close();
  });

  it('drops a WebSocket client that does not read instead of waiting for it', async () => {
    const ws = await WsClient.connect(hub.port, hub.token);
    await ws.call('events.subscribe', { types: ['big.*'] });
    const before = hub.host.bus.stats().subscribers;
    const closed = new Promise<void>((resolve) => ws.ws.once('close', () => resolve()));
    ws.ws.pause();
    const big = 'x'.repeat(64 * 1024);
    // Bounded: at most 400 events of 64 KiB before the hub must have let go of it.
    for (let i = 0; i < 400 && hub.host.bus.stats().subscribers >= before; i++) {
      hub.host.bus.publish({ type: 'big.event', source: 't', body: big });
      await new Promise((r) => setImmediate(r));
    }
    assert.equal(hub.host.bus.stats().subscribers, before - 1);
    ws.ws.resume();
    await closed;
  });

  it('POST /api/rpc answers one request or a batch from the same registry', async () => {
    const post = (body: unknown) => send(hub.port, 'POST', '/api/rpc', { authorization: `Bearer ${hub.token}`, 'content-type': 'application/json' }, JSON.stringify(body));
    const one = JSON.parse((await post({ jsonrpc: '2.0', id: 7, method: 'calc.add', params: { a: 3, b: 4 } })).body);
    assert.deepEqual(one, { jsonrpc: '2.0', id: 7, result: 7, apiVersion: 1 });
    const many = JSON.parse((await post([{ jsonrpc: '2.0', id: 1, method: 'host.info' }, { jsonrpc: '2.0', id: 2, method: 'no.such' }])).body);
    assert.equal(many.length, 2);
    assert.equal(many[0].result.id, 'outboard');
    assert.equal(many[1].error.data.code, 'method_not_found');
    const onlyNotes = await post([{ jsonrpc: '2.0', method: 'host.info' }]);
    assert.equal(onlyNotes.status, 204);
    const empty = JSON.parse((await post([])).body);
    assert.equal(empty.error.code, -32600);
  });

  it('GET /api/version states the wire version, the highest common one with the client\'s', async () => {
    const auth = { authorization: `Bearer ${hub.token}` };
    const plain = JSON.parse((await send(hub.port, 'GET', '/api/version', auth)).body);
    assert.equal(plain.wireVersion, 1);
    assert.deepEqual(plain.wireVersions, [1]);
    assert.equal(JSON.parse((await send(hub.port, 'GET', '/api/version?version=1,2', auth)).body).wireVersion, 1);
    assert.equal((await send(hub.port, 'GET', '/api/version?version=7', auth)).status, 400);
    // The current major is also served under /api/v1/, so a client can pin it.
    assert.equal(JSON.parse((await send(hub.port, 'GET', '/api/v1/version', auth)).body).wireVersion, 1);
    const pinned = await WsClient.connect(hub.port, hub.token, '', '/api/v1/ws');
    assert.equal((await pinned.call('host.info')).result.wireVersion, 1);
    pinned.close();
  });
});
