import type { HubContext } from '../routing/hub-context.js';
import { escapeHtml } from '../http/html.js';
import { viewsSection } from './views-section.js';
import { extensionCard } from './extension-card.js';
import { extensionOverviews } from './extension-overview.js';
import { notificationsSection, projectsSection, statusSection } from './live-lists.js';
import { pageShell, type PageFrame } from './page-shell.js';

/**
 * The home: every served extension in every state (what it contributes, its live peer and sidecar state, the
 * reason and fix of any problem, the controls its state allows), disabled ones in a collapsed group; status
 * items and notifications (live); the registered projects with an add form.
 */
export async function homePage(ctx: HubContext, frame: PageFrame): Promise<string> {
  const overviews = await extensionOverviews(ctx);
  let extensions: string;
  if (overviews === undefined) extensions = `<p class="problem">The extensions could not be listed: <code>${escapeHtml(frame.hostId)} extensions doctor</code> says why.</p>`;
  else if (overviews.length === 0) extensions = `<p>No extension is installed: <code>${escapeHtml(frame.hostId)} extensions add &lt;package&gt;</code> installs one.</p>`;
  else {
    const shown = overviews.filter((o) => o.ext.state !== 'disabled');
    const disabled = overviews.filter((o) => o.ext.state === 'disabled');
    extensions = `${shown.length ? `<ul class="cards">${shown.map((o) => extensionCard(frame, o)).join('\n')}</ul>` : ''}${
      disabled.length ? `<details id="disabled-group"><summary>Disabled (${disabled.length})</summary><ul class="cards">${disabled.map((o) => extensionCard(frame, o)).join('\n')}</ul></details>` : ''
    }`;
  }
  const body = `<h1>Extensions</h1><div id="extensions" data-live>${extensions}</div>
${await viewsSection(ctx, { where: 'home' })}
${statusSection(ctx)}
${notificationsSection(ctx)}
${projectsSection(frame, ctx.host.projects.list())}`;
  return pageShell(frame, 'Home', body);
}
