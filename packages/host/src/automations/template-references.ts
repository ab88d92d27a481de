import { publishableEventTypes } from '@outboard/manifest';
import type { DoctorFinding } from '../doctor-problem.js';
import type { ExtensionRecord } from '../extension-record.js';
import { HOST_EVENT_TYPES } from './automation-catalog.js';

/**
 * Problems of `ext`'s automation templates against every installed extension (whatever its state): a trigger
 * that no extension declares as an event type or listener and the host does not publish
 * (`automationTemplates.unknown-trigger`), an action no extension declares (`automationTemplates.unknown-action`).
 * Such a template could never be added.
 */
export function templateReferenceProblems(ext: ExtensionRecord, installed: readonly ExtensionRecord[]): DoctorFinding[] {
  const templates = ext.manifest?.contributes?.automationTemplates ?? [];
  if (templates.length === 0) return [];
  const events = new Set([...HOST_EVENT_TYPES.map((h) => h.type), ...installed.flatMap((e) => publishableEventTypes(e.manifest))]);
  const actions = new Set(installed.flatMap((e) => (e.manifest?.contributes?.actions ?? []).map((a) => a.id)));
  const found: DoctorFinding[] = [];
  templates.forEach((template, i) => {
    const path = `${ext.dir}/package.json#contributes.automationTemplates[${i}]`;
    if (!events.has(template.trigger?.type)) {
      found.push({ path, rule: 'automationTemplates.unknown-trigger', message: `template ${template.id} starts on "${template.trigger?.type}", which no installed extension declares (contributes.events or contributes.listeners) and the host does not publish`, fix: 'declare that listener, or name an event type that exists' });
    }
    if (!actions.has(template.action?.id)) {
      found.push({ path, rule: 'automationTemplates.unknown-action', message: `template ${template.id} runs action "${template.action?.id}", which no installed extension declares`, fix: 'install the extension that offers it, or name an action that exists' });
    }
  });
  return found;
}
