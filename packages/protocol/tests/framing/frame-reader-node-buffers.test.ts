import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FrameReader, type FrameReaderSink } from '../../src/index.js';
import { concatBytes, decodeUtf8, decodeUtf8Parts } from '../../src/framing/utf8-text.js';

// The Node transports deliver Buffers, which take the reader's fast paths (ASCII text copied as Latin-1,
// a message held in several chunks decoded without concatenating them first). These tests feed Buffers
// and messages long enough for those paths, and check them against plain Uint8Arrays (TextDecoder).

type Seen = unknown[];

function recorder(limit = 1024 * 1024, maxStrayChars = 512): { reader: FrameReader; seen: Seen } {
  const seen: Seen = [];
  const sink: FrameReaderSink = {
    message: (value, framing) => seen.push(['message', value, framing]),
    parseError: (text, framing) => seen.push(['parseError', text, framing]),
    stray: (line) => seen.push(['stray', line]),
    // Early reports of oversized messages depend on where chunks end (as in frame-reader.property.test).
    oversized: (frame) => seen.push(['oversized', frame.id, frame.kind, frame.method]),
  };
  return { reader: new FrameReader({ sink, maxMessageBytes: limit, maxStrayChars }), seen };
}

/** What a reader reports for the whole stream pushed as one plain Uint8Array (the TextDecoder path). */
function reference(stream: Uint8Array, limit?: number): Seen {
  const { reader, seen } = recorder(limit);
  reader.push(new Uint8Array(stream));
  reader.end();
  return seen;
}

/** The stream pushed as Buffers cut at `cuts`. */
function asBuffers(stream: Uint8Array, cuts: readonly number[], limit?: number): Seen {
  const { reader, seen } = recorder(limit);
  let start = 0;
  for (const cut of [...cuts, stream.length]) {
    reader.push(Buffer.from(stream.subarray(start, cut)));
    start = cut;
  }
  reader.end();
  return seen;
}

const cl = (json: string): string => `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
const ascii = 'x'.repeat(1500);
const unicode = 'é☃😀'.repeat(200); // 1800 bytes of multi-byte UTF-8

describe('FrameReader with Node Buffers (the fast paths)', () => {
  it('reads long ASCII and multi-byte messages split at every byte, in both framings', () => {
    const frames = [
      `${JSON.stringify({ id: 1, method: 'a', params: { text: ascii } })}\n`,
      `${JSON.stringify({ id: 2, result: unicode })}  \r\n`,
      cl(JSON.stringify({ id: 3, result: ascii })),
      cl(JSON.stringify({ id: 4, result: `${ascii}${unicode}` })),
    ];
    const stream = Buffer.from(frames.join(''));
    const expected = reference(stream);
    assert.deepEqual(
      expected.map((e) => (e as [string, { id: number }])[1].id),
      [1, 2, 3, 4],
    );
    for (let cut = 0; cut <= stream.length; cut++) assert.deepEqual(asBuffers(stream, [cut]), expected, `cut at ${cut}`);
  });

  it('cuts inside every multi-byte character of a message held in three chunks', () => {
    const stream = Buffer.from(`${JSON.stringify({ id: 1, result: unicode })}\n`);
    const expected = reference(stream);
    for (let cut = 1; cut < stream.length - 1; cut += 7) assert.deepEqual(asBuffers(stream, [cut, cut + 1]), expected, `cuts at ${cut}, ${cut + 1}`);
  });

  it('reports a long malformed line or body held in several chunks with the same text as whole', () => {
    const badLine = `{"id":1,"params":"${ascii}"  \n`;
    const badBody = cl(`{"id":2,"result":"${unicode}`);
    const stray = `not json ${ascii}\n`;
    const stream = Buffer.from(`${badLine}${badBody}${stray}{"ok":1}\n`);
    const expected = reference(stream);
    assert.deepEqual(
      expected.map((e) => (e as string[])[0]),
      ['parseError', 'parseError', 'stray', 'message'],
    );
    for (let cut = 0; cut <= stream.length; cut += 3) assert.deepEqual(asBuffers(stream, [cut, Math.min(stream.length, cut + 1000)]), expected, `cut at ${cut}`);
  });

  it('skips oversized messages held in several chunks exactly as before, then reads on', () => {
    const limit = 2048;
    const stream = Buffer.from(`${JSON.stringify({ id: 9, method: 'big', params: ascii.repeat(2) })}\n${cl(JSON.stringify({ id: 10, result: unicode.repeat(2) }))}${JSON.stringify({ id: 11, result: ascii })}\n`);
    const expected = reference(stream, limit);
    assert.deepEqual(
      expected.map((e) => (e as unknown[]).slice(0, 2)),
      [
        ['oversized', 9],
        ['oversized', 10],
        ['message', { id: 11, result: ascii }],
      ],
    );
    for (let cut = 0; cut <= stream.length; cut += 5) assert.deepEqual(asBuffers(stream, [cut], limit), expected, `cut at ${cut}`);
  });

  it('decodes invalid UTF-8 in a long message as the whole-chunk path does', () => {
    const head = Buffer.from(`{"id":1,"result":"${ascii}`);
    const stream = Buffer.concat([head, Buffer.from([0xff, 0xc3]), Buffer.from('"}\n')]);
    const expected = reference(stream);
    for (let cut = head.length - 2; cut <= head.length + 3; cut++) assert.deepEqual(asBuffers(stream, [cut]), expected, `cut at ${cut}`);
  });

  it('any chunking of long frames gives what one plain array gives', () => {
    const text = fc.oneof(fc.constant(ascii), fc.constant(unicode), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', minLength: 400, maxLength: 800 }));
    const frame = fc.oneof(
      text.map((t) => `${JSON.stringify({ id: 1, result: t })}\n`),
      text.map((t) => cl(JSON.stringify({ id: 2, method: 'm', params: [t] }))),
      text.map((t) => `{"broken":"${t}\n`),
    );
    fc.assert(
      fc.property(fc.array(frame, { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 8 }), (frames, rawCuts) => {
        const stream = Buffer.from(frames.join(''));
        const cuts = [...new Set(rawCuts.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b);
        assert.deepEqual(asBuffers(stream, cuts, 4096), reference(stream, 4096));
      }),
      { numRuns: 150 },
    );
  });
});

