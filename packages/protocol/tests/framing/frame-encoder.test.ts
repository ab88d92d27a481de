import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { encodeFrame, exceedsByteLimit, utf8ByteLength } from '../../src/index.js';

describe('frame encoding', () => {
  it('utf8ByteLength equals the encoded length for any string, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 64 }), fc.string({ unit: 'grapheme', maxLength: 32 }), (a, b) => {
        const text = a + b;
        assert.equal(utf8ByteLength(text), new TextEncoder().encode(text).length);
      }),
      { numRuns: 300 },
    );
  });

  it('exceedsByteLimit is exact at the boundary', () => {
    assert.equal(exceedsByteLimit('é'.repeat(10), 20), false);
    assert.equal(exceedsByteLimit('é'.repeat(10), 19), true);
    assert.equal(exceedsByteLimit('a'.repeat(100), 100), false);
    assert.equal(exceedsByteLimit('a'.repeat(101), 100), true);
  });

  it('frames as NDJSON or with a Content-Length counting bytes', () => {
    assert.equal(encodeFrame('{"a":"é"}', 'ndjson'), '{"a":"é"}\n');
    assert.equal(encodeFrame('{"a":"é"}', 'content-length'), 'Content-Length: 10\r\n\r\n{"a":"é"}');
  });
});
