import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Contributes } from '@outboard/manifest';
import { ContributionRegistry } from '../../src/contributions/contribution-registry.js';
import type { ContributionChange } from '../../src/contributions/contribution-registry.js';
import { NotificationCenter } from '../../src/contributions/notification-center.js';
import { waitUntil } from '../wait-until.js';

const declared: Contributes = {
  actions: [{ id: 'git.refresh', title: 'Refresh' }],
  status: [
    { id: 'git.branch', title: 'Branch' },
    { id: 'git.dirty', title: 'Changes' },
  ],
};

function registry(): { reg: ContributionRegistry; changes: Array<Extract<ContributionChange, { kind: 'status' }>>; all: ContributionChange[] } {
  const reg = new ContributionRegistry();
  const changes: Array<Extract<ContributionChange, { kind: 'status' }>> = [];
  const all: ContributionChange[] = [];
  reg.onChange((c) => {
    all.push(c);
    if (c.kind === 'status') changes.push(c);
  });
  assert.deepEqual(reg.add('git', declared, { actions: ['git.refresh'], status: ['git.branch', 'git.dirty'] }), []);
  return { reg, changes, all };
}

describe('status items: reference shape, pacing, clearing', () => {
  it('a tight status/set loop reaches listeners paced (at most 10 a second per extension), each item with its latest value', async () => {
    const { reg, changes } = registry();
    try {
      for (let i = 0; i < 5000; i++) {
        reg.setStatus('git', 'git.branch', { text: `branch ${i}` });
        reg.setStatus('git', 'git.dirty', { text: `${i} changed` });
      }
      // Timers can only be late, never early: in 350 ms no more than 4 turns (at 0, 100, 200, 300 ms) can have run.
      await new Promise((r) => setTimeout(r, 350));
      assert.ok(changes.length <= 4, `${changes.length} announcements in 350 ms for 10000 updates`);
      await waitUntil('both items announced', () => changes.some((c) => c.id === 'git.branch') && changes.some((c) => c.id === 'git.dirty'), 5000);
      const values = reg.statusItems().map((s) => s.values['']?.text);
      assert.deepEqual(values, ['branch 4999', '4999 changed'], 'the latest value of each item wins');
    } finally {
      reg.dispose();
    }
  });

  it('keeps tooltip and actionId (an action of the same extension); control characters become visible escapes', () => {
    const { reg } = registry();
    try {
      reg.setStatus('git', 'git.branch', { text: 'main\u001b[2J', severity: 'ok', tooltip: 'line 1\nline\u0007 2', actionId: 'git.refresh' });
      const value = reg.statusItems()[0]?.values[''];
      assert.equal(value?.text, 'main\\x1b[2J');
      assert.equal(value?.tooltip, 'line 1\nline\\x07 2');
      assert.equal(value?.actionId, 'git.refresh');
      assert.equal(value?.severity, 'ok');
      assert.throws(() => reg.setStatus('git', 'git.branch', { text: 'x', actionId: 'other.run' }), (e: Error) => e instanceof TypeError && /actionId "other.run" is not an action git offers/.test(e.message));
    } finally {
      reg.dispose();
    }
  });

  it('clears a stopped peer\'s items: each value is announced gone, then the extension is removed', () => {
    const { reg, all } = registry();
    reg.setStatus('git', 'git.branch', { text: 'main' });
    reg.setStatus('git', 'git.dirty', { text: '3', projectId: 'p1' });
    all.length = 0;
    reg.remove('git');
    assert.deepEqual(all, [
      { kind: 'status', extension: 'git', id: 'git.branch', projectId: undefined },
      { kind: 'status', extension: 'git', id: 'git.dirty', projectId: 'p1' },
      { kind: 'removed', extension: 'git' },
    ]);
    assert.deepEqual(reg.statusItems(), []);
    reg.dispose();
  });
});

describe('notifications: reference shape', () => {
  it('keeps detail, the extension\'s own action ids and an expiry (capped), cleaned', () => {
    const center = new NotificationCenter({ maxExpiryMs: 60_000 });
    const far = new Date(Date.now() + 3_600_000).toISOString();
    const outcome = center.show('git', { severity: 'warning', message: 'push \u001b[31mfailed', detail: 'remote said no\nretry', actions: ['git.refresh', 'other.steal', 'not an id', 5], expiresAt: far });
    assert.ok('shown' in outcome);
    const n = outcome.shown;
    assert.equal(n.message, 'push \\x1b[31mfailed');
    assert.equal(n.detail, 'remote said no\nretry');
    assert.deepEqual(n.actions, ['git.refresh']);
    const expires = Date.parse(n.expiresAt ?? '');
    assert.ok(expires > Date.now() && expires <= Date.now() + 60_000, `capped at maxExpiryMs: ${n.expiresAt}`);
    assert.equal(center.current().length, 1);
    const past = center.show('git', { message: 'stale', expiresAt: Date.now() - 1000 });
    assert.ok('shown' in past);
    assert.deepEqual(center.current().map((x) => x.message), ['push \\x1b[31mfailed'], 'an expired one is not current');
  });

  it('raise() shows the host\'s own notification about an extension, outside the extension\'s rate', () => {
    const center = new NotificationCenter({ perSecond: 1 });
    assert.ok('shown' in center.show('git', { message: 'one' }));
    assert.deepEqual(center.show('git', { message: 'two' }), { refused: 'rate_limited' });
    const raised = center.raise('git', { severity: 'error', message: 'git: action git.push failed: boom' });
    assert.equal(raised?.severity, 'error');
    assert.deepEqual(center.current().map((x) => x.message), ['one', 'git: action git.push failed: boom']);
  });
});