describe('utf8-text', () => {
  it('decodes ranges and parts of Buffers and plain arrays alike', () => {
    const text = `${ascii}${unicode}`;
    const bytes = Buffer.from(text);
    const plain = new Uint8Array(bytes);
    assert.equal(decodeUtf8(bytes, 0, bytes.length), text);
    assert.equal(decodeUtf8(plain, 0, plain.length), text);
    assert.equal(decodeUtf8(bytes, 0, ascii.length), ascii);
    for (const cut of [1, 100, ascii.length, ascii.length + 1, ascii.length + 2, bytes.length - 1]) {
      const parts = [bytes.subarray(0, cut), bytes.subarray(cut)];
      assert.equal(decodeUtf8Parts(parts, bytes.length), text, `cut at ${cut}`);
      assert.equal(decodeUtf8Parts([plain.subarray(0, cut), plain.subarray(cut)], plain.length), text, `plain, cut at ${cut}`);
    }
    const asciiBytes = Buffer.from(ascii.repeat(3));
    assert.equal(decodeUtf8Parts([asciiBytes.subarray(0, 7), asciiBytes.subarray(7, 2000), asciiBytes.subarray(2000)], asciiBytes.length), ascii.repeat(3));
  });

  it('takes the Latin-1 path for long ASCII Buffers on this Node (so the tests above exercise it)', () => {
    const proto = Buffer.prototype as unknown as { latin1Slice: (start: number, end: number) => string };
    const original = proto.latin1Slice;
    let calls = 0;
    proto.latin1Slice = function (this: Buffer, start: number, end: number): string {
      calls++;
      return original.call(this, start, end);
    };
    try {
      const bytes = Buffer.from(ascii);
      decodeUtf8Parts([bytes.subarray(0, 700), bytes.subarray(700)], bytes.length);
      decodeUtf8(bytes, 0, bytes.length);
      decodeUtf8(Buffer.from(unicode), 0, 1800);
    } finally {
      proto.latin1Slice = original;
    }
    assert.equal(calls, 3);
  });

  it('concatenates parts into one array', () => {
    const parts = [Buffer.from('ab'), Buffer.from('cd')];
    assert.deepEqual([...concatBytes(parts, 4)], [...Buffer.from('abcd')]);
    assert.equal(concatBytes([parts[0] as Buffer], 2), parts[0]);
    assert.deepEqual([...concatBytes([new Uint8Array([1]), new Uint8Array([2, 3])], 3)], [1, 2, 3]);
  });
});
