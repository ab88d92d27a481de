import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, ConnectionError, ResponseError, createLinkedTransports } from '../../src/index.js';
import { connectedPair, rawPeer, turns } from './connection-pair.js';

describe('Connection: requests and notifications', () => {
  it('correlates concurrent requests in both directions by id, answering out of order', async () => {
    const { host, peer } = connectedPair();
    peer.onRequest<{ ms: number; tag: string }>('sleep', ({ ms, tag }) => new Promise((resolve) => setTimeout(() => resolve(tag), ms)));
    host.onRequest<{ n: number }>('double', ({ n }) => n * 2);
    host.listen();
    peer.listen();
    const order: string[] = [];
    const calls = [30, 10, 20].map((ms, i) => host.request('sleep', { ms, tag: `t${i}` }).then((tag) => order.push(tag as string)));
    const back = await Promise.all([1, 2, 3].map((n) => peer.request('double', { n })));
    await Promise.all(calls);
    assert.deepEqual(back, [2, 4, 6]);
    assert.deepEqual(order, ['t1', 't2', 't0']);
  });

  it('delivers notifications and sends undefined results as null', async () => {
    const { host, peer } = connectedPair();
    const seen: unknown[] = [];
    peer.onNotification('note', (p) => void seen.push(p));
    peer.onRequest('nothing', () => undefined);
    host.listen();
    peer.listen();
    host.notify('note', { a: 1 });
    assert.equal(await host.request('nothing'), null);
    assert.deepEqual(seen, [{ a: 1 }]);
  });

  it('answers an unknown method with method_not_found and a thrown error with internal', async () => {
    const { host, peer } = connectedPair();
    peer.onRequest('boom', () => {
      throw new Error('kaput');
    });
    peer.onRequest('refuse', async () => {
      throw new ResponseError('denied', 'needs projects.read', { capability: 'projects.read' });
    });
    host.listen();
    peer.listen();
    await assert.rejects(host.request('nope'), (e: unknown) => e instanceof ResponseError && e.code === -32601 && e.reason === 'method_not_found' && e.origin === 'peer');
    await assert.rejects(host.request('boom'), (e: unknown) => e instanceof ResponseError && e.reason === 'internal' && /kaput/.test(e.message));
    await assert.rejects(host.request('refuse'), (e: unknown) => e instanceof ResponseError && e.reason === 'denied' && e.code === -32004 && e.data['capability'] === 'projects.read');
  });

  it('answers $/ping by itself', async () => {
    const { host, peer } = connectedPair();
    host.listen();
    peer.listen();
    assert.deepEqual(await host.request('$/ping'), {});
  });

  it('guards its state with local ConnectionErrors', async () => {
    const [a] = createLinkedTransports();
    const connection = new Connection({ transport: a });
    assert.equal(connection.state, 'new');
    await assert.rejects(connection.request('x'), (e: unknown) => e instanceof ConnectionError && e.code === 'not_listening');
    assert.throws(() => connection.notify('x'), (e: unknown) => e instanceof ConnectionError && e.code === 'not_listening');
    connection.onRequest('m', () => 1);
    assert.throws(() => connection.onRequest('m', () => 2), (e: unknown) => e instanceof ConnectionError && e.code === 'duplicate_handler');
    assert.throws(() => connection.onNotification('$/progress', () => undefined), (e: unknown) => e instanceof ConnectionError && e.code === 'reserved_method');
    const listening = connection.listen();
    assert.equal(connection.state, 'open');
    assert.throws(() => connection.listen(), (e: unknown) => e instanceof ConnectionError && e.code === 'already_listening');
    listening.dispose();
    listening.dispose();
    assert.equal(connection.state, 'closed');
    await assert.rejects(connection.request('x'), (e: unknown) => e instanceof ConnectionError && e.code === 'closed');
    assert.throws(() => connection.notify('x'), (e: unknown) => e instanceof ConnectionError && e.code === 'closed');
  });

  it('refuses params that cannot be encoded, locally', async () => {
    const { host, peer } = connectedPair();
    host.listen();
    peer.listen();
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    await assert.rejects(host.request('x', cyclic), (e: unknown) => e instanceof ConnectionError && e.code === 'unserializable');
    await assert.rejects(host.request('x', { n: 10n }), (e: unknown) => e instanceof ConnectionError && e.code === 'unserializable');
  });

  it('a handler registration can be disposed (twice, harmlessly)', async () => {
    const { host, peer } = connectedPair();
    const registration = peer.onRequest('m', () => 1);
    host.listen();
    peer.listen();
    assert.equal(await host.request('m'), 1);
    registration.dispose();
    registration.dispose();
    await assert.rejects(host.request('m'), (e: unknown) => e instanceof ResponseError && e.reason === 'method_not_found');
  });
});

