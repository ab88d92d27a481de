import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EventBus } from '../../src/bus/event-bus.js';
import { InventoryWatch, publishContributionActivity } from '../../src/bus/host-activity.js';
import { ContributionRegistry } from '../../src/contributions/contribution-registry.js';
import { NotificationCenter } from '../../src/contributions/notification-center.js';
import type { ExtensionRecord } from '../../src/extension-record.js';
import { ownsContributionId } from '@outboard/manifest';

const rec = (key: string, state: string) => ({ key, state }) as unknown as ExtensionRecord;

describe('the host activity on the bus', () => {
  it('publishes extension.discovered / approved / disabled / removed from successive inventories, not the first', () => {
    const bus = new EventBus();
    const watch = new InventoryWatch(bus, 'outboard');
    watch.update([rec('a', 'needs-approval'), rec('b', 'enabled')]);
    assert.equal(bus.lastSeq, 0);
    watch.update([rec('a', 'enabled'), rec('b', 'disabled'), rec('c', 'needs-approval')]);
    watch.update([rec('a', 'enabled'), rec('b', 'disabled')]);
    const events = bus.query().map((e) => `${e.type}:${String(e.attributes['extension'])}`);
    assert.deepEqual(events, ['extension.approved:a', 'extension.disabled:b', 'extension.discovered:c', 'extension.removed:c']);
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
    for (const type of ['extension.discovered', 'action.invoked', 'host.status.changed', 'host.plugin.disabled']) assert.equal(ownsContributionId('host', type), false);
  });
});
