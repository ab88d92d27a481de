import type { HubContext } from '../routing/hub-context.js';
import { escapeHtml } from '../http/html.js';
import { viewsSection } from './views-section.js';
import { projectLinks } from '../api/extensions-api.js';
import { servedExtensions } from '../routing/served-extensions.js';
import { statusSection } from './live-lists.js';
import { hiddenToken, pageShell, UI_PREFIX, type PageFrame } from './page-shell.js';

/**
 * `/projects/<id>`: the links enabled extensions offer for it (resolved and URL-encoded), its status items
 * (live), and its diagnostics, asked of every diagnostics provider when the page's form is sent (answers show
 * as each provider answers; slow and failed ones are named). Undefined for an unknown project.
 */
export async function projectPage(ctx: HubContext, frame: PageFrame, id: string): Promise<string | undefined> {
  const project = ctx.host.projects.get(id);
  if (!project) return undefined;
  const extensions = await servedExtensions(ctx.host).catch(() => []);
  const links = extensions.filter((e) => e.state === 'enabled' && e.manifest?.sidecar && e.name).flatMap((e) => projectLinks(e, project).map((l) => ({ ...l, extension: e.key })));
  const linksHtml = links.length ? `<ul>${links.map((l) => `<li><a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a> <span class="muted">(${escapeHtml(l.extension)})</span></li>`).join('')}</ul>` : '<p>No enabled extension offers a link for projects.</p>';
  const body = `<h1>${escapeHtml(project.name)}</h1><p><code>${escapeHtml(project.root)}</code> <span class="muted">id ${escapeHtml(project.id)}</span></p>
<h2>Links</h2>${linksHtml}
${statusSection(ctx, project.id)}
${await viewsSection(ctx, { where: 'project', projectId: project.id })}
<section aria-labelledby="diag-h"><h2 id="diag-h">Diagnostics</h2>
<form method="post" action="${UI_PREFIX}do/diagnostics" data-autosubmit>${hiddenToken(frame)}<input type="hidden" name="projectId" value="${escapeHtml(project.id)}"><button>Ask the diagnostics providers</button><div data-result hidden role="status" aria-live="polite"></div></form></section>`;
  return pageShell(frame, project.name, body);
}
