import type { Disposable } from '@outboard/protocol/disposable';
import type { EventBus } from './event-bus.js';
import type { ExtensionRecord } from '../extension-record.js';
import type { ContributionRegistry } from '../contributions/contribution-registry.js';
import type { NotificationCenter } from '../contributions/notification-center.js';

/**
 * The host's own activity on its bus, under the host namespaces (manifest HOST_NAMESPACES), source = host id:
 * - `extension.discovered`, `extension.approved`, `extension.disabled`, `extension.removed` (inventory changes, see {@link InventoryWatch})
 * - `extension.peer.state` (peer lifecycle; published by the peer manager)
 * - `action.invoked`, `action.finished` (published by the peer manager)
 * - `project.registered`, `project.removed` (published by the project store)
 * - `host.notification.shown`, `host.status.changed` (see {@link publishContributionActivity})
 * - `host.plugin.disabled` (plugins/plugin-runner.ts)
 */
export const HOST_ACTIVITY_TYPES = Object.freeze([
  'extension.discovered',
  'extension.approved',
  'extension.disabled',
  'extension.removed',
  'extension.peer.state',
  'action.invoked',
  'action.finished',
  'project.registered',
  'host.notification.shown',
  'host.status.changed',
  'host.plugin.disabled',
]);

/**
 * Turns successive inventories into events: an extension seen for the first time is `extension.discovered`
 * (not on the first inventory, which is the starting state), one that becomes enabled `extension.approved`,
 * one that leaves the enabled state `extension.disabled`, one that disappears `extension.removed`.
 */
export class InventoryWatch {
  #known: Map<string, string> | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly source: string,
  ) {}

  /** Compares `extensions` with the previous inventory and publishes the differences. */
  update(extensions: readonly ExtensionRecord[]): void {
    const next = new Map(extensions.map((e) => [e.key, e.state] as [string, string]));
    const before = this.#known;
    this.#known = next;
    if (!before) return;
    for (const [key, state] of next) {
      const was = before.get(key);
      const attributes = { extension: key, state };
      if (was === undefined) this.bus.publish({ type: 'extension.discovered', source: this.source, attributes });
      if (state === 'enabled' && was !== 'enabled') this.bus.publish({ type: 'extension.approved', source: this.source, attributes });
      if (was === 'enabled' && state !== 'enabled') this.bus.publish({ type: 'extension.disabled', source: this.source, attributes });
    }
    for (const [key, state] of before) {
      if (!next.has(key)) this.bus.publish({ type: 'extension.removed', source: this.source, attributes: { extension: key, state } });
    }
  }
}

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
