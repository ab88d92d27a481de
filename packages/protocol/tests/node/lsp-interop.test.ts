import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';
import { ChildProcessTransport, Connection } from '../../src/index.js';
import { fixture, killAfter } from './fixture-peers.js';

describe('interop with an LSP-style library (vscode-jsonrpc, Content-Length framing)', () => {
  it('a host set to content-length framing drives a vscode-jsonrpc peer unchanged, both directions', async (t) => {
    const transport = killAfter(t, new ChildProcessTransport({ command: process.execPath, args: [fixture('lsp-peer.cjs')] }));
    const connection = new Connection({ transport, name: 'lsp-peer', framing: 'content-length' });
    connection.onRequest('host/name', (params) => `host got ${JSON.stringify(params)}`);
    connection.listen();
    assert.deepEqual(await connection.request('echo', { text: 'héllo' }), { text: 'héllo' });
    assert.deepEqual(await connection.request('ask', { n: 7 }), { host: 'host got {"n":7}' });
    assert.equal(connection.diagnostics().incomingFraming, 'content-length');
    const stop = await transport.shutdown({ closeInput: () => connection.close() });
    assert.equal(stop.step, 'stdin');
  });

  it('a peer built with this package answers a vscode-jsonrpc client in its framing (auto)', async (t) => {
    const child = spawn(process.execPath, [fixture('conformance-peer.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
    t.after(() => void child.kill('SIGKILL'));
    const client = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    client.listen();
    assert.deepEqual(await client.sendRequest('test/echo', { n: 1 }), { n: 1 });
    const progress: unknown[] = [];
    client.onNotification('$/progress', (p: unknown) => void progress.push(p));
    assert.deepEqual(await client.sendRequest('test/progress', { count: 5, _meta: { progressToken: 'p' } }), { count: 5 });
    assert.deepEqual(progress.at(-1), { token: 'p', value: { done: 5, total: 5 } });
    client.dispose();
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 0);
  });
});
