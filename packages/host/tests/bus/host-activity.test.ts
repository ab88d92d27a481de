import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EventBus } from '../../src/bus/event-bus.js';
import { publishContributionActivity } from '../../src/bus/host-activity.js';
import { LiveInventory } from '../../src/live/live-inventory.js';
import { ContributionRegistry } from '../../src/contributions/contribution-registry.js';
import { NotificationCenter } from '../../src/contributions/notification-center.js';
import type { ExtensionRecord } from '../../src/extension-record.js';
import { ownsContributionId } from '@outboard/manifest';

const rec = (key: string, state: string, reason = '') => ({ key, state, reason, version: '1.0.0', realDir: `/x/${key}`, manifestHash: 'h' }) as unknown as ExtensionRecord;

describe('the host activity on the bus', () => {
  it('publishes extension.changed from successive inventories (name, what changed, new state, reason), not the first', () => {
    const bus = new EventBus();
    const host = { home: '/nowhere', identity: { id: 'outboard' }, extensions: async () => ({ extensions: [] }), refresh: () => undefined, approvals: { find: () => undefined }, sourceRoots: () => ({ user: '/nowhere', global: [], dev: [] }) };
    const live = new LiveInventory({ host, bus, syncProjects: () => undefined });
    const seen: string[] = [];
    live.onChange((changes) => seen.push(...changes.map((c) => `${c.name}:${c.changed.join('+')}`)));
    live.update([rec('a', 'unapproved'), rec('b', 'enabled')], 1);
    assert.equal(bus.lastSeq, 0);
    live.update([rec('a', 'enabled'), rec('b', 'disabled', 'disabled by the user'), rec('c', 'unapproved')], 2);
    live.update([rec('a', 'enabled')], 1);
    live.update([rec('a', 'enabled'), rec('b', 'disabled', 'disabled by the user')], 3);
    const events = bus.query().map((e) => `${e.type}:${String(e.attributes['name'])}:${String(e.attributes['changed'])}:${String(e.attributes['state'])}`);
    assert.deepEqual(events, ['extension.changed:a:state:enabled', 'extension.changed:b:state:disabled', 'extension.changed:c:added:unapproved', 'extension.changed:c:removed:removed']);
    assert.equal(bus.query()[1]?.attributes['reason'], 'disabled by the user');
    assert.deepEqual(seen, ['a:state', 'b:state', 'c:added', 'c:removed']);
    assert.ok(bus.query().every((e) => e.source === 'outboard'));
  });

  it('publishes notifications and status changes under the host namespace', async () => {
    const bus = new EventBus();
    const contributions = new ContributionRegistry();
    const notifications = new NotificationCenter();
    publishContributionActivity(bus, 'outboard', contributions, notifications);
    notifications.show('git', { message: 'hello', severity: 'warning' });
    const [shown] = bus.query({ types: ['host.notification.shown'] });
    assert.equal(shown?.attributes['extension'], 'git');
    assert.equal(shown?.attributes['severity'], 'warning');
  });

  it('uses only host namespaces no extension may own', () => {
    for (const type of ['extension.changed', 'project.removed', 'action.invoked', 'host.status.changed', 'host.plugin.disabled']) assert.equal(ownsContributionId('host', type), false);
  });
});
