// One-time codes (the sign-in link's and the sidecar origins'): single use, expiring, bounded.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOGIN_CODE_TTL_MS, OneTimeCodes } from '../../src/auth/one-time-codes.js';

describe('OneTimeCodes', () => {
  it('redeems a code once, within its TTL, for its value', () => {
    let now = 1000;
    const codes = new OneTimeCodes<string>({ ttlMs: LOGIN_CODE_TTL_MS, now: () => now });
    const a = codes.issue('a');
    assert.equal(a.expiresAt, 1000 + 120_000);
    assert.equal(codes.redeem(a.code), 'a');
    assert.equal(codes.redeem(a.code), undefined);
    const b = codes.issue('b');
    now += LOGIN_CODE_TTL_MS + 1;
    assert.equal(codes.redeem(b.code), undefined);
    assert.equal(codes.redeem('made-up'), undefined);
  });

  it('keeps at most maxPending codes (the oldest goes), and refuses a bad TTL', () => {
    const codes = new OneTimeCodes<number>({ ttlMs: 1000, maxPending: 2 });
    const first = codes.issue(1);
    codes.issue(2);
    const third = codes.issue(3);
    assert.equal(codes.redeem(first.code), undefined);
    assert.equal(codes.redeem(third.code), 3);
    assert.throws(() => new OneTimeCodes({ ttlMs: 0 }), /ttlMs/);
  });
});
