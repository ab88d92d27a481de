import type { ProviderKind } from '@outboard/manifest';
import { sanitizeText } from '../contributions/sanitize-text.js';

/** The most items the host takes from one provider's answer, whatever `limit` asked for. */
export const PROVIDER_ITEM_CAP = 200;

/** Bounds on each text field of a provider's items (characters). */
const TEXT = { short: 300, long: 2000, path: 1000, cursor: 500 } as const;

/** A search result: what to open (`uri` http/https, or a `path`) or the action to run. */
export interface SearchItem { title: string; detail?: string; uri?: string; path?: string; actionId?: string }
/** A diagnostic about a project. */
export interface DiagnosticItem { severity: 'error' | 'warning' | 'info' | 'hint'; message: string; path?: string; line?: number; column?: number; source?: string }
/** A workspace a provider knows of. */
export interface WorkspaceItem { name: string; root: string }
/** A completion. */
export interface CompletionItem { label: string; detail?: string; insertText: string }

/** One item of any kind, as the host checked it. */
export type ProviderItem = SearchItem | DiagnosticItem | WorkspaceItem | CompletionItem;

/** A provider's answer after the host checked and bounded it. */
export interface ProviderAnswer {
  items: ProviderItem[];
  /** More items exist than were kept (the provider said so, or the host cut the list at the limit). */
  truncated: boolean;
  /** What to send as `cursor` to get the next items, when the provider gave one. */
  cursor?: string;
  /** What the host dropped from the answer, one line each. */
  warnings: string[];
}

/** Thrown when an answer cannot be read at all (not an object with an `items` array). */
export class MalformedProviderAnswer extends Error {
  override name = 'MalformedProviderAnswer';
}

const DIAGNOSTIC_SEVERITIES = ['error', 'warning', 'info', 'hint'] as const;

/**
 * Checks one provider's raw answer `{ items, truncated?, cursor? }` against its kind: text cleaned of
 * control characters and capped, URLs other than http/https dropped, items that miss a required field dropped
 * (each named in `warnings`), at most `limit` items (and never more than {@link PROVIDER_ITEM_CAP}).
 * @throws MalformedProviderAnswer when the answer has no `items` array.
 */
export function checkProviderAnswer(kind: ProviderKind, raw: unknown, limit: number): ProviderAnswer {
  if (typeof raw !== 'object' || raw === null || !Array.isArray((raw as { items?: unknown }).items)) {
    throw new MalformedProviderAnswer('the answer is not an object with an "items" array');
  }
  const r = raw as { items: unknown[]; truncated?: unknown; cursor?: unknown };
  const max = Math.min(limit, PROVIDER_ITEM_CAP);
  const answer: ProviderAnswer = { items: [], truncated: r.truncated === true, warnings: [] };
  let dropped = 0;
  for (const entry of r.items) {
    if (answer.items.length >= max) {
      answer.truncated = true;
      answer.warnings.push(`kept the first ${max} of ${r.items.length} items (limit ${max})`);
      break;
    }
    const item = checkItem(kind, entry);
    if (item) answer.items.push(item);
    else dropped += 1;
  }
  if (dropped > 0) answer.warnings.push(`dropped ${dropped} item(s) that are not ${kind} items (${REQUIRED[kind]})`);
  if (typeof r.cursor === 'string' && r.cursor !== '') answer.cursor = sanitizeText(r.cursor, TEXT.cursor);
  return answer;
}

const REQUIRED: Record<ProviderKind, string> = {
  search: 'a title is required',
  diagnostics: 'a message and a severity of error, warning, info or hint are required',
  workspaces: 'a name and a root are required',
  completions: 'a label and an insertText are required',
};

function checkItem(kind: ProviderKind, entry: unknown): ProviderItem | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined;
  const o = entry as Record<string, unknown>;
  if (kind === 'search') {
    const title = text(o.title, TEXT.short);
    if (!title) return undefined;
    return { title, ...opt('detail', text(o.detail, TEXT.long)), ...opt('uri', webUrl(o.uri)), ...opt('path', text(o.path, TEXT.path)), ...opt('actionId', text(o.actionId, TEXT.short)) };
  }
  if (kind === 'diagnostics') {
    const message = text(o.message, TEXT.long);
    const severity = DIAGNOSTIC_SEVERITIES.find((s) => s === o.severity);
    if (!message || !severity) return undefined;
    return { severity, message, ...opt('path', text(o.path, TEXT.path)), ...opt('line', position(o.line)), ...opt('column', position(o.column)), ...opt('source', text(o.source, TEXT.short)) };
  }
  if (kind === 'workspaces') {
    const name = text(o.name, TEXT.short);
    const root = text(o.root, TEXT.path);
    return name && root ? { name, root } : undefined;
  }
  const label = text(o.label, TEXT.short);
  const insertText = typeof o.insertText === 'string' ? sanitizeText(o.insertText, TEXT.long, true) : undefined;
  return label && insertText !== undefined ? { label, insertText, ...opt('detail', text(o.detail, TEXT.long)) } : undefined;
}

function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const clean = sanitizeText(value, max).trim();
  return clean === '' ? undefined : clean;
}

/** Only http and https URLs, as action results allow. */
function webUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? sanitizeText(url.href, TEXT.path) : undefined;
  } catch {
    return undefined;
  }
}

function position(value: unknown): number | undefined {
  return Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined;
}

function opt<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
