import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ExtensionManifest } from '@outboard/manifest';
import { ResponseError } from '@outboard/protocol';
import { contributionCollisions, routeContribution } from '../../src/contributions/contribution-owner.js';
import { ContributionRegistry } from '../../src/contributions/contribution-registry.js';

const ext = (name: string, actions: string[], rpc: string[] = []) => ({
  name,
  dir: `/exts/${name}`,
  manifest: { apiVersion: 1, name, contributes: { actions: actions.map((id) => ({ id, title: id })), rpc } } as unknown as ExtensionManifest,
});

function refusal(fn: () => unknown): ResponseError {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof ResponseError, String(error));
    return error;
  }
  assert.fail('expected a refusal');
}

describe('routeContribution', () => {
  it('routes an owned id to its one owner', () => {
    const zzz = ext('zzz', ['zzz.run'], ['zzz.get']);
    assert.equal(routeContribution([zzz], 'action', 'zzz.run', 'outboard'), zzz);
    assert.equal(routeContribution([zzz], 'rpc', 'zzz.get', 'outboard'), zzz);
  });

  it('never lets the first in alphabetical order win: a collision is refused with both owners named', () => {
    const exts = [ext('aaa', ['zzz.run'], ['zzz.get']), ext('zzz', ['zzz.run'], ['zzz.get'])];
    for (const kind of ['action', 'rpc'] as const) {
      const e = refusal(() => routeContribution(exts, kind, kind === 'action' ? 'zzz.run' : 'zzz.get', 'outboard'));
      assert.equal(e.reason, 'unavailable');
      assert.match(e.message, /declared by 2 extensions \(aaa in \/exts\/aaa, zzz in \/exts\/zzz\)/);
      assert.deepEqual((e.data as Record<string, unknown>)['owners'], ['aaa', 'zzz']);
    }
  });

  it('refuses an id its only declarer does not own', () => {
    const e = refusal(() => routeContribution([ext('aaa', ['zzz.run'])], 'action', 'zzz.run', 'outboard'));
    assert.equal(e.reason, 'unavailable');
    assert.match(e.message, /aaa declares action "zzz\.run", which it does not own/);
  });

  it('says not_found when nobody declares it', () => {
    assert.equal(refusal(() => routeContribution([ext('zzz', ['zzz.run'])], 'action', 'zzz.nope', 'outboard')).reason, 'not_found');
  });
});

describe('contributionCollisions (for doctor)', () => {
  it('names every declarer of a shared id and every id its declarer does not own', () => {
    const found = contributionCollisions([ext('aaa', ['zzz.run'], ['zzz.get']), ext('zzz', ['zzz.run', 'zzz.ok'], ['zzz.get'])]);
    assert.deepEqual(
      found.map((c) => [c.kind, c.id, c.declaredBy]),
      [
        ['rpc', 'zzz.get', ['aaa', 'zzz']],
        ['action', 'zzz.run', ['aaa', 'zzz']],
      ],
    );
    assert.match(found[1]?.problem ?? '', /action "zzz\.run" is declared by aaa and zzz; it runs on none of them/);
    assert.deepEqual(contributionCollisions([ext('aaa', ['project.open'])]).map((c) => c.problem), ['aaa declares action "project.open", which it does not own: "project.open" is in the host\'s namespace "project.", which no extension may use']);
    assert.deepEqual(contributionCollisions([ext('zzz', ['zzz.run'])]), []);
  });
});

describe('ContributionRegistry ownership', () => {
  it('refuses a peer announcing ids outside its namespace, even when its manifest declares them', () => {
    const registry = new ContributionRegistry();
    const declared = { actions: [{ id: 'zzz.run', title: 'Run' }], events: ['project.registered'] };
    const refused = registry.add('aaa', declared, { actions: ['zzz.run'], events: ['project.registered'] });
    assert.deepEqual(refused, ['action zzz.run (outside its namespace "aaa.")', 'event type project.registered (outside its namespace "aaa.")']);
    assert.deepEqual(registry.actions(), []);
  });
});
