import type { ProjectRecord } from '@outboard/host';
import { escapeHtml } from '../http/html.js';
import { hiddenToken, UI_PREFIX, type PageFrame } from './page-shell.js';

/** An action as declared in a manifest (`contributes.actions[]`), the parts the Run form reads. */
export interface RunnableAction {
  id: string;
  title?: string;
  targets?: string[];
  argsSchema?: unknown;
}

interface FieldSchema {
  type?: string;
  enum?: unknown[];
  description?: string;
  title?: string;
  default?: unknown;
}

/** The top-level properties of an object `argsSchema` and which are required. */
function propertiesOf(schema: unknown): { props: Array<[string, FieldSchema]>; required: Set<string> } {
  const s = (schema ?? {}) as { properties?: Record<string, FieldSchema>; required?: string[] };
  const props = s.properties && typeof s.properties === 'object' ? Object.entries(s.properties) : [];
  return { props, required: new Set(Array.isArray(s.required) ? s.required : []) };
}

/**
 * The Run form of an action: one field per top-level property of its `argsSchema` (text, number, checkbox,
 * or a choice for an `enum`), required ones marked, a project choice when it targets projects; the result and
 * the progress show below it. The args are checked by the host against `argsSchema` when it runs.
 */
export function runForm(frame: PageFrame, extension: string, action: RunnableAction, projects: readonly ProjectRecord[]): string {
  const { props, required } = propertiesOf(action.argsSchema);
  const base = `run-${action.id.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const fields = props.map(([key, f], i) => {
    const id = `${base}-${i}`;
    const label = `${escapeHtml(f.title ?? key)}${required.has(key) ? ' (required)' : ''}${f.description ? ` <span class="muted">${escapeHtml(f.description)}</span>` : ''}`;
    const name = `arg.${escapeHtml(key)}`;
    const req = required.has(key) ? ' required' : '';
    if (Array.isArray(f.enum)) {
      const options = f.enum.map((v) => `<option${v === f.default ? ' selected' : ''}>${escapeHtml(String(v))}</option>`).join('');
      return `<label for="${id}">${label}</label><select id="${id}" name="${name}"${req}>${required.has(key) ? '' : '<option value=""></option>'}${options}</select>`;
    }
    if (f.type === 'boolean') return `<label class="check"><input type="checkbox" id="${id}" name="${name}" value="true"${f.default === true ? ' checked' : ''}><span>${label}</span></label>`;
    const type = f.type === 'number' || f.type === 'integer' ? `number"${f.type === 'integer' ? ' step="1"' : ' step="any"'}` : 'text"';
    const value = f.default !== undefined && typeof f.default !== 'object' ? ` value="${escapeHtml(String(f.default))}"` : '';
    return `<label for="${id}">${label}</label><input id="${id}" name="${name}" type="${type}${value}${req}>`;
  });
  const targets = action.targets ?? ['global'];
  if (targets.includes('project')) {
    const onlyProject = !targets.includes('global');
    const options = projects.map((p) => `<option value="${escapeHtml(p.id)}">${escapeHtml(p.name)} (${escapeHtml(p.id)})</option>`).join('');
    fields.unshift(`<label for="${base}-project">Project${onlyProject ? ' (required)' : ''}</label><select id="${base}-project" name="projectId"${onlyProject ? ' required' : ''}>${onlyProject ? '' : '<option value="">(none: run globally)</option>'}${options}</select>`);
  }
  return `<form method="post" action="${UI_PREFIX}do/run" data-action="${escapeHtml(action.id)}">${hiddenToken(frame)}<input type="hidden" name="id" value="${escapeHtml(action.id)}"><input type="hidden" name="extension" value="${escapeHtml(extension)}">
<fieldset><legend>${escapeHtml(action.title ?? action.id)} <code>${escapeHtml(action.id)}</code></legend>${fields.join('')}
<button>Run</button> <progress data-progress hidden max="100" aria-label="Progress"></progress><div data-result hidden></div></fieldset></form>`;
}

/**
 * The args of a submitted Run form (`arg.<key>` fields), typed by `argsSchema`: numbers and integers as
 * numbers, booleans from the checkbox, empty optional fields left out. A value that is not a number where one
 * is wanted is left as text, so the host's schema check names it.
 */
export function argsFromForm(schema: unknown, form: URLSearchParams): Record<string, unknown> {
  const { props } = propertiesOf(schema);
  const args: Record<string, unknown> = {};
  for (const [key, f] of props) {
    const raw = form.get(`arg.${key}`);
    if (f.type === 'boolean') {
      args[key] = raw === 'true';
      continue;
    }
    if (raw === null || raw === '') continue;
    if (f.type === 'number' || f.type === 'integer') args[key] = raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
    else args[key] = raw;
  }
  return args;
}
