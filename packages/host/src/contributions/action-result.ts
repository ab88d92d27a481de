import { sanitizeText } from './sanitize-text.js';
import type { Severity } from './contribution-registry.js';

/** A notification carried by an action result or shown by a peer (reference design 002). */
export interface NotificationPayload {
  severity: Severity;
  message: string;
  detail?: string;
  /** Action ids the user may run from the notification (at most 3). */
  actions?: string[];
}

/** Host actions a peer may ask for: only these, and only with safe arguments. */
export type HostAction = { type: 'openUrl'; url: string } | { type: 'openProjectLink'; projectId: string; path: string };

/**
 * A typed view of an action's outcome, bounded in size, discriminated by `type` as in the reference design
 * (`{"type": "table", "title": "Commits", "columns": [], "rows": []}`); a peer may send `kind` as its alias.
 */
export type ActionView = ({ type: 'text'; text: string } | { type: 'markdown'; markdown: string } | { type: 'table'; columns: string[]; rows: string[][]; truncated: boolean }) & { title?: string };

/** The structured result of `actions/invoke`, after the host checked and bounded it. */
export interface ActionResult {
  notifications: NotificationPayload[];
  hostActions: HostAction[];
  view: ActionView | null;
  /** What the host dropped or cut from the peer's answer, one line each (shown to the user). */
  warnings: string[];
}

/** Limits applied to action results. */
export const ACTION_RESULT_LIMITS = { notifications: 10, hostActions: 5, text: 64 * 1024, columns: 20, rows: 1000, cell: 500, message: 500, detail: 4000, notificationActions: 3 } as const;

const SEVERITIES: readonly Severity[] = ['info', 'ok', 'warning', 'error'];

/** What an action id looks like (dotted segments); anything else in a notification's `actions` is dropped. */
const ACTION_ID = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;

/**
 * Checks and bounds what a peer returned from an action: unknown host actions and unsafe URLs are dropped,
 * text is stripped of terminal escapes and truncated, tables are capped in rows and columns. Never throws.
 */
export function normalizeActionResult(raw: unknown): ActionResult {
  const result: ActionResult = { notifications: [], hostActions: [], view: null, warnings: [] };
  if (raw === null || raw === undefined) return result;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    result.view = { type: 'text', text: sanitizeText(typeof raw === 'string' ? raw : JSON.stringify(raw), ACTION_RESULT_LIMITS.text, true) };
    return result;
  }
  const r = raw as Record<string, unknown>;
  for (const n of asArray(r.notifications).slice(0, ACTION_RESULT_LIMITS.notifications)) {
    const note = normalizeNotification(n);
    if (note) result.notifications.push(note);
  }
  for (const a of asArray(r.hostActions)) {
    const action = normalizeHostAction(a);
    if (action && result.hostActions.length < ACTION_RESULT_LIMITS.hostActions) result.hostActions.push(action);
    else result.warnings.push(`dropped host action ${JSON.stringify(a).slice(0, 120)}: only openUrl (http/https) and openProjectLink are allowed`);
  }
  if (r.view !== undefined && r.view !== null) {
    const view = normalizeView(r.view);
    if (view) result.view = view;
    else result.warnings.push('dropped a view whose "type" is not text, markdown or table (with columns and rows)');
  }
  return result;
}

/** A notification with severity, message, detail and action ids bounded and cleaned; undefined when there is no message. */
export function normalizeNotification(n: unknown): NotificationPayload | undefined {
  if (typeof n !== 'object' || n === null) return undefined;
  const o = n as Record<string, unknown>;
  const message = sanitizeText(o.message, ACTION_RESULT_LIMITS.message);
  if (!message.trim()) return undefined;
  const severity = SEVERITIES.includes(o.severity as Severity) ? (o.severity as Severity) : 'info';
  const detail = o.detail === undefined || o.detail === null ? undefined : sanitizeText(o.detail, ACTION_RESULT_LIMITS.detail, true);
  const actions = asArray(o.actions).filter((a): a is string => typeof a === 'string' && ACTION_ID.test(a)).slice(0, ACTION_RESULT_LIMITS.notificationActions);
  return { severity, message, ...(detail ? { detail } : {}), ...(actions.length ? { actions } : {}) };
}

function normalizeHostAction(a: unknown): HostAction | undefined {
  if (typeof a !== 'object' || a === null) return undefined;
  const o = a as Record<string, unknown>;
  if (o.type === 'openUrl' && typeof o.url === 'string') {
    try {
      const url = new URL(o.url);
      return url.protocol === 'http:' || url.protocol === 'https:' ? { type: 'openUrl', url: url.href } : undefined;
    } catch {
      return undefined;
    }
  }
  if (o.type === 'openProjectLink' && typeof o.projectId === 'string' && typeof o.path === 'string' && o.path.startsWith('/') && !o.path.includes('..')) {
    return { type: 'openProjectLink', projectId: sanitizeText(o.projectId, 100), path: sanitizeText(o.path, 500) };
  }
  return undefined;
}

function normalizeView(v: unknown): ActionView | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const o = v as Record<string, unknown>;
  // `type` is the discriminator (reference design 002); `kind` is accepted as its alias.
  const type = o.type ?? o.kind;
  const title = typeof o.title === 'string' && o.title.trim() !== '' ? { title: sanitizeText(o.title, ACTION_RESULT_LIMITS.cell) } : {};
  if (type === 'text') return { type: 'text', ...title, text: sanitizeText(o.text, ACTION_RESULT_LIMITS.text, true) };
  if (type === 'markdown') return { type: 'markdown', ...title, markdown: sanitizeText(o.markdown, ACTION_RESULT_LIMITS.text, true) };
  if (type === 'table' && Array.isArray(o.columns) && Array.isArray(o.rows)) {
    const columns = o.columns.slice(0, ACTION_RESULT_LIMITS.columns).map((c) => sanitizeText(c, ACTION_RESULT_LIMITS.cell));
    const rows = o.rows
      .slice(0, ACTION_RESULT_LIMITS.rows)
      .map((row) => columns.map((_, i) => sanitizeText(Array.isArray(row) ? row[i] : undefined, ACTION_RESULT_LIMITS.cell)));
    return { type: 'table', ...title, columns, rows, truncated: o.rows.length > ACTION_RESULT_LIMITS.rows || o.columns.length > ACTION_RESULT_LIMITS.columns };
  }
  return undefined;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
