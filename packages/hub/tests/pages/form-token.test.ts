import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FORM_TOKEN_TTL_MS, formTokenValid, issueFormToken } from '../../src/pages/form-token.js';

const SECRET = 'secret-0123456789abcdef';

describe('page anti-forgery tokens', () => {
  it('accepts a token this secret issued, a fresh one per page, until it expires', () => {
    const now = 1_000_000;
    const a = issueFormToken(SECRET, now);
    const b = issueFormToken(SECRET, now);
    assert.notEqual(a, b);
    assert.equal(formTokenValid(SECRET, a, now + 1000), true);
    assert.equal(formTokenValid(SECRET, a, now + FORM_TOKEN_TTL_MS + 1), false);
  });

  it('refuses a missing, altered or foreign token', () => {
    const token = issueFormToken(SECRET);
    assert.equal(formTokenValid(SECRET, null), false);
    assert.equal(formTokenValid(SECRET, ''), false);
    assert.equal(formTokenValid('another-secret-0123456789', token), false);
    const [nonce, , mac] = token.split('.');
    assert.equal(formTokenValid(SECRET, `${nonce}.${Date.now() + 10 * FORM_TOKEN_TTL_MS}.${mac}`), false, 'a pushed expiry breaks the MAC');
    assert.equal(formTokenValid(SECRET, `${token}x`), false);
  });
});
