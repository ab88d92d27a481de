import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileEventFilter, eventFilterProblem, type BusEvent } from '../../src/bus/index.js';

function event(type: string, projectId?: string): BusEvent {
  return { seq: 1, time: new Date(0).toISOString(), type, source: 'test', attributes: {}, ...(projectId ? { scope: { projectId } } : {}) };
}

describe('event filters', () => {
  it('no filter matches every event', () => {
    const matches = compileEventFilter(undefined);
    assert.equal(matches(event('a.b')), true);
    assert.equal(matches(event('a.b', 'p')), true);
  });

  it('types match when any glob matches', () => {
    const matches = compileEventFilter({ types: ['git.*', 'project.registered'] });
    assert.equal(matches(event('git.changed')), true);
    assert.equal(matches(event('project.registered')), true);
    assert.equal(matches(event('project.removed')), false);
  });

  it('projectIds keep events of those projects, and host-wide ones only with includeUnscoped', () => {
    const strict = compileEventFilter({ projectIds: ['a', 'b'] });
    assert.equal(strict(event('x.y', 'a')), true);
    assert.equal(strict(event('x.y', 'c')), false);
    assert.equal(strict(event('x.y')), false);
    const withGlobal = compileEventFilter({ projectIds: ['a'], includeUnscoped: true });
    assert.equal(withGlobal(event('x.y')), true);
    assert.equal(withGlobal(event('x.y', 'c')), false);
  });

  it('an empty list matches nothing', () => {
    assert.equal(compileEventFilter({ types: [] })(event('a.b')), false);
    assert.equal(compileEventFilter({ projectIds: [] })(event('a.b', 'p')), false);
    assert.equal(compileEventFilter({ projectIds: [] })(event('a.b')), false);
  });

  it('types and projects narrow together', () => {
    const matches = compileEventFilter({ types: ['git.*'], projectIds: ['a'] });
    assert.equal(matches(event('git.changed', 'a')), true);
    assert.equal(matches(event('git.changed', 'b')), false);
    assert.equal(matches(event('npm.changed', 'a')), false);
  });

  it('refuses malformed filters with a message naming the field', () => {
    assert.match(eventFilterProblem('git.*') ?? '', /must be an object/);
    assert.match(eventFilterProblem({ types: 'git.*' }) ?? '', /types must be a list/);
    assert.match(eventFilterProblem({ types: ['git?'] }) ?? '', /type glob/);
    assert.match(eventFilterProblem({ projectIds: [''] }) ?? '', /projectIds must be a list/);
    assert.match(eventFilterProblem({ includeUnscoped: 'yes' }) ?? '', /includeUnscoped/);
    assert.throws(() => compileEventFilter({ types: [3 as unknown as string] }), TypeError);
    assert.equal(eventFilterProblem({ types: ['*'], projectIds: ['a'], includeUnscoped: true }), undefined);
  });
});
