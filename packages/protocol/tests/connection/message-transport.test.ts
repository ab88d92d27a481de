import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, ResponseError, type ConnectionWarning, type Transport, type TransportSink } from '../../src/index.js';
import { turns } from './connection-pair.js';

/** An end of a transport that delimits messages itself (as a WebSocket does), driven by hand. */
class MessageEnd implements Transport {
  readonly framesMessages = true;
  readonly written: Array<string | Uint8Array> = [];
  sink: TransportSink | undefined;

  start(sink: TransportSink): void {
    this.sink = sink;
  }

  write(data: string | Uint8Array): boolean {
    this.written.push(data);
    return true;
  }

  close(): void {}
  pause(): void {}
  resume(): void {}

  /** The peer sends one message's text. */
  send(text: string): void {
    assert.ok(this.sink?.onMessage, 'the connection takes whole messages from a transport that frames them');
    this.sink.onMessage(text);
  }

  /** What the connection wrote, each write parsed as one message. */
  messages(): unknown[] {
    return this.written.map((w) => JSON.parse(typeof w === 'string' ? w : new TextDecoder().decode(w)) as unknown);
  }
}

function open(maxMessageBytes = 1024 * 1024): { connection: Connection; end: MessageEnd; warnings: ConnectionWarning[] } {
  const end = new MessageEnd();
  const connection = new Connection({ transport: end, name: 'ws-peer', maxMessageBytes });
  const warnings: ConnectionWarning[] = [];
  connection.onWarning((w) => warnings.push(w));
  connection.listen();
  return { connection, end, warnings };
}

describe('Connection over a transport that frames messages itself', () => {
  it('writes each message alone and unframed, and settles a request from the text of its answer', async () => {
    const { connection, end } = open();
    const first = connection.request('sum', { a: 1, b: 2 });
    const second = connection.request('sum', { a: 3, b: 4 });
    connection.notify('note', { n: 1 });
    await turns(1);
    assert.deepEqual(end.written, ['{"jsonrpc":"2.0","id":1,"method":"sum","params":{"a":1,"b":2}}', '{"jsonrpc":"2.0","id":2,"method":"sum","params":{"a":3,"b":4}}', '{"jsonrpc":"2.0","method":"note","params":{"n":1}}']);
    end.send('{"jsonrpc":"2.0","id":2,"result":7}');
    end.send('{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"no","data":{"code":"denied"}}}');
    assert.equal(await second, 7);
    await assert.rejects(first, (error: unknown) => error instanceof ResponseError && error.reason === 'denied');
  });

  it('writes each message as soon as it is sent, with nothing left to flush later', async () => {
    const { connection, end } = open();
    const first = connection.request('first', {});
    assert.equal(end.written.length, 1, 'the request was written within request()');
    connection.notify('note', { n: 1 });
    const second = connection.request('second', {});
    assert.deepEqual(
      end.messages().map((m) => (m as { method: string }).method),
      ['first', 'note', 'second'],
    );
    assert.equal(connection.diagnostics().queuedWriteBytes, 0);
    end.send('{"jsonrpc":"2.0","id":1,"result":1}');
    end.send('{"jsonrpc":"2.0","id":2,"result":2}');
    assert.deepEqual(await Promise.all([first, second]), [1, 2]);
    await connection.close();
  });

  it('runs an incoming request and answers it as one message; a message spread over lines is one message', async () => {
    const { connection, end } = open();
    connection.onRequest<{ text: string }>('echo', ({ text }) => text);
    end.send('{"jsonrpc":"2.0","id":7,"method":"echo","params":{"text":"hi"}}');
    end.send('{"jsonrpc":"2.0",\n "id":8,\r\n "method":"echo", "params":{"text":"a\\nb"}}');
    await turns(2);
    assert.deepEqual(end.messages(), [
      { jsonrpc: '2.0', id: 7, result: 'hi' },
      { jsonrpc: '2.0', id: 8, result: 'a\nb' },
    ]);
    assert.equal(connection.diagnostics().parseErrors, 0);
  });

  it('answers malformed, oversized and non-object messages as it does over bytes', async () => {
    const { connection, end, warnings } = open(1024);
    end.send('{"jsonrpc":"2.0","id":1,\n"method":');
    end.send(`{"jsonrpc":"2.0","id":9,"method":"big","params":{"text":"${'x'.repeat(2000)}"}}`);
    end.send('[{"jsonrpc":"2.0","id":10,"method":"echo"}]');
    end.send('not json at all');
    end.send('  ');
    await turns(2);
    const answers = end.messages() as Array<{ id: unknown; error: { data: { code: string } } }>;
    assert.deepEqual(
      answers.map((a) => [a.id, a.error.data.code]),
      [
        [null, 'parse_error'],
        [9, 'too_large'],
        [null, 'invalid_request'],
      ],
    );
    const diagnostics = connection.diagnostics();
    assert.equal(diagnostics.parseErrors, 1, 'a malformed message spread over lines is one parse error');
    assert.equal(diagnostics.oversizedIncoming, 1);
    assert.equal(diagnostics.invalidMessages, 1);
    assert.equal(diagnostics.strayLines, 1);
    assert.deepEqual([...new Set(warnings.map((w) => w.code))].sort(), ['invalid_message', 'oversized_incoming', 'parse_error', 'stray_output']);
  });

  it('fails a request at once when its answer is over the limit', async () => {
    const { connection, end } = open(1024);
    const call = connection.request('big');
    end.send(`{"jsonrpc":"2.0","id":1,"result":"${'y'.repeat(2000)}"}`);
    await assert.rejects(call, (error: unknown) => error instanceof ResponseError && error.reason === 'too_large');
  });
});
