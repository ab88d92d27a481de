import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeActionResult } from '../../src/contributions/action-result.js';

describe('action results: the typed view and its text', () => {
  it('takes the view of the reference design, discriminated by type (a seed-shaped table with a title)', () => {
    const result = normalizeActionResult({ notifications: [], view: { type: 'table', title: 'Commits', columns: ['sha', 'subject'], rows: [['abc', 'first']] } });
    assert.deepEqual(result.view, { type: 'table', title: 'Commits', columns: ['sha', 'subject'], rows: [['abc', 'first']], truncated: false });
    assert.deepEqual(result.warnings, []);
  });

  it('accepts kind as the alias of type, and answers with type', () => {
    assert.deepEqual(normalizeActionResult({ view: { kind: 'text', text: 'hi' } }).view, { type: 'text', text: 'hi' });
    assert.deepEqual(normalizeActionResult({ view: { kind: 'markdown', markdown: '# x' } }).view, { type: 'markdown', markdown: '# x' });
    // With both, type wins.
    assert.deepEqual(normalizeActionResult({ view: { type: 'text', kind: 'table', text: 't' } }).view, { type: 'text', text: 't' });
  });

  it('drops a view of an unknown type with a warning that names the discriminator', () => {
    const result = normalizeActionResult({ view: { type: 'chart', points: [] } });
    assert.equal(result.view, null);
    assert.match(result.warnings[0] ?? '', /"type" is not text, markdown or table/);
  });

  it('shows control characters as visible escapes instead of removing them without a word', () => {
    const result = normalizeActionResult({
      notifications: [{ severity: 'info', message: 'a\u0007b', detail: 'line 1\nline\u001b]0;title\u0007 2' }],
      view: { type: 'text', text: 'hi\u001b[2Jthere\nnext\tline\u202e' },
    });
    assert.deepEqual(result.view, { type: 'text', text: 'hi\\x1b[2Jthere\nnext\\tline\\u202e' });
    assert.deepEqual(result.notifications, [{ severity: 'info', message: 'a\\x07b', detail: 'line 1\nline\\x1b]0;title\\x07 2' }]);
    const table = normalizeActionResult({ view: { type: 'table', columns: ['c\u001b[1m'], rows: [['x\ny']] } });
    assert.deepEqual(table.view, { type: 'table', columns: ['c\\x1b[1m'], rows: [['x\\ny']], truncated: false });
    assert.deepEqual(normalizeActionResult('plain \u001b[2J').view, { type: 'text', text: 'plain \\x1b[2J' });
  });
});
