import type { ActionView } from '@outboard/host';
import type { ViewPlace } from '@outboard/manifest';
import { escapeHtml } from '../http/html.js';
import type { HubContext } from '../routing/hub-context.js';
import { renderTypedView } from './typed-view.js';

/** How long a page waits for each peer view before showing it as not answered (the page never hangs on a peer). */
const VIEW_DEADLINE_MS = 3000;

/** One view as `views.list` answers it. */
interface ListedView {
  id: string;
  extension: string;
  title: string;
  kind: 'peer' | 'sidecar';
  path?: string;
}

/**
 * The views enabled extensions contribute to a page (DESIGN §7 Views), asked of the host's one view registry
 * (`views.list`, `views.render`): a peer view rendered by its peer as a typed view (escaped, like an action's
 * result), a sidecar view in a sandboxed iframe served from the extension's own origin, so no extension code
 * runs in the hub's page. Empty when nothing contributes a view here.
 */
export async function viewsSection(ctx: HubContext, where: ViewPlace, scope: { extension?: string; projectId?: string } = {}): Promise<string> {
  let views: ListedView[];
  try {
    views = (await ctx.host.rpc.call('views.list', { where, ...scope })) as ListedView[];
  } catch (error) {
    return section(`<p class="problem">The views could not be listed: ${escapeHtml((error as Error).message)}</p>`);
  }
  if (views.length === 0) return '';
  const rendered = await Promise.all(views.map((view) => (view.kind === 'sidecar' ? sidecarView(ctx, view, scope.projectId) : peerView(ctx, view, scope.projectId))));
  return section(rendered.join(''));
}

function section(inner: string): string {
  return `<section id="views" data-live aria-labelledby="views-h"><h2 id="views-h">Views</h2>${inner}</section>`;
}

async function peerView(ctx: HubContext, view: ListedView, projectId: string | undefined): Promise<string> {
  const heading = `<h3>${escapeHtml(view.title)} <span class="muted">${escapeHtml(view.id)}</span></h3>`;
  try {
    const answer = (await ctx.host.rpc.call('views.render', { id: view.id, deadlineMs: VIEW_DEADLINE_MS, ...(projectId !== undefined ? { projectId } : {}) })) as { content: ActionView; warnings: string[] };
    const warnings = answer.warnings.map((w) => `<p class="muted">${escapeHtml(w)}</p>`).join('');
    return `<article class="view" data-view="${escapeHtml(view.id)}">${heading}${renderTypedView(answer.content)}${warnings}</article>`;
  } catch (error) {
    return `<article class="view" data-view="${escapeHtml(view.id)}">${heading}<p class="problem">Not shown: ${escapeHtml((error as Error).message)}</p></article>`;
  }
}

function sidecarView(ctx: HubContext, view: ListedView, projectId: string | undefined): string {
  const heading = `<h3>${escapeHtml(view.title)} <span class="muted">${escapeHtml(view.id)}</span></h3>`;
  const path = (view.path ?? '/').replace(/\{projectId\}/g, encodeURIComponent(projectId ?? ''));
  // The extension's own origin (`<name>.localhost`), sandboxed: its page can neither read the hub's nor act as it.
  const src = `http://${view.extension}.localhost:${ctx.port()}${path.startsWith('/') ? path : `/${path}`}`;
  return `<article class="view" data-view="${escapeHtml(view.id)}">${heading}<iframe class="sidecar-view" title="${escapeHtml(view.title)}" sandbox="allow-scripts allow-forms" src="${escapeHtml(src)}"></iframe></article>`;
}
