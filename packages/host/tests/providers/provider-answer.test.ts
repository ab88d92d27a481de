import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkProviderAnswer, MalformedProviderAnswer, PROVIDER_ITEM_CAP } from '../../src/providers/provider-answer.js';

describe('checkProviderAnswer', () => {
  it('keeps typed items of each kind, cleaned of control characters', () => {
    assert.deepEqual(checkProviderAnswer('search', { items: [{ title: 'a\u001b[2Jb', uri: 'https://x.test/p', extra: 1 }] }, 10).items, [{ title: 'a\\x1b[2Jb', uri: 'https://x.test/p' }]);
    assert.deepEqual(checkProviderAnswer('diagnostics', { items: [{ severity: 'error', message: 'm', line: 3, column: -1 }] }, 10).items, [{ severity: 'error', message: 'm', line: 3 }]);
    assert.deepEqual(checkProviderAnswer('workspaces', { items: [{ name: 'w', root: '/r' }, { name: 'no root' }] }, 10).items, [{ name: 'w', root: '/r' }]);
    assert.deepEqual(checkProviderAnswer('completions', { items: [{ label: 'l', insertText: 'a\nb' }] }, 10).items, [{ label: 'l', insertText: 'a\nb' }]);
  });

  it('drops URLs other than http(s) and items missing a required field, naming them', () => {
    const answer = checkProviderAnswer('search', { items: [{ title: 't', uri: 'file:///etc/passwd' }, { detail: 'no title' }, 'text'] }, 10);
    assert.deepEqual(answer.items, [{ title: 't' }]);
    assert.deepEqual(answer.warnings, ['dropped 2 item(s) that are not search items (a title is required)']);
  });

  it('caps at the limit and at the host cap, marking the answer truncated and keeping the cursor', () => {
    const many = { items: Array.from({ length: 300 }, (_, i) => ({ title: `t${i}` })), cursor: 'c2' };
    const limited = checkProviderAnswer('search', many, 5);
    assert.equal(limited.items.length, 5);
    assert.equal(limited.truncated, true);
    assert.equal(limited.cursor, 'c2');
    assert.equal(checkProviderAnswer('search', many, 1000).items.length, PROVIDER_ITEM_CAP);
    assert.equal(checkProviderAnswer('search', { items: [{ title: 'x' }], truncated: true }, 5).truncated, true);
    assert.equal(checkProviderAnswer('search', { items: [{ title: 'x' }] }, 5).truncated, false);
  });

  it('refuses an answer without an items array', () => {
    for (const raw of [null, 'x', [], { items: 'no' }]) assert.throws(() => checkProviderAnswer('search', raw, 5), MalformedProviderAnswer);
  });
});
