import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { currentScope, scopeGuard, scoped, setScope } from '../src/scope.js';

describe('scoped and scopeGuard', () => {
  it('a scoped value is reset to its initial value when the scope changes, not when it stays', () => {
    setScope('a');
    const counts = scoped(() => ({ n: 0 }));
    counts.value.n = 21;
    setScope('a');
    assert.equal(counts.value.n, 21, 'the same scope keeps the value');
    setScope('b');
    assert.equal(counts.value.n, 0, 'another scope starts from initial()');
    assert.equal(currentScope(), 'b');
    counts.dispose();
    counts.value.n = 5;
    setScope('c');
    assert.equal(counts.value.n, 5, 'a disposed value is no longer reset');
  });

  it('a guard taken before a scope change reports stale after it, even if the scope comes back', () => {
    setScope('x');
    const guard = scopeGuard();
    assert.equal(guard.scope, 'x');
    assert.equal(guard.current, true);
    setScope('y');
    setScope('x');
    assert.equal(guard.current, false, 'an answer that outlived its scope is discarded');
    assert.equal(scopeGuard().current, true);
  });
});
