import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, ConnectionError, ResponseError, createLinkedTransports } from '../../src/index.js';
import { connectedPair, rawPeer } from './connection-pair.js';

/** The caller's own error, as a client library would make it from what the connection rejects with. */
class CallerError extends Error {
  constructor(
    readonly method: string,
    readonly original: Error,
  ) {
    super(`${method}: ${original.message}`);
  }
}

const toCallerError = (error: Error, method: string): Error => new CallerError(method, error);

/** Asserts `call` rejects with a CallerError for `method` wrapping the connection's error of `reason`/`code`. */
async function rejectsMapped(call: Promise<unknown>, method: string, what: { reason?: string; code?: string }): Promise<void> {
  await assert.rejects(call, (error: unknown) => {
    assert.ok(error instanceof CallerError, `expected a CallerError, got ${String(error)}`);
    assert.equal(error.method, method);
    if (what.reason !== undefined) assert.ok(error.original instanceof ResponseError && error.original.reason === what.reason, `expected ${what.reason}, got ${String(error.original)}`);
    if (what.code !== undefined) assert.ok(error.original instanceof ConnectionError && error.original.code === what.code, `expected ${what.code}, got ${String(error.original)}`);
    return true;
  });
}

describe('Connection: mapRequestError', () => {
  it("turns every way a request fails into the caller's error, with its method", async () => {
    const { host, peer } = connectedPair({ host: { mapRequestError: toCallerError, maxMessageBytes: 1024 } });
    peer.onRequest('refuse', () => {
      throw new ResponseError('denied', 'no');
    });
    peer.onRequest('slow', () => new Promise(() => undefined));
    peer.onRequest('ok', () => 'fine');
    await rejectsMapped(host.request('early'), 'early', { code: 'not_listening' });
    host.listen();
    peer.listen();
    assert.equal(await host.request('ok'), 'fine', 'an answer is not touched');
    await rejectsMapped(host.request('refuse'), 'refuse', { reason: 'denied' });
    await rejectsMapped(host.request('slow', {}, { timeoutMs: 20 }), 'slow', { reason: 'timeout' });
    const controller = new AbortController();
    const cancelled = host.request('slow', {}, { signal: controller.signal });
    controller.abort();
    await rejectsMapped(cancelled, 'slow', { reason: 'cancelled' });
    await rejectsMapped(host.request('slow', {}, { signal: AbortSignal.abort() }), 'slow', { reason: 'cancelled' });
    await rejectsMapped(host.request('big', { text: 'x'.repeat(2000) }), 'big', { reason: 'too_large' });
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    await rejectsMapped(host.request('cyclic', cycle), 'cyclic', { code: 'unserializable' });
    const pending = host.request('slow');
    await host.close();
    await rejectsMapped(pending, 'slow', { reason: 'unavailable' });
    await rejectsMapped(host.request('late'), 'late', { code: 'closed' });
  });

  it('fails a request whose answer is over the limit through it too', async () => {
    const { connection, send } = rawPeer({ mapRequestError: toCallerError, maxMessageBytes: 1024 });
    connection.listen();
    const call = connection.request('big');
    send(`{"jsonrpc":"2.0","id":1,"result":"${'y'.repeat(2000)}"}\n`);
    await rejectsMapped(call, 'big', { reason: 'too_large' });
  });

  it('rejects with what the map throws, or with the original error when it throws a non-Error', async () => {
    const thrown = new Error('the map failed');
    const { host, peer } = connectedPair({
      host: {
        mapRequestError: (_error, method) => {
          if (method === 'odd') throw 'not an error';
          throw thrown;
        },
      },
    });
    peer.onRequest('refuse', () => {
      throw new ResponseError('denied', 'no');
    });
    peer.onRequest('odd', () => {
      throw new ResponseError('denied', 'no');
    });
    host.listen();
    peer.listen();
    await assert.rejects(host.request('refuse'), (error: unknown) => error === thrown);
    await assert.rejects(host.request('odd'), (error: unknown) => error instanceof ResponseError && error.reason === 'denied');
  });

  it('is checked: a TypeError names it and the value', () => {
    const [a] = createLinkedTransports();
    assert.throws(() => new Connection({ transport: a, mapRequestError: 'no' as never }), { name: 'TypeError', message: 'ConnectionOptions.mapRequestError must be a function (error, method) => Error, got "no"' });
  });
});
