import type { ProjectRecord } from '@outboard/host';
import type { HubContext } from '../routing/hub-context.js';
import { escapeHtml } from '../http/html.js';
import { hiddenToken, UI_PREFIX, type PageFrame } from './page-shell.js';

/**
 * The status items peers contribute, global ones and (with `projectId`) that project's, as a live section.
 * Values are the host's cleaned text, escaped here.
 */
export function statusSection(ctx: HubContext, projectId?: string): string {
  const rows = (ctx.peers?.contributions.statusItems() ?? []).flatMap((item) =>
    Object.entries(item.values)
      .filter(([scope]) => scope === '' || scope === projectId)
      .map(([, v]) => `<li class="sev-${escapeHtml(v.severity)}"><strong>${escapeHtml(item.title)}</strong> <span class="muted">(${escapeHtml(item.extension)})</span>: ${escapeHtml(v.text)}${v.tooltip ? ` <span class="muted">${escapeHtml(v.tooltip)}</span>` : ''}</li>`),
  );
  return `<section id="status-items" data-live aria-labelledby="status-h"><h2 id="status-h">Status</h2>${rows.length ? `<ul>${rows.join('')}</ul>` : '<p class="muted">No status items.</p>'}</section>`;
}

/** The notifications peers showed (latest first), as a live section. */
export function notificationsSection(ctx: HubContext): string {
  const shown = [...(ctx.peers?.notifications.current() ?? [])].reverse().slice(0, 20);
  const items = shown.map((n) => `<li class="sev-${escapeHtml(n.severity)}"><strong>${escapeHtml(n.severity)}</strong> ${escapeHtml(n.message)} <span class="muted">(${escapeHtml(n.extension)}, ${escapeHtml(n.time)})</span>${n.detail ? `<div class="muted">${escapeHtml(n.detail)}</div>` : ''}</li>`);
  return `<section id="notifications" data-live aria-labelledby="notes-h"><h2 id="notes-h">Notifications</h2>${items.length ? `<ul>${items.join('')}</ul>` : '<p class="muted">No notifications.</p>'}</section>`;
}

/** The registered projects (a live section) and the form that registers one. */
export function projectsSection(frame: PageFrame, projects: readonly ProjectRecord[]): string {
  const list = projects.length
    ? `<ul>${projects.map((p) => `<li><a href="/projects/${encodeURIComponent(p.id)}">${escapeHtml(p.name)}</a> <code>${escapeHtml(p.root)}</code></li>`).join('')}</ul>`
    : `<p>No registered projects: add one below, or run <code>${escapeHtml(frame.hostId)} projects add .</code> in it.</p>`;
  return `<section aria-labelledby="projects-h"><h2 id="projects-h">Projects</h2><div id="projects" data-live>${list}</div>
<form method="post" action="${UI_PREFIX}do/add-project">${hiddenToken(frame)}<fieldset><legend>Add a project</legend>
<label>Folder (absolute path) <input name="root" required placeholder="/home/me/code/app"></label>
<label>Id (optional) <input name="id" pattern="[a-z0-9][a-z0-9-]{0,62}"></label>
<button>Add project</button><div data-result hidden></div></fieldset></form></section>`;
}
