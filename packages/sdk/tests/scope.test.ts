import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PeerScope } from '../src/scope.js';

describe('PeerScope: scoped and guard', () => {
  it('a scoped value is reset to its initial value when the scope changes, not when it stays', () => {
    const scope = new PeerScope();
    const { scoped, setScope, currentScope } = bind(scope);
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
    const { setScope, scopeGuard } = bind(new PeerScope());
    setScope('x');
    const guard = scopeGuard();
    assert.equal(guard.scope, 'x');
    assert.equal(guard.current, true);
    setScope('y');
    setScope('x');
    assert.equal(guard.current, false, 'an answer that outlived its scope is discarded');
    assert.equal(scopeGuard().current, true);
  });

  it('two scopes are independent: a change in one resets nothing of the other', () => {
    const a = new PeerScope();
    const b = new PeerScope();
    const value = a.scoped(() => 1);
    value.value = 2;
    const guard = a.guard();
    b.set('other');
    assert.equal(value.value, 2);
    assert.equal(guard.current, true);
    assert.equal(a.current, undefined);
  });
});

/** The scope's methods under the names the tests read best with. */
function bind(scope: PeerScope) {
  return {
    scoped: <T>(initial: () => T) => scope.scoped(initial),
    scopeGuard: () => scope.guard(),
    setScope: (id: string | undefined) => scope.set(id),
    currentScope: () => scope.current,
  };
}
