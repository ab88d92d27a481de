// The CLI's suggestions come from the manifest package's one did-you-mean; these pin what users see from it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { editDistance, suggestNames } from '@outboard/manifest';

describe('did-you-mean', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps as one edit each', () => {
    assert.equal(editDistance('list', 'list'), 0);
    assert.equal(editDistance('lst', 'list'), 1);
    assert.equal(editDistance('lisst', 'list'), 1);
    assert.equal(editDistance('lust', 'list'), 1);
    assert.equal(editDistance('lsit', 'list'), 1);
    assert.equal(editDistance('', 'abc'), 3);
  });

  it('suggests close names, nearest first, at most three, and nothing for unrelated words', () => {
    assert.deepEqual(suggestNames('lst', ['list', 'info', 'ls']), ['list', 'ls']);
    assert.deepEqual(suggestNames('verison', ['version', 'config', 'help']), ['version']);
    assert.deepEqual(suggestNames('zzzzzz', ['version', 'config', 'help']), []);
    assert.ok(suggestNames('a', ['b', 'c', 'd', 'e']).length <= 3);
  });

  it('suggests a name the input starts (three characters or more)', () => {
    assert.deepEqual(suggestNames('ext', ['extensions', 'events']), ['extensions']);
  });
});
