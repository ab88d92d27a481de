import type { Disposable } from '@outboard/protocol/disposable';
import type { EventBus } from './event-bus.js';
import type { ContributionRegistry } from '../contributions/contribution-registry.js';
import type { NotificationCenter } from '../contributions/notification-center.js';

/**
 * The host's own activity on its bus, under the host namespaces (manifest HOST_NAMESPACES), source = host id:
 * - `extension.changed` (inventory changes, whoever made them; see live/live-inventory.ts)
 * - `extension.peer.state` (peer lifecycle; published by the peer fleet)
 * - `extension.process.limit` (a peer or sidecar stopped for going over a resource limit; process kit users)
 * - `action.invoked`, `action.finished` (published by the peer fleet)
 * - `project.registered`, `project.removed` (published by the project store)
 * - `host.notification.shown`, `host.status.changed` (see {@link publishContributionActivity})
 * - `host.plugin.disabled` (plugins/plugin-runner.ts)
 */
export const HOST_ACTIVITY_TYPES = Object.freeze([
  'extension.changed',
  'extension.peer.state',
  'extension.process.limit',
  'action.invoked',
  'action.finished',
  'project.registered',
  'project.removed',
  'host.notification.shown',
  'host.status.changed',
  'host.plugin.disabled',
]);

/** Publishes the peers' notifications (`host.notification.shown`) and status changes (`host.status.changed`). */
export function publishContributionActivity(bus: EventBus, source: string, contributions: ContributionRegistry, notifications: NotificationCenter): Disposable {
  const shown = notifications.onShow((n) => {
    bus.publish({ type: 'host.notification.shown', source, attributes: { extension: n.extension, severity: n.severity ?? 'info', id: n.id }, body: { ...n } });
  });
  const changed = contributions.onChange((change) => {
    if (change.kind !== 'status') return;
    const value = contributions.statusItems().find((item) => item.extension === change.extension && item.id === change.id)?.values[change.projectId ?? ''];
    bus.publish({
      type: 'host.status.changed',
      source,
      ...(change.projectId ? { scope: { projectId: change.projectId } } : {}),
      attributes: { extension: change.extension, id: change.id },
      body: value ?? null,
    });
  });
  return { dispose: () => (shown.dispose(), changed.dispose()) };
}
