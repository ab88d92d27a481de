import type { ActionResult, ActionView } from '@outboard/host';
import { escapeHtml } from '../http/html.js';
import { renderMarkdown } from './safe-markdown.js';

/**
 * A typed view (an action's result view, a peer view) as HTML: text in `<pre>`, markdown rendered safely,
 * a table with its header row. Every value is escaped; `view.title` becomes a caption or heading.
 */
export function renderTypedView(view: ActionView): string {
  const title = view.title ? escapeHtml(view.title) : '';
  switch (view.type) {
    case 'text':
      return `${title ? `<h3>${title}</h3>` : ''}<pre>${escapeHtml(view.text)}</pre>`;
    case 'markdown':
      return `${title ? `<h3>${title}</h3>` : ''}<div class="md">${renderMarkdown(view.markdown)}</div>`;
    case 'table':
      // Focusable: a wide table scrolls sideways (readable at 320 px), and a keyboard must reach it to scroll.
      return `<table tabindex="0">${title ? `<caption>${title}</caption>` : ''}<thead><tr>${view.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr></thead><tbody>${view.rows
        .map((r) => `<tr>${r.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>${view.truncated ? '<p class="muted">(truncated)</p>' : ''}`;
  }
}

/** An action's whole result: its view, its notifications, the host actions it asks for (as links), and warnings. */
export function renderActionResult(result: ActionResult): string {
  const parts: string[] = [];
  if (result.view) parts.push(renderTypedView(result.view));
  for (const n of result.notifications) parts.push(`<p class="sev-${escapeHtml(n.severity)}"><strong>${escapeHtml(n.severity)}</strong> ${escapeHtml(n.message)}${n.detail ? `<br><span class="muted">${escapeHtml(n.detail)}</span>` : ''}</p>`);
  for (const a of result.hostActions) {
    if (a.type === 'openUrl') parts.push(`<p><a href="${escapeHtml(a.url)}" rel="noopener noreferrer">Open ${escapeHtml(a.url)}</a></p>`);
    else parts.push(`<p><a href="/projects/${encodeURIComponent(a.projectId)}">Open ${escapeHtml(a.path)} in project ${escapeHtml(a.projectId)}</a></p>`);
  }
  for (const w of result.warnings) parts.push(`<p class="muted">warning: ${escapeHtml(w)}</p>`);
  return parts.length ? parts.join('') : '<p>Done (no result to show).</p>';
}
