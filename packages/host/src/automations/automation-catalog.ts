import { contributionIdOwnershipProblem, type AutomationTemplateContribution, type JsonSchema, type ListenerContribution } from '@outboard/manifest';
import type { ExtensionRecord } from '../extension-record.js';

/** A listener in the catalogue: the manifest entry and the extension declaring it. */
export interface CatalogListener extends ListenerContribution {
  extension: string;
}

/** A template in the catalogue. */
export interface CatalogTemplate extends AutomationTemplateContribution {
  extension: string;
}

/** An action automations may run. */
export interface CatalogAction {
  id: string;
  title: string;
  extension: string;
  targets: readonly string[];
  argsSchema?: JsonSchema;
}

/** An event type the host itself publishes. */
export interface HostEventType {
  type: string;
  label: string;
}

/** What automations may start on and run: the enabled extensions' listeners, templates and actions, and the host's own event types. */
export interface AutomationCatalog {
  listeners: CatalogListener[];
  templates: CatalogTemplate[];
  actions: CatalogAction[];
  hostEvents: HostEventType[];
}

/** The host's own event types an automation may start on (DESIGN §7, §9, §10). */
export const HOST_EVENT_TYPES: readonly HostEventType[] = Object.freeze([
  { type: 'project.registered', label: 'A project was registered' },
  { type: 'project.removed', label: 'A project was removed' },
  { type: 'extension.changed', label: 'An extension changed (state, approval, config, package)' },
  { type: 'action.finished', label: 'An action finished' },
  { type: 'automation.ran', label: 'An automation ran' },
  { type: 'automation.failed', label: 'An automation failed' },
  { type: 'automation.looped', label: 'An automation was paused by the loop breaker' },
]);

/**
 * The catalogue of `extensions` (the inventory): only enabled extensions with a peer count, and only
 * contributions their extension owns (`<name>.`); the host's event types always. Pure: ask per request, so
 * it follows the live inventory (no copy is kept).
 */
export function automationCatalog(extensions: readonly ExtensionRecord[]): AutomationCatalog {
  const enabled = extensions.filter((e) => e.state === 'enabled' && e.name && e.manifest?.peer);
  const owned = (ext: ExtensionRecord, id: string) => contributionIdOwnershipProblem(ext.name as string, id) === undefined;
  const listeners: CatalogListener[] = [];
  const templates: CatalogTemplate[] = [];
  const actions: CatalogAction[] = [];
  for (const ext of enabled) {
    const c = ext.manifest?.contributes;
    const extension = ext.name as string;
    for (const l of c?.listeners ?? []) if (owned(ext, l.type)) listeners.push({ ...l, extension });
    for (const t of c?.automationTemplates ?? []) if (owned(ext, t.id)) templates.push({ ...t, extension });
    for (const a of c?.actions ?? []) {
      if (!owned(ext, a.id)) continue;
      actions.push({ id: a.id, title: a.title, extension, targets: a.targets ?? ['global'], ...(a.argsSchema !== undefined ? { argsSchema: a.argsSchema } : {}) });
    }
  }
  const byKey = <T>(key: (x: T) => string) => (a: T, b: T) => key(a).localeCompare(key(b));
  return {
    listeners: listeners.sort(byKey((l) => l.type)),
    templates: templates.sort(byKey((t) => t.id)),
    actions: actions.sort(byKey((a) => a.id)),
    hostEvents: [...HOST_EVENT_TYPES],
  };
}

/** Whether the catalogue knows event type `type` (a listener or a host event type). */
export function catalogKnowsTrigger(catalog: AutomationCatalog, type: string): boolean {
  return catalog.listeners.some((l) => l.type === type) || catalog.hostEvents.some((h) => h.type === type);
}
