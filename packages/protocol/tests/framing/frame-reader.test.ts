import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FrameReader, type FrameReaderOptions, type FrameReaderSink, type Framing, type OversizedFrame } from '../../src/index.js';

type Event = { type: 'message'; value: unknown; framing: Framing } | { type: 'parseError'; text: string } | { type: 'stray'; line: string } | { type: 'oversized'; frame: OversizedFrame };

function collect(options: Omit<FrameReaderOptions, 'sink'> = {}): { reader: FrameReader; events: Event[] } {
  const events: Event[] = [];
  const sink: FrameReaderSink = {
    message: (value, framing) => events.push({ type: 'message', value, framing }),
    parseError: (text) => events.push({ type: 'parseError', text }),
    stray: (line) => events.push({ type: 'stray', line }),
    oversized: (frame) => events.push({ type: 'oversized', frame }),
  };
  return { reader: new FrameReader({ sink, ...options }), events };
}

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const cl = (json: string): string => `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;

describe('FrameReader: newline-delimited JSON', () => {
  it('reads several messages from one chunk, ignoring blank lines and a CR before LF', () => {
    const { reader, events } = collect();
    reader.push(bytes('{"a":1}\n\n  \r\n{"b":2}\r\n[3]\n'));
    assert.deepEqual(events, [
      { type: 'message', value: { a: 1 }, framing: 'ndjson' },
      { type: 'message', value: { b: 2 }, framing: 'ndjson' },
      { type: 'message', value: [3], framing: 'ndjson' },
    ]);
    assert.equal(reader.framing, 'ndjson');
    assert.equal(reader.bufferedBytes, 0);
  });

  it('gives the same messages whatever byte a stream is split at, including inside multi-byte characters', () => {
    const stream = bytes('{"text":"héllo ☃ 😀"}\n{"id":2,"method":"m"}\n');
    for (let cut = 0; cut <= stream.length; cut++) {
      const { reader, events } = collect();
      reader.push(stream.subarray(0, cut));
      reader.push(stream.subarray(cut));
      assert.deepEqual(
        events.map((e) => (e.type === 'message' ? e.value : e)),
        [{ text: 'héllo ☃ 😀' }, { id: 2, method: 'm' }],
        `cut at ${cut}`,
      );
    }
  });

  it('reports a line that is not JSON as stray output, truncated, and keeps reading', () => {
    const { reader, events } = collect({ maxStrayChars: 5 });
    reader.push(bytes('hello world\n{"ok":true}\n'));
    assert.deepEqual(events, [
      { type: 'stray', line: 'hello' },
      { type: 'message', value: { ok: true }, framing: 'ndjson' },
    ]);
  });

  it('reports a line that starts like JSON but does not parse as a parse error', () => {
    const { reader, events } = collect();
    reader.push(bytes('{"jsonrpc":"2.0","id":\n{"ok":1}\n'));
    assert.deepEqual(events, [
      { type: 'parseError', text: '{"jsonrpc":"2.0","id":' },
      { type: 'message', value: { ok: 1 }, framing: 'ndjson' },
    ]);
  });

  it('reads a last line without a newline at end()', () => {
    const { reader, events } = collect();
    reader.push(bytes('{"last":true}'));
    assert.equal(events.length, 0);
    reader.end();
    assert.deepEqual(events, [{ type: 'message', value: { last: true }, framing: 'ndjson' }]);
  });
});

describe('FrameReader: Content-Length framing', () => {
  it('detects LSP framing from the first bytes and reads bodies split anywhere', () => {
    const stream = bytes(cl('{"id":1,"method":"a"}') + cl('{"id":2,"result":"é"}'));
    for (let cut = 0; cut <= stream.length; cut++) {
      const { reader, events } = collect();
      reader.push(stream.subarray(0, cut));
      reader.push(stream.subarray(cut));
      assert.deepEqual(events, [
        { type: 'message', value: { id: 1, method: 'a' }, framing: 'content-length' },
        { type: 'message', value: { id: 2, result: 'é' }, framing: 'content-length' },
      ], `cut at ${cut}`);
      assert.equal(reader.framing, 'content-length');
    }
  });

  it('accepts headers in any case, a Content-Type header, and NDJSON lines between frames', () => {
    const { reader, events } = collect();
    reader.push(bytes('content-type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH: 7\r\n\r\n{"a":1}{"b":2}\n'));
    assert.deepEqual(events, [
      { type: 'message', value: { a: 1 }, framing: 'content-length' },
      { type: 'message', value: { b: 2 }, framing: 'ndjson' },
    ]);
  });

  it('treats a header block without a valid length as stray output and recovers', () => {
    const { reader, events } = collect();
    reader.push(bytes('Content-Length: twelve\r\n\r\n{"next":1}\n'));
    assert.equal(events[0]?.type, 'stray');
    assert.deepEqual(events[1], { type: 'message', value: { next: 1 }, framing: 'ndjson' });
  });
});

describe('FrameReader: size limit', () => {
  const limit = 1024;
  const big = 'x'.repeat(5000);

  it('skips an oversized request without buffering it, reports its id early, then reads on', () => {
    const { reader, events } = collect({ maxMessageBytes: limit });
    const stream = bytes(`{"jsonrpc":"2.0","id":7,"method":"test/echo","params":{"id":99,"data":"${big}"}}\n{"after":1}\n`);
    let maxBuffered = 0;
    for (let i = 0; i < stream.length; i += 100) {
      reader.push(stream.subarray(i, i + 100));
      maxBuffered = Math.max(maxBuffered, reader.bufferedBytes);
    }
    assert.ok(maxBuffered <= limit, `buffered ${maxBuffered}`);
    assert.equal(events.length, 2);
    const first = events[0];
    assert.equal(first?.type, 'oversized');
    if (first?.type === 'oversized') {
      // The nested "id" inside params must not be mistaken for the message's id.
      assert.equal(first.frame.id, 7);
      assert.equal(first.frame.kind, 'request');
      assert.equal(first.frame.method, 'test/echo');
      assert.equal(first.frame.complete, false);
      assert.ok(first.frame.bytes > limit);
    }
    assert.deepEqual(events[1], { type: 'message', value: { after: 1 }, framing: 'ndjson' });
  });

  it('finds the id of an oversized response even after its huge result, reporting it at the end', () => {
    const { reader, events } = collect({ maxMessageBytes: limit });
    const text = `{"result":{"data":"${big}"},"jsonrpc":"2.0","id":"r-1"}\n`;
    reader.push(bytes(text));
    assert.deepEqual(events, [{ type: 'oversized', frame: { bytes: text.length - 1, complete: true, id: 'r-1', method: undefined, kind: 'response', framing: 'ndjson' } }]);
  });

  it('skips an oversized Content-Length body by count and reports its declared size', () => {
    const { reader, events } = collect({ maxMessageBytes: limit });
    const json = `{"jsonrpc":"2.0","id":3,"method":"m","params":"${big}"}`;
    reader.push(bytes(cl(json) + cl('{"ok":1}')));
    assert.equal(events.length, 2);
    assert.deepEqual(events[0], { type: 'oversized', frame: { bytes: json.length, complete: true, id: 3, method: 'm', kind: 'request', framing: 'content-length' } });
    assert.deepEqual(events[1], { type: 'message', value: { ok: 1 }, framing: 'content-length' });
    assert.equal(reader.bufferedBytes, 0);
  });

  it('reports a notification (no id) as such once it ends', () => {
    const { reader, events } = collect({ maxMessageBytes: limit });
    reader.push(bytes(`{"jsonrpc":"2.0","method":"log","params":"${big}"}\n`));
    assert.equal(events[0]?.type, 'oversized');
    if (events[0]?.type === 'oversized') assert.equal(events[0].frame.kind, 'notification');
  });

  it('rejects bad options with a TypeError naming them', () => {
    assert.throws(() => new FrameReader({} as FrameReaderOptions), /FrameReaderOptions.sink must have message, parseError, stray and oversized functions/);
    assert.throws(() => collect({ maxMessageBytes: 3 }), /maxMessageBytes must be an integer >= 16 \(bytes\), got 3/);
    assert.throws(() => collect({ maxStrayChars: -1 }), /maxStrayChars must be an integer >= 0, got -1/);
  });
});
