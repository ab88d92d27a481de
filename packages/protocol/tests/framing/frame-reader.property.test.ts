import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FrameReader, type FrameReaderSink } from '../../src/index.js';

const encoder = new TextEncoder();

function recorder(limit: number): { reader: FrameReader; seen: unknown[] } {
  const seen: unknown[] = [];
  const sink: FrameReaderSink = {
    message: (value, framing) => seen.push(['message', value, framing]),
    parseError: (text) => seen.push(['parseError', text]),
    stray: (line) => seen.push(['stray', line]),
    oversized: (frame) => seen.push(['oversized', frame]),
  };
  return { reader: new FrameReader({ sink, maxMessageBytes: limit }), seen };
}

/** Splits bytes at the given cut points (any order, any duplicates). */
function chunked(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const p of points) {
    chunks.push(bytes.subarray(start, p));
    start = p;
  }
  chunks.push(bytes.subarray(start));
  return chunks;
}

// A frame: a JSON object in either framing, a stray line, or an oversized message.
const frame = fc.oneof(
  fc.record({ id: fc.integer(), method: fc.string(), params: fc.jsonValue({ maxDepth: 2 }) }).map((m) => `${JSON.stringify(m)}\n`),
  fc.record({ id: fc.integer(), result: fc.jsonValue({ maxDepth: 2 }) }).map((m) => {
    const json = JSON.stringify(m);
    return `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`;
  }),
  fc.stringMatching(/^[a-z][a-z0-9 ]{0,40}$/).map((s) => `${s}\n`),
  fc.integer({ min: 0, max: 1000 }).map((id) => `{"id":${id},"method":"big","params":"${'y'.repeat(300)}"}\n`),
);

describe('FrameReader properties', () => {
  it('any chunking of a byte stream yields the same messages and reports', () => {
    fc.assert(
      fc.property(fc.array(frame, { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 20 }), (frames, cuts) => {
        const stream = encoder.encode(frames.join(''));
        const whole = recorder(256);
        whole.reader.push(stream);
        const split = recorder(256);
        for (const chunk of chunked(stream, cuts)) split.reader.push(chunk);
        // Early reports of oversized messages depend on where chunks end; compare id, kind, method only.
        const normalise = (events: unknown[]): unknown[] =>
          events.map((e) => {
            const [type, value] = e as [string, Record<string, unknown>];
            return type === 'oversized' ? [type, value['id'], value['kind'], value['method']] : e;
          });
        assert.deepEqual(normalise(split.seen), normalise(whole.seen));
      }),
      { numRuns: 200 },
    );
  });

  it('random bytes never throw and never grow the buffer past the limit', () => {
    const fragment = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.constantFrom('{', '}', '"id":', '\n', '\r\n', 'Content-Length: 20\r\n', '\r\n\r\n', 'content-length: 99999999\r\n\r\n', '"', '\\').map((s) => encoder.encode(s)),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 80 }), fc.integer({ min: 16, max: 128 }), (chunks, limit) => {
        const { reader } = recorder(limit);
        for (const chunk of chunks) {
          reader.push(chunk);
          assert.ok(reader.bufferedBytes <= limit, `buffered ${reader.bufferedBytes} > ${limit}`);
        }
        reader.end();
        assert.equal(reader.bufferedBytes, 0);
      }),
      { numRuns: 300 },
    );
  });
});
