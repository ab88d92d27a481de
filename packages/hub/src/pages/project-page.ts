import type { ExtensionRecord, ProjectRecord } from '@outboard/host';
import { projectLinks } from '../api/extensions-api.js';
import { escapeHtml, page } from '../http/html.js';

/** One status item's value for the page. */
export interface StatusLine {
  title: string;
  text: string;
  severity: string;
}

/** `/projects/<id>`: the project, the links enabled extensions offer for it, and the status items of its peers. Everything escaped. */
export function projectPage(hostId: string, project: ProjectRecord, extensions: readonly ExtensionRecord[], status: readonly StatusLine[]): string {
  const links = extensions.filter((e) => e.state === 'enabled' && e.manifest?.sidecar && e.name).flatMap((e) => projectLinks(e, project).map((l) => ({ ...l, extension: e.key })));
  const linksHtml = links.length === 0 ? '<p>No extension offers links for projects.</p>' : `<ul>${links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a> (${escapeHtml(l.extension)})</li>`).join('')}</ul>`;
  const statusHtml = status.length === 0 ? '<p>No status items.</p>' : `<ul>${status.map((s) => `<li>${escapeHtml(s.severity)} ${escapeHtml(s.title)}: ${escapeHtml(s.text)}</li>`).join('')}</ul>`;
  return page(`${project.name} — ${hostId} hub`, `<p><a href="/">${escapeHtml(hostId)} hub</a></p>\n<h1>${escapeHtml(project.name)}</h1>\n<p><code>${escapeHtml(project.root)}</code> (id <code>${escapeHtml(project.id)}</code>)</p>\n<h2>Links</h2>\n${linksHtml}\n<h2>Status</h2>\n${statusHtml}`);
}
