import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ResponseError } from '../../src/index.js';
import { rawPeer } from './connection-pair.js';

type Answer = { id: unknown; result?: unknown; error?: { data: { code: string }; message: string } };

describe('Connection: the "jsonrpc" member', () => {
  it('answers a request whose jsonrpc is present and not "2.0" with invalid_request, without running it', async () => {
    const { connection, send, nextMessage, warnings } = rawPeer();
    let ran = 0;
    connection.onRequest('echo', (p) => (ran++, p));
    connection.listen();
    for (const version of ['"1.0"', '2', 'null', '"2.0 "', '{}']) {
      send(`{"jsonrpc":${version},"id":7,"method":"echo","params":1}\n`);
      const answer = (await nextMessage()) as Answer;
      assert.equal(answer.id, 7);
      assert.equal(answer.error?.data.code, 'invalid_request', `jsonrpc ${version}`);
      assert.match(answer.error?.message ?? '', /"jsonrpc"/);
    }
    assert.equal(ran, 0);
    assert.equal(connection.diagnostics().invalidMessages, 5);
    assert.ok(warnings.some((w) => w.code === 'invalid_message'));
    await connection.close();
  });

  it('answers such a notification with invalid_request (id null) and does not deliver it', async () => {
    const { connection, send, nextMessage } = rawPeer();
    const seen: unknown[] = [];
    connection.onNotification('note', (p) => void seen.push(p));
    connection.listen();
    send('{"jsonrpc":"1.0","method":"note","params":1}\n{"jsonrpc":"2.0","method":"note","params":2}\n{"method":"note","params":3}\n');
    const answer = (await nextMessage()) as Answer;
    assert.equal(answer.id, null);
    assert.equal(answer.error?.data.code, 'invalid_request');
    assert.deepEqual(seen, [2, 3]);
    await connection.close();
  });

  it('a missing jsonrpc is accepted, as documented', async () => {
    const { connection, send, nextMessage } = rawPeer();
    connection.onRequest('echo', (p) => p);
    connection.listen();
    send('{"id":1,"method":"echo","params":"ok"}\n');
    assert.deepEqual(await nextMessage(), { jsonrpc: '2.0', id: 1, result: 'ok' });
    await connection.close();
  });

  it('an answer with another jsonrpc fails the waiting request with invalid_request at once', async () => {
    const { connection, send, nextMessage } = rawPeer();
    connection.listen();
    const pending = connection.request('ask', {}, { timeoutMs: 60_000 });
    const request = (await nextMessage()) as { id: number };
    send(`{"jsonrpc":"1.0","id":${request.id},"result":"sneaky"}\n`);
    await assert.rejects(pending, (error: unknown) => error instanceof ResponseError && error.reason === 'invalid_request');
    assert.equal(connection.diagnostics().pendingOutgoing, 0);
    await connection.close();
  });
});
