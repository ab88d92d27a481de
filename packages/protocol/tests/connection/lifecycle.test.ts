import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ResponseError, type ConnectionCloseEvent } from '../../src/index.js';
import { connectedPair, rawPeer, turns } from './connection-pair.js';

describe('Connection: close', () => {
  it('rejects pending requests with unavailable, aborts running handlers, clears timers, fires onClose once', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const { host, peer } = connectedPair();
    let peerSignal: AbortSignal | undefined;
    const started = new Promise<void>((resolve) => {
      peer.onRequest('hang', (_p, context) => {
        peerSignal = context.signal;
        resolve();
        return new Promise(() => undefined);
      });
    });
    host.onRequest('hang', () => new Promise(() => undefined));
    host.listen();
    peer.listen();
    const closes: ConnectionCloseEvent[] = [];
    host.onClose((e) => closes.push(e));
    const fromHost = host.request('hang');
    await started;
    const fromPeer = peer.request('hang');
    await turns();
    assert.equal(host.diagnostics().runningIncoming, 1);
    assert.equal(host.diagnostics().deadlinesArmed, 1);

    await host.close('test over');
    await host.close();
    assert.equal(host.state, 'closed');
    await assert.rejects(fromHost, (e: unknown) => e instanceof ResponseError && e.reason === 'unavailable' && /test over/.test(e.message));
    assert.equal(host.diagnostics().deadlinesArmed, 0);
    // The peer sees EOF: its pending request is rejected and its handler aborted.
    await assert.rejects(fromPeer, (e: unknown) => e instanceof ResponseError && e.reason === 'unavailable');
    assert.equal(peer.state, 'closed');
    assert.equal(peerSignal?.aborted, true);
    assert.equal((peerSignal?.reason as ResponseError).reason, 'unavailable');
    t.mock.timers.tick(60_000);
    await turns();
    assert.deepEqual(closes, [{ initiatedBy: 'local', reason: 'test over' }]);
  });

  it('reports a remote close and calls late onClose listeners too', async () => {
    const { connection, end } = rawPeer();
    connection.listen();
    const pending = connection.request('x');
    end.close();
    await assert.rejects(pending, (e: unknown) => e instanceof ResponseError && e.reason === 'unavailable' && /raw-peer closed its output/.test(e.message));
    const late = await new Promise<ConnectionCloseEvent>((resolve) => connection.onClose(resolve));
    assert.equal(late.initiatedBy, 'remote');
  });

  it('flushes messages queued before close', async () => {
    const { connection, nextMessage } = rawPeer();
    connection.listen();
    connection.notify('bye', { n: 1 });
    await connection.close();
    assert.deepEqual(await nextMessage(), { jsonrpc: '2.0', method: 'bye', params: { n: 1 } });
  });

  it('closing a connection that never listened fires onClose once', async () => {
    const { host } = connectedPair();
    let count = 0;
    host.onClose(() => count++);
    await host.close();
    host.dispose();
    assert.equal(count, 1);
    assert.equal(host.state, 'closed');
  });
});

describe('Connection: stray output and framing', () => {
  it('counts lines that are not JSON, keeps the last N, and warns once naming the peer', async () => {
    const { connection, send, nextMessage, warnings } = rawPeer({ name: 'acme.git', strayLinesKept: 2 });
    connection.onRequest('echo', (p) => p);
    connection.listen();
    send('Starting up...\nDEBUG x=1\nloaded 3 plugins\n{"jsonrpc":"2.0","id":1,"method":"echo","params":1}\n');
    assert.deepEqual(await nextMessage(), { jsonrpc: '2.0', id: 1, result: 1 });
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0]?.code, 'stray_output');
    assert.match(warnings[0]?.message ?? '', /^acme\.git wrote a line to stdout that is not a protocol message: "Starting up\.\.\."/);
    assert.match(warnings[0]?.message ?? '', /log to stderr/);
    const d = connection.diagnostics();
    assert.equal(d.strayLines, 3);
    assert.deepEqual(d.recentStrayLines, ['DEBUG x=1', 'loaded 3 plugins']);
  });

  it('answers in the framing the peer uses (Content-Length mirrored)', async () => {
    const { connection, send, nextMessage, framings } = rawPeer();
    connection.onRequest('echo', (p) => p);
    connection.listen();
    const json = '{"jsonrpc":"2.0","id":1,"method":"echo","params":"é"}';
    send(`Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`);
    assert.deepEqual(await nextMessage(), { jsonrpc: '2.0', id: 1, result: 'é' });
    assert.deepEqual(framings, ['content-length']);
    assert.equal(connection.diagnostics().framing, 'content-length');
  });

  it('writes Content-Length from the first message when told to', async () => {
    const { connection, nextMessage, framings } = rawPeer({ framing: 'content-length' });
    connection.listen();
    connection.notify('hello');
    await nextMessage();
    assert.deepEqual(framings, ['content-length']);
  });
});
