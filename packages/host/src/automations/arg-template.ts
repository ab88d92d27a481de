import type { BusEvent } from '../bus/bus-event.js';

/** `{{ path }}` with optional spaces; the path is dotted identifiers. */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)*)\s*\}\}/g;
const WHOLE = /^\{\{\s*([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)*)\s*\}\}$/;

/** The names a template may use, for messages and docs. */
export const TEMPLATE_NAMES = ['event.type', 'event.source', 'event.seq', 'event.time', 'event.attributes.<name>', 'project.id'] as const;

/** Whether a value holds a placeholder anywhere (then its final value is known only per event). */
export function isTemplated(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('{{');
  if (Array.isArray(value)) return value.some(isTemplated);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(isTemplated);
  return false;
}

/** The first placeholder in `value` that names nothing a template can use, or undefined. */
export function unknownPlaceholder(value: unknown): string | undefined {
  if (typeof value === 'string') {
    for (const m of value.matchAll(PLACEHOLDER)) if (!knownPath(m[1] as string)) return m[1];
    return undefined;
  }
  if (Array.isArray(value)) return value.map(unknownPlaceholder).find((x) => x !== undefined);
  if (typeof value === 'object' && value !== null) return Object.values(value).map(unknownPlaceholder).find((x) => x !== undefined);
  return undefined;
}

function knownPath(path: string): boolean {
  return ['event.type', 'event.source', 'event.seq', 'event.time', 'project.id'].includes(path) || /^event\.attributes\.[^.]+$/.test(path);
}

/**
 * `args` with every placeholder filled from `event`: a string that is exactly one placeholder takes the
 * value's own type (`"{{event.attributes.changes}}"` → 3); placeholders inside a longer string are
 * replaced by their text. A placeholder naming nothing the event has becomes `""` (or is dropped as a
 * whole value, so an optional argument stays unset). Pure; `args` is not changed.
 */
export function renderArgs(args: unknown, event: BusEvent): unknown {
  if (typeof args === 'string') {
    const whole = WHOLE.exec(args);
    if (whole) return lookup(whole[1] as string, event);
    return args.replace(PLACEHOLDER, (_m, path: string) => {
      const v = lookup(path, event);
      return v === undefined ? '' : String(v);
    });
  }
  if (Array.isArray(args)) return args.map((a) => renderArgs(a, event)).filter((a) => a !== undefined);
  if (typeof args === 'object' && args !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(args)) {
      const rendered = renderArgs(v, event);
      if (rendered !== undefined) out[k] = rendered;
    }
    return out;
  }
  return args;
}

function lookup(path: string, event: BusEvent): unknown {
  if (path === 'event.type') return event.type;
  if (path === 'event.source') return event.source;
  if (path === 'event.seq') return event.seq;
  if (path === 'event.time') return event.time;
  if (path === 'project.id') return event.scope?.projectId;
  if (path.startsWith('event.attributes.')) return Object.hasOwn(event.attributes, path.slice(17)) ? event.attributes[path.slice(17)] : undefined;
  return undefined;
}
