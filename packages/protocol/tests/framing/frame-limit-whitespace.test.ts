import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FrameReader, type FrameReaderSink } from '../../src/index.js';

const LIMIT = 1024;

/** A JSON text of exactly `size` bytes. */
function jsonOf(size: number): string {
  const head = '{"id":1,"method":"m","params":"';
  const text = `${head}${'x'.repeat(size - head.length - 2)}"}`;
  assert.equal(Buffer.byteLength(text), size);
  return text;
}

/** Feeds `frames` cut in pieces of `step` bytes (0: whole); returns what the reader reported. */
function read(frames: string, step = 0): { messages: number; oversized: number; maxBuffered: number } {
  let messages = 0;
  let oversized = 0;
  const sink: FrameReaderSink = { message: () => void messages++, parseError: () => undefined, stray: () => undefined, oversized: () => void oversized++ };
  const reader = new FrameReader({ sink, maxMessageBytes: LIMIT });
  const bytes = Buffer.from(frames);
  let maxBuffered = 0;
  const size = step || bytes.length;
  for (let i = 0; i < bytes.length; i += size) {
    reader.push(bytes.subarray(i, i + size));
    maxBuffered = Math.max(maxBuffered, reader.bufferedBytes);
  }
  reader.end();
  return { messages, oversized, maxBuffered };
}

describe('FrameReader: the limit is on the JSON text, framing whitespace does not count', () => {
  const exact = jsonOf(LIMIT);
  const framings: Array<[string, string]> = [
    ['LF', `${exact}\n`],
    ['CRLF', `${exact}\r\n`],
    ['a leading space', ` ${exact}\n`],
    ['leading tabs, spaces and a CR, then CRLF', `\t \r  ${exact}\r\n`],
    ['trailing spaces', `${exact}    \r\n`],
    ['no newline at the end', ` ${exact} `],
  ];
  for (const [name, frame] of framings) {
    for (const step of [0, 1, 7, 1023, 1024, 1025]) {
      it(`accepts a ${LIMIT}-byte text under a ${LIMIT}-byte limit framed with ${name} (chunks of ${step || 'all'})`, () => {
        const result = read(frame.endsWith('\n') ? frame + frame : `${exact}\n${frame}`, step);
        assert.deepEqual({ messages: result.messages, oversized: result.oversized }, { messages: 2, oversized: 0 });
        assert.ok(result.maxBuffered <= LIMIT, `held ${result.maxBuffered} bytes between chunks`);
      });
    }
  }

  it('still refuses a text one byte over, whatever its framing', () => {
    const over = jsonOf(LIMIT + 1);
    for (const frame of [`${over}\n`, `${over}\r\n`, ` ${over} \n`]) {
      for (const step of [0, 1, 100]) {
        const result = read(`${frame}${jsonOf(40)}\n`, step);
        assert.deepEqual({ messages: result.messages, oversized: result.oversized }, { messages: 1, oversized: 1 });
        assert.ok(result.maxBuffered <= LIMIT, `held ${result.maxBuffered} bytes`);
      }
    }
  });

  it('whitespace past the limit inside a text makes it oversized (never held)', () => {
    // The spaces are inside the JSON string: the text is over the limit once its end arrives.
    const inside = `${exact.slice(0, -2)}${' '.repeat(4096)}"}\n`;
    for (const step of [0, 1, 64]) {
      const result = read(`${inside}${jsonOf(40)}\n`, step);
      assert.equal(result.oversized, 1);
      assert.equal(result.messages, 1);
      assert.ok(result.maxBuffered <= LIMIT, `held ${result.maxBuffered} bytes`);
    }
  });

  it('a flood of framing whitespace is never held', () => {
    const result = read(`${' '.repeat(100_000)}${exact}${' '.repeat(100_000)}\n`, 4096);
    assert.deepEqual(result, { messages: 1, oversized: 0, maxBuffered: LIMIT });
  });
});
