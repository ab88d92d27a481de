import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, ResponseError, createLinkedTransports } from '../../src/index.js';
import { connectedPair, rawPeer, turns } from './connection-pair.js';

describe('Connection: cap on incoming requests in flight', () => {
  it('runs at most maxIncomingInFlight, queues up to maxIncomingQueued, refuses the rest with unavailable', async () => {
    const { connection, send, nextMessage } = rawPeer({ maxIncomingInFlight: 2, maxIncomingQueued: 1 });
    const release: Array<() => void> = [];
    const started: number[] = [];
    connection.onRequest<{ n: number }>('job', ({ n }) => {
      started.push(n);
      return new Promise<number>((resolve) => release.push(() => resolve(n)));
    });
    connection.listen();
    for (let n = 1; n <= 4; n++) send(`{"jsonrpc":"2.0","id":${n},"method":"job","params":{"n":${n}}}\n`);
    const refused = (await nextMessage()) as { id: number; error: { code: number; data: { code: string } } };
    assert.equal(refused.id, 4);
    assert.equal(refused.error.data.code, 'unavailable');
    assert.deepEqual(started, [1, 2]);
    assert.equal(connection.diagnostics().queuedIncoming, 1);

    // A waiting request that is cancelled is dropped without ever running.
    send('{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":3}}\n');
    const dropped = (await nextMessage()) as { id: number; error: { data: { code: string } } };
    assert.equal(dropped.id, 3);
    assert.equal(dropped.error.data.code, 'cancelled');
    release.shift()?.();
    assert.deepEqual(await nextMessage(), { jsonrpc: '2.0', id: 1, result: 1 });
    send('{"jsonrpc":"2.0","id":5,"method":"job","params":{"n":5}}\n');
    await turns();
    assert.deepEqual(started, [1, 2, 5]);
    await connection.close();
  });

  it('starts queued requests in order as slots free up', async () => {
    const { host, peer } = connectedPair({ peer: { maxIncomingInFlight: 1 } });
    const log: string[] = [];
    peer.onRequest<string>('step', async (name) => {
      log.push(`start ${name}`);
      await turns(1);
      log.push(`end ${name}`);
      return name;
    });
    host.listen();
    peer.listen();
    await Promise.all(['a', 'b', 'c'].map((n) => host.request('step', n)));
    assert.deepEqual(log, ['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});

describe('Connection: size limits', () => {
  const limit = 4096;
  const big = 'x'.repeat(limit * 2);

  it('answers an oversized incoming request with too_large and its id, and lives on', async () => {
    const { connection, send, nextMessage, warnings } = rawPeer({ maxMessageBytes: limit });
    connection.onRequest('echo', (p) => p);
    connection.listen();
    send(`{"jsonrpc":"2.0","id":7,"method":"echo","params":"${big}"}\n{"jsonrpc":"2.0","id":8,"method":"echo","params":"ok"}\n`);
    const refused = (await nextMessage()) as { id: number; error: { code: number; data: { code: string; limit: number } } };
    assert.equal(refused.id, 7);
    assert.equal(refused.error.code, -32003);
    assert.equal(refused.error.data.code, 'too_large');
    assert.equal(refused.error.data.limit, limit);
    assert.deepEqual(await nextMessage(), { jsonrpc: '2.0', id: 8, result: 'ok' });
    assert.equal(warnings[0]?.code, 'oversized_incoming');
    assert.match(warnings[0]?.message ?? '', /raw-peer sent a request "echo" \(id 7\)/);
  });

  it('rejects a request at once when its answer is oversized', async () => {
    const { connection, send, nextMessage } = rawPeer({ maxMessageBytes: limit });
    connection.listen();
    const call = connection.request('big');
    await nextMessage();
    send(`{"jsonrpc":"2.0","id":1,"result":"${big}"}\n`);
    await assert.rejects(call, (e: unknown) => e instanceof ResponseError && e.reason === 'too_large' && e.origin === 'local');
  });

  it('refuses an oversized outgoing request or notification locally, sending nothing', async () => {
    const { connection, received } = rawPeer({ maxMessageBytes: limit });
    connection.listen();
    await assert.rejects(connection.request('x', big), (e: unknown) => e instanceof ResponseError && e.reason === 'too_large' && /over the 4096-byte limit/.test(e.message));
    assert.throws(() => connection.notify('x', big), (e: unknown) => e instanceof ResponseError && e.reason === 'too_large');
    await turns();
    assert.deepEqual(received, []);
    assert.equal(connection.diagnostics().oversizedOutgoing, 2);
  });

  it('replaces an oversized result with a too_large error for the peer', async () => {
    const { host, peer, peerWarnings } = connectedPair({ peer: { maxMessageBytes: limit } });
    peer.onRequest('dump', () => big);
    host.listen();
    peer.listen();
    await assert.rejects(host.request('dump'), (e: unknown) => e instanceof ResponseError && e.reason === 'too_large' && e.origin === 'peer');
    assert.equal(peerWarnings[0]?.code, 'oversized_outgoing');
  });
});

describe('Connection: backpressure and the bounded write queue', () => {
  it('waits for drain when the peer stops reading, then delivers everything', async () => {
    const { host, peer, peerEnd } = connectedPair({ link: { highWaterMark: 1024 } });
    peer.onRequest('echo', (p) => p);
    host.listen();
    peer.listen();
    peerEnd.pause();
    const calls = Array.from({ length: 50 }, (_, i) => host.request('echo', `${i}`.padStart(100, '.')));
    await turns(3);
    // The first batch went out in one write that filled the pipe; past a bounded write-ahead (1 Mi
    // characters), the next batch must wait in the queue.
    calls.push(...Array.from({ length: 400 }, (_, i) => host.request('echo', `${i + 50}`.padStart(4000, '.'))));
    await turns(3);
    const stalled = host.diagnostics();
    assert.equal(stalled.waitingForDrain, true);
    assert.ok(stalled.queuedWriteBytes > 0);
    assert.ok(peerEnd.unreadBytes < 1_100_000, `${peerEnd.unreadBytes} bytes handed to a full transport`);
    peerEnd.resume();
    const results = await Promise.all(calls);
    assert.equal(results.length, 450);
    assert.equal(results[449], '449'.padStart(4000, '.'));
    assert.equal(host.diagnostics().waitingForDrain, false);
  });

  it('fails sends with unavailable once maxQueuedWriteBytes is reached, instead of growing', async () => {
    const { host, peer, peerEnd, hostWarnings } = connectedPair({ host: { maxMessageBytes: 1024, maxQueuedWriteBytes: 4096 }, link: { highWaterMark: 512 } });
    host.listen();
    peer.listen();
    peerEnd.pause();
    host.notify('fill', 'y'.repeat(600));
    await turns(2);
    let refused: unknown;
    for (let i = 0; i < 20 && !refused; i++) {
      try {
        host.notify('fill', 'y'.repeat(600));
      } catch (error) {
        refused = error;
      }
    }
    assert.ok(refused instanceof ResponseError && refused.reason === 'unavailable', String(refused));
    assert.ok(host.diagnostics().queuedWriteBytes <= 4096);
    await assert.rejects(host.request('x', 'z'.repeat(600)), (e: unknown) => e instanceof ResponseError && e.reason === 'unavailable');
    assert.equal(hostWarnings[0]?.code, 'write_queue_full');
    await host.close();
  });
});

describe('Connection: write batching', () => {
  function countingPair(): { host: Connection; peer: Connection; hostWrites: () => number; peerWrites: () => number; hostLog: string[]; peerLog: string[] } {
    const [a, b] = createLinkedTransports({ highWaterMark: 1 << 24 });
    const hostLog: string[] = [];
    const peerLog: string[] = [];
    const writeA = a.write.bind(a);
    const writeB = b.write.bind(b);
    a.write = (data: string) => (hostLog.push(data), writeA(data));
    b.write = (data: string) => (peerLog.push(data), writeB(data));
    return { host: new Connection({ transport: a }), peer: new Connection({ transport: b }), hostWrites: () => hostLog.length, peerWrites: () => peerLog.length, hostLog, peerLog };
  }
  const messagesIn = (write: string): number => write.split('\n').length - 1;

  it('sends the first of requests issued together at once, the next 8 together, the others in one more write; answers a chunk of requests the same way', async () => {
    const { host, peer, hostLog, peerLog } = countingPair();
    peer.onRequest('echo', (p) => p);
    host.listen();
    peer.listen();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => host.request('echo', i)));
    assert.deepEqual(results, Array.from({ length: 50 }, (_, i) => i));
    // The first leaves at once and the next 8 as soon as they are queued, so the peer starts on them
    // while the other 41 are produced.
    assert.deepEqual(hostLog.map(messagesIn), [1, 8, 41]);
    // The peer reads them as three chunks. The answer to the first leaves at once; the second chunk
    // arrives within the same burst, so its 8 answers leave together as its second write; the third
    // chunk opens a new burst: 1, then 8, then the other 32 at the end of the chunk.
    assert.deepEqual(peerLog.map(messagesIn), [1, 8, 1, 8, 32]);
  });

  it('answers each wave of handlers in at most three writes: the first answer at once, the next 8, then the others together', async () => {
    const { host, peer, hostLog, peerLog } = countingPair();
    peer.onRequest('echo', (p) => p);
    peer.onRequest('later', async (p) => {
      await Promise.resolve();
      return p;
    });
    host.listen();
    peer.listen();
    host.notify('warm-up');
    await turns(2);
    hostLog.length = 0;
    // Issued in the same tick as a write (the notification), so all fifty leave in two writes.
    host.notify('opens-the-burst');
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => host.request(i % 2 ? 'echo' : 'later', i)));
    assert.deepEqual(results, Array.from({ length: 50 }, (_, i) => i));
    assert.deepEqual(hostLog.map(messagesIn), [1, 8, 42]);
    // Synchronous and asynchronous answers come in waves a few microtasks apart; each wave leaves in at
    // most three writes (1, 8, the rest), so fifty answers take a handful of writes, not fifty.
    const writes = peerLog.map(messagesIn);
    assert.equal(writes.reduce((a, b) => a + b, 0), 50);
    assert.equal(writes[0], 1);
    assert.ok(writes.length <= 9, JSON.stringify(writes));
  });

  it('writes a large batch early, in parts, so the peer can start on it', async () => {
    const { host, peer, hostWrites } = countingPair();
    peer.onRequest('echo', (p) => p);
    host.listen();
    peer.listen();
    await Promise.all(Array.from({ length: 40 }, () => host.request('echo', 'z'.repeat(1000))));
    assert.ok(hostWrites() >= 2 && hostWrites() <= 4, `${hostWrites()} writes for 40 KB`);
  });
});

describe('Connection: large frames waiting for drain', () => {
  it('are kept as bytes while they wait and arrive intact, multi-byte text included, also when flushed by close()', async () => {
    const { host, peer, peerEnd } = connectedPair({ link: { highWaterMark: 1024, chunkBytes: 4093 } });
    const text = 'é☃😀'.repeat(3000); // 27 KB of UTF-8, 12 K UTF-16 units: over the write-alone size
    const seen: string[] = [];
    peer.onNotification<string>('big', (value) => void seen.push(value));
    peer.onRequest('echo', (p) => p);
    host.listen();
    peer.listen();
    peerEnd.pause();
    const answers = Array.from({ length: 120 }, (_, i) => host.request('echo', `${i}${text}`));
    await turns(2);
    assert.equal(host.diagnostics().waitingForDrain, true);
    peerEnd.resume();
    const results = await Promise.all(answers);
    assert.ok(results.every((r, i) => r === `${i}${text}`));
    // Queued behind a full pipe (past the 1 Mi write-ahead), then written by close() in one go.
    peerEnd.pause();
    for (let i = 0; i < 120; i++) host.notify('big', `${i}${text}`);
    await turns(2);
    await host.close();
    peerEnd.resume();
    await new Promise<void>((resolve) => peer.onClose(() => resolve()));
    assert.equal(seen.length, 120);
    assert.ok(seen.every((v, i) => v === `${i}${text}`));
  });
});
