import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { Connection, StdioTransport } from '../../src/index.js';
import { startFixturePeer } from './fixture-peers.js';

describe('StdioTransport', () => {
  it('keeps console.log off stdout in a peer, so it cannot corrupt the protocol', async (t) => {
    const { transport, connection } = startFixturePeer(t, 'console-peer.mjs');
    assert.equal(await connection.request('chatty', 'hi'), 'hi');
    assert.equal(connection.diagnostics().strayLines, 0);
    await transport.shutdown({ closeInput: () => connection.close() });
    assert.match(transport.stderrTail(), /console\.log noise from the handler\n.*console\.info noise/s);
  });

  it('closes the connection when stdin ends (in-process streams, no exit)', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const connection = new Connection({ transport: new StdioTransport({ stdin, stdout, exitOnStdinEnd: false, redirectConsole: false }), name: 'host' });
    connection.onRequest('echo', (p) => p);
    connection.listen();
    const output: string[] = [];
    stdout.setEncoding('utf8');
    stdout.on('data', (text: string) => output.push(text));
    const closed = new Promise<string>((resolve) => connection.onClose((e) => resolve(e.initiatedBy)));
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"echo","params":"x"}\n');
    await new Promise((resolve) => setTimeout(resolve, 20));
    stdin.end();
    assert.equal(await closed, 'remote');
    assert.deepEqual(output.join(''), '{"jsonrpc":"2.0","id":1,"result":"x"}\n');
  });

  it('restores the console when closed', () => {
    const original = console.log;
    const transport = new StdioTransport({ stdin: new PassThrough(), stdout: new PassThrough(), exitOnStdinEnd: false });
    const connection = new Connection({ transport });
    connection.listen();
    assert.notEqual(console.log, original);
    connection.dispose();
    assert.equal(console.log, original);
  });

  it('rejects a bad exit code with a TypeError', () => {
    assert.throws(() => new StdioTransport({ exitCode: 300 }), /StdioTransportOptions.exitCode must be an integer 0..255, got 300/);
  });
});