describe('Connection: malformed input from the peer', () => {
  it('answers unparsable JSON with parse_error (id null) and invalid messages with invalid_request, and lives on', async () => {
    const { connection, send, nextMessage, warnings } = rawPeer();
    connection.onRequest('echo', (p) => p);
    connection.listen();
    send('{"jsonrpc":"2.0","id":\n');
    assert.deepEqual(await nextMessage(), { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'the message is not valid JSON; send one JSON-RPC object per line', data: { code: 'parse_error' } } });
    send('{"jsonrpc":"2.0","id":41}\n');
    const invalid = (await nextMessage()) as { id: number; error: { code: number; data: { code: string } } };
    assert.equal(invalid.id, 41);
    assert.equal(invalid.error.code, -32600);
    assert.equal(invalid.error.data.code, 'invalid_request');
    send('[{"jsonrpc":"2.0","id":1,"method":"echo"}]\n');
    const batch = (await nextMessage()) as { id: null; error: { message: string } };
    assert.equal(batch.id, null);
    assert.match(batch.error.message, /no batches/);
    send('{"jsonrpc":"2.0","id":5,"method":"echo","params":[1]}\n');
    assert.deepEqual(await nextMessage(), { jsonrpc: '2.0', id: 5, result: [1] });
    assert.deepEqual(warnings.map((w) => w.code), ['parse_error', 'invalid_message', 'invalid_message']);
    const d = connection.diagnostics();
    assert.equal(d.parseErrors, 1);
    assert.equal(d.invalidMessages, 2);
  });

  it('drops a response for an id it never sent, with a warning', async () => {
    const { connection, send, warnings } = rawPeer();
    connection.listen();
    send('{"jsonrpc":"2.0","id":999,"result":1}\n');
    await turns();
    assert.equal(connection.diagnostics().unmatchedResponses, 1);
    assert.equal(warnings[0]?.code, 'unmatched_response');
  });

  it('rejects a duplicate id of a request still in progress', async () => {
    const { connection, send, nextMessage } = rawPeer();
    connection.onRequest('wait', () => new Promise(() => undefined));
    connection.listen();
    send('{"jsonrpc":"2.0","id":1,"method":"wait"}\n{"jsonrpc":"2.0","id":1,"method":"wait"}\n');
    const answer = (await nextMessage()) as { id: number; error: { data: { code: string } } };
    assert.equal(answer.id, 1);
    assert.equal(answer.error.data.code, 'invalid_request');
    await connection.close();
  });
});

describe('Connection: options', () => {
  it('throws a TypeError naming the option and the value', () => {
    const [a] = createLinkedTransports();
    assert.throws(() => new Connection({ transport: a, requestTimeoutMs: -5 }), { name: 'TypeError', message: 'ConnectionOptions.requestTimeoutMs must be an integer >= 0 (milliseconds), got -5' });
    assert.throws(() => new Connection({ transport: a, maxMessageBytes: 10 }), { name: 'TypeError', message: 'ConnectionOptions.maxMessageBytes must be an integer >= 1024 (bytes), got 10' });
    assert.throws(() => new Connection({ transport: a, framing: 'xml' as never }), /ConnectionOptions.framing must be "auto", "ndjson" or "content-length", got "xml"/);
    assert.throws(() => new Connection({ transport: a, maxIncomingInFlight: 0 }), /maxIncomingInFlight must be an integer >= 1 \(requests\), got 0/);
    assert.throws(() => new Connection({ transport: a, maxMessageBytes: 4096, maxQueuedWriteBytes: 2048 }), /maxQueuedWriteBytes must be >= maxMessageBytes \(4096\), got 2048/);
    assert.throws(() => new Connection({ transport: {} as never }), /ConnectionOptions.transport must be a Transport/);
    assert.throws(() => new Connection({ transport: a, name: '' }), /ConnectionOptions.name must be a non-empty string, got ""/);
  });

  it('throws a TypeError for bad per-call options', async () => {
    const { host, peer } = connectedPair();
    host.listen();
    peer.listen();
    assert.throws(() => host.request('x', {}, { timeoutMs: 1.5 }), /RequestOptions.timeoutMs must be an integer >= 0 \(milliseconds, 0 = none\), got 1.5/);
    assert.throws(() => host.request('x', [1], { onProgress: () => undefined }), /onProgress needs params to be an object or undefined/);
    assert.throws(() => host.request('x', {}, { signal: 'no' as never }), /RequestOptions.signal must be an AbortSignal, got "no"/);
  });
});
