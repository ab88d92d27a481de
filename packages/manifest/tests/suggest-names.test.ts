import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { didYouMean, editDistance, nearestName, suggestionLimit, suggestNames } from '../src/index.js';

describe('suggestNames: the one did-you-mean', () => {
  it('counts a swap of neighbours as one edit, and ignores case', () => {
    assert.equal(editDistance('onactoin', 'onaction'), 1);
    assert.deepEqual(suggestNames('LST', ['list', 'link']), ['list']);
  });

  it('has one threshold: 1 edit below 6 characters, 2 from 6 on', () => {
    assert.deepEqual([1, 3, 5, 6, 9, 40].map(suggestionLimit), [1, 1, 1, 2, 2, 2]);
    assert.deepEqual(suggestNames('demo.helo', ['demo.hello', 'demo.call', 'demo.slow']), ['demo.hello']);
    assert.equal(nearestName('project.read', ['projects.read', 'storage.private']), 'projects.read');
    assert.equal(nearestName('zzz', ['list']), undefined);
  });

  it('suggests names an input of three characters or more starts, nearest first, at most three', () => {
    assert.deepEqual(suggestNames('ext', ['extensions', 'exit', 'version']), ['exit', 'extensions']);
    assert.deepEqual(suggestNames('a', ['b', 'c', 'd', 'e']), ['b', 'c', 'd']);
    assert.deepEqual(suggestNames('a', ['b', 'c'], 1), ['b']);
  });

  it('words a suggestion for a sentence', () => {
    assert.equal(didYouMean('onActoin', ['onAction', 'onRpc']), ' (did you mean "onAction"?)');
    assert.equal(didYouMean('whatever', ['onAction']), '');
  });

  it('gives up early on a long hostile input', () => {
    assert.equal(editDistance('x'.repeat(100_000), 'list', 3), 3);
    assert.deepEqual(suggestNames('x'.repeat(100_000), ['list']), []);
  });
});
