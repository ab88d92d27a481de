import { OutboardError } from '../errors/outboard-error.js';
import { AUTOMATION_DEFAULTS, AUTOMATION_MODES, type Automation, type AutomationMode, type FilterValue } from './automation-types.js';
import { unknownPlaceholder, TEMPLATE_NAMES } from './arg-template.js';

const ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const TYPE = /^[A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z][A-Za-z0-9_-]*)+$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What `add` accepts: `{ id?, name?, trigger: { type, filter?, project? }, action: { id, args? }, mode?, max?,
 * rateLimit?: { count, perSeconds }, enabled?, template? }`. Missing fields get their defaults (`id` from
 * `name` or the action). Throws OutboardError `AUTOMATION_INVALID` naming the field and the fix.
 */
export function parseAutomation(input: unknown, hostId: string, now: Date = new Date()): Automation {
  const bad = (message: string): never => {
    throw new OutboardError('AUTOMATION_INVALID', `the automation is not valid: ${message}`, { hint: `see \`${hostId} automations add --help\` and docs/automations.md for its shape` });
  };
  if (!isObject(input)) return bad('it must be a JSON object { trigger, action, ... }');
  const trigger = input['trigger'];
  if (!isObject(trigger) || typeof trigger['type'] !== 'string' || !TYPE.test(trigger['type'])) return bad('trigger.type must be a dotted event type such as "git-status.dirty"');
  const filter = trigger['filter'];
  if (filter !== undefined && (!isObject(filter) || Object.values(filter).some((v) => !['string', 'number', 'boolean'].includes(typeof v)))) return bad('trigger.filter must map attribute names to strings (* is a wildcard), numbers or booleans');
  const project = trigger['project'];
  if (project !== undefined && (typeof project !== 'string' || project === '')) return bad('trigger.project must be a registered project id');
  const action = input['action'];
  if (!isObject(action) || typeof action['id'] !== 'string' || action['id'] === '') return bad('action.id must be the id of an action, e.g. "notes.add"');
  const args = action['args'];
  if (args !== undefined && !isObject(args)) return bad('action.args must be a JSON object');
  const unknown = unknownPlaceholder(args);
  if (unknown !== undefined) return bad(`action.args uses {{${unknown}}}, which names nothing; use ${TEMPLATE_NAMES.map((n) => `{{${n}}}`).join(', ')}`);
  const mode = input['mode'] ?? 'single';
  if (!AUTOMATION_MODES.includes(mode as AutomationMode)) return bad(`mode must be one of ${AUTOMATION_MODES.join(', ')}, got ${JSON.stringify(mode)}`);
  const max = input['max'] ?? AUTOMATION_DEFAULTS.max;
  if (!Number.isSafeInteger(max) || (max as number) < 1 || (max as number) > 1000) return bad('max must be an integer from 1 to 1000');
  const rate = input['rateLimit'] ?? AUTOMATION_DEFAULTS.rateLimit;
  if (!isObject(rate) || !Number.isSafeInteger(rate['count']) || (rate['count'] as number) < 1 || typeof rate['perSeconds'] !== 'number' || !(rate['perSeconds'] > 0)) return bad('rateLimit must be { "count": <runs, at least 1>, "perSeconds": <seconds, above 0> }');
  const enabled = input['enabled'] ?? true;
  if (typeof enabled !== 'boolean') return bad('enabled must be true or false');
  const name = input['name'] ?? `${trigger['type']} → ${action['id']}`;
  if (typeof name !== 'string' || name.trim() === '') return bad('name must be a non-empty string');
  const id = input['id'] ?? slugOf(typeof input['template'] === 'string' ? input['template'] : (action['id'] as string));
  if (typeof id !== 'string' || !ID.test(id)) return bad(`id must be a lowercase slug (letters, digits, - and _), got ${JSON.stringify(id)}`);
  const template = input['template'];
  if (template !== undefined && typeof template !== 'string') return bad('template must be a template id');
  return {
    id,
    name,
    trigger: { type: trigger['type'], ...(filter !== undefined ? { filter: filter as Record<string, FilterValue> } : {}), ...(project !== undefined ? { project: project as string } : {}) },
    action: { id: action['id'], ...(args !== undefined ? { args: args as Record<string, unknown> } : {}) },
    mode: mode as AutomationMode,
    max: max as number,
    rateLimit: { count: rate['count'] as number, perSeconds: rate['perSeconds'] as number },
    enabled,
    ...(template !== undefined ? { template: template as string } : {}),
    createdAt: now.toISOString(),
  };
}

/** A slug made of `text` (lowercase, runs of other characters as `-`), for a default id. */
export function slugOf(text: string): string {
  const slug = text.toLowerCase().replace(/[^a-z0-9_]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64);
  return /^[a-z0-9]/.test(slug) ? slug : `a-${slug}`.slice(0, 64);
}
