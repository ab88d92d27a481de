import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ActionResult, ActionView } from '@outboard/host';

/**
 * An action's structured result as a tool result: its view as text (markdown as it is; a table as a markdown
 * table, and as `structuredContent` with the whole result), its notifications and warnings as lines after.
 * `structuredContent` is always the result itself, so a program reads the same fields the CLI's `--json` prints.
 */
export function actionToolResult(result: ActionResult): CallToolResult {
  const lines: string[] = [];
  if (result.view) lines.push(...viewLines(result.view));
  for (const n of result.notifications) lines.push(`[${n.severity}] ${n.message}${n.detail !== undefined ? `\n${n.detail}` : ''}`);
  for (const a of result.hostActions) lines.push(a.type === 'openUrl' ? `open: ${a.url}` : `open project ${a.projectId}: ${a.path}`);
  for (const w of result.warnings) lines.push(`warning: ${w}`);
  if (lines.length === 0) lines.push('Done (the action returned nothing to show).');
  return { content: [{ type: 'text', text: lines.join('\n\n') }], structuredContent: result as unknown as Record<string, unknown> };
}

function viewLines(view: ActionView): string[] {
  const title = view.title !== undefined ? [`# ${view.title}`] : [];
  if (view.type === 'text') return [...title, view.text];
  if (view.type === 'markdown') return [...title, view.markdown];
  return [...title, markdownTable(view.columns, view.rows) + (view.truncated ? '\n(table truncated)' : '')];
}

/** A markdown table: cells with `|` and line breaks escaped, so a cell never breaks the table. */
export function markdownTable(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const cell = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  const line = (cells: readonly string[]): string => `| ${columns.map((_, i) => cell(cells[i] ?? '')).join(' | ')} |`;
  return [line(columns), `| ${columns.map(() => '---').join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** Data as a tool result: a table of `rows` as text (or `empty` when there are none), the data itself as structuredContent. */
export function tableToolResult(data: Record<string, unknown>, columns: readonly string[], rows: readonly (readonly string[])[], empty: string): CallToolResult {
  return { content: [{ type: 'text', text: rows.length ? markdownTable(columns, rows) : empty }], structuredContent: data };
}

/** A refusal or failure as a tool result the agent can act on: what went wrong, then what to do. */
export function errorToolResult(message: string, fix?: string): CallToolResult {
  return { content: [{ type: 'text', text: fix ? `${message}\nWhat to do: ${fix}` : message }], isError: true };
}

/** The message and fix of an error the hub answered (the host's hint when it named one). */
export function errorParts(error: unknown): { message: string; fix?: string } {
  const e = error as { message?: unknown; hint?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return typeof e?.hint === 'string' ? { message, fix: e.hint } : { message };
}
