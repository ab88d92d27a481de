import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileTypeGlob, typeGlobProblem } from '../../src/bus/index.js';

describe('type globs', () => {
  const cases: Array<[glob: string, type: string, expected: boolean]> = [
    ['*', 'git.changed', true],
    ['*', 'a', true],
    ['git.*', 'git.changed', true],
    ['git.*', 'git.a.b', true],
    ['git.*', 'git', false],
    ['git.*', 'github.changed', false],
    ['git.changed', 'git.changed', true],
    ['git.changed', 'git.changedx', false],
    ['git.changed', 'Git.changed', false],
    ['*.changed', 'git.changed', true],
    ['*.changed', 'a.b.changed', true],
    ['*.changed', 'git.changed.more', false],
    ['git.*.done', 'git.x.done', true],
    ['git.*.done', 'git.x.y.done', true],
    ['git.*.done', 'git.done', false],
    ['git*', 'git', true],
    ['git*', 'github.pr', true],
    ['git.**', 'git.a.b', true],
    ['a-b.*', 'a-b.c', true],
    ['a-b.*', 'aXb.c', false],
  ];
  for (const [glob, type, expected] of cases) {
    it(`${JSON.stringify(glob)} ${expected ? 'matches' : 'does not match'} ${JSON.stringify(type)}`, () => {
      assert.equal(compileTypeGlob(glob)(type), expected);
    });
  }

  it('a dot is literal, never a regex wildcard', () => {
    assert.equal(compileTypeGlob('git.changed')('gitXchanged'), false);
    assert.equal(compileTypeGlob('a.*')('aXb'), false);
  });

  it('refuses globs with other characters, empty or too long, naming the expected shape', () => {
    for (const bad of ['', 'git.?', 'git changed', 'a/b', '(a)', 'x'.repeat(201), 7, undefined]) {
      assert.match(typeGlobProblem(bad) ?? '', /type glob is a dotted event type/);
      assert.throws(() => compileTypeGlob(bad as string), TypeError);
    }
    assert.equal(typeGlobProblem('git.*'), undefined);
  });
});
