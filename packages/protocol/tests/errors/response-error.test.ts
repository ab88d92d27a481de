// ResponseError.fromWire: what a peer sent survives the reading, an application's own `data.code` included.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ResponseError } from '../../src/index.js';

describe('ResponseError.fromWire', () => {
  it('keeps a wire code as the reason', () => {
    const error = ResponseError.fromWire({ code: -32601, message: 'no such method', data: { code: 'method_not_found' } });
    assert.equal(error.reason, 'method_not_found');
    assert.equal(error.origin, 'peer');
    assert.equal(error.data.senderCode, undefined);
  });

  it("keeps an application's own string code as data.senderCode, its other data as sent", () => {
    const error = ResponseError.fromWire({ code: -32000, message: 'action x.hello cannot run', data: { code: 'PEER_NEEDS_APPROVAL', hint: 'outboard extensions enable x' } });
    assert.equal(error.reason, 'internal');
    assert.equal(error.code, -32000);
    assert.equal(error.data.senderCode, 'PEER_NEEDS_APPROVAL');
    assert.equal(error.data.hint, 'outboard extensions enable x');
  });

  it('junk data stays under value, with no senderCode', () => {
    const error = ResponseError.fromWire({ code: -32000, message: 'm', data: 'text' });
    assert.deepEqual(error.data, { value: 'text', code: 'internal' });
  });
});
