import type { ActionView } from '@outboard/host';
import type { ViewPlace } from '@outboard/manifest';
import { escapeHtml } from '../http/html.js';
import type { HubContext } from '../routing/hub-context.js';
import { sessionPath } from '../auth/sidecar-sessions.js';
import { renderTypedView } from './typed-view.js';
import { UI_PREFIX } from './page-shell.js';

/** How long the view fragment waits for a peer view before showing it as not answered. */
const VIEW_DEADLINE_MS = 3000;

/** The path of one view's fragment (`GET`, the pages' token gate): its whole `<article>`, rendered. */
export const VIEW_FRAGMENT_PATH = `${UI_PREFIX}view`;

const PLACES: readonly ViewPlace[] = ['home', 'extension', 'project'];

/** One view as `views.list` answers it. */
interface ListedView {
  id: string;
  extension: string;
  title: string;
  kind: 'peer' | 'sidecar';
  path?: string;
}

/** Where views are shown: the page kind, and the extension or project it is about. */
export interface ViewScope {
  where: ViewPlace;
  extension?: string;
  projectId?: string;
}

/**
 * The views enabled extensions contribute to a page (DESIGN §7 Views), as placeholders: the page asks the
 * host's view registry which views there are (`views.list`, no peer involved) and never waits on a peer. The
 * pages' script loads each article from {@link viewFragment} after the page is shown, and again when its
 * peer says the view changed (`extension.view.changed`). `data-views-key` changes only when the set of views
 * does, so a live refresh of the page keeps views already shown. Empty when nothing contributes a view here.
 */
export async function viewsSection(ctx: HubContext, scope: ViewScope): Promise<string> {
  let views: ListedView[];
  try {
    views = await listViews(ctx, scope);
  } catch (error) {
    return section('', `<p class="problem">The views could not be listed: ${escapeHtml((error as Error).message)}</p>`);
  }
  if (views.length === 0) return '';
  const articles = views.map((view) => article(view, '<p class="muted">Loading…</p>', fragmentSrc(view, scope), true));
  return section(views.map((v) => v.id).join(' '), articles.join(''));
}

/**
 * `GET /ui/view?id=…&where=…[&extension=…][&projectId=…]`: one view's article, rendered now. A peer view is
 * rendered by its peer as a typed view (escaped, like an action's result; a peer that does not answer within
 * 3 s is named); a sidecar view is a sandboxed iframe on the extension's own origin, entered with a one-time
 * code for this frame, so no extension code runs in the hub's page. Undefined for a bad query or a view that
 * is not shown there.
 */
export async function viewFragment(ctx: HubContext, query: URLSearchParams): Promise<string | undefined> {
  const where = query.get('where') as ViewPlace;
  const id = query.get('id');
  if (!PLACES.includes(where) || !id) return undefined;
  const scope: ViewScope = { where, ...optional('extension', query.get('extension')), ...optional('projectId', query.get('projectId')) };
  const view = (await listViews(ctx, scope)).find((v) => v.id === id);
  if (!view) return undefined;
  const src = fragmentSrc(view, scope);
  return view.kind === 'sidecar' ? article(view, sidecarFrame(ctx, view, scope.projectId), src) : article(view, await peerContent(ctx, view, scope.projectId), src);
}

function optional<K extends string>(key: K, value: string | null): { [k in K]?: string } {
  return (value ? { [key]: value } : {}) as { [k in K]?: string };
}

function listViews(ctx: HubContext, scope: ViewScope): Promise<ListedView[]> {
  return ctx.host.rpc.call('views.list', { ...scope }) as Promise<ListedView[]>;
}

function fragmentSrc(view: ListedView, scope: ViewScope): string {
  const q = new URLSearchParams({ id: view.id, where: scope.where });
  if (scope.extension !== undefined) q.set('extension', scope.extension);
  if (scope.projectId !== undefined) q.set('projectId', scope.projectId);
  return `${VIEW_FRAGMENT_PATH}?${q.toString()}`;
}

function section(key: string, inner: string): string {
  return `<section id="views" data-live data-views-key="${escapeHtml(key)}" aria-labelledby="views-h"><h2 id="views-h">Views</h2>${inner}</section>`;
}

function article(view: ListedView, content: string, src: string, loading = false): string {
  const heading = `<h3>${escapeHtml(view.title)} <span class="muted">${escapeHtml(view.id)}</span></h3>`;
  return `<article class="view" data-view="${escapeHtml(view.id)}" data-view-src="${escapeHtml(src)}" aria-busy="${loading}">${heading}${content}</article>`;
}

async function peerContent(ctx: HubContext, view: ListedView, projectId: string | undefined): Promise<string> {
  try {
    const answer = (await ctx.host.rpc.call('views.render', { id: view.id, deadlineMs: VIEW_DEADLINE_MS, ...(projectId !== undefined ? { projectId } : {}) })) as { content: ActionView; warnings: string[] };
    return `${renderTypedView(answer.content)}${answer.warnings.map((w) => `<p class="muted">${escapeHtml(w)}</p>`).join('')}`;
  } catch (error) {
    return `<p class="problem">Not shown: ${escapeHtml((error as Error).message)}</p>`;
  }
}

function sidecarFrame(ctx: HubContext, view: ListedView, projectId: string | undefined): string {
  const raw = (view.path ?? '/').replace(/\{projectId\}/g, encodeURIComponent(projectId ?? ''));
  const path = raw.startsWith('/') ? raw : `/${raw}`;
  // The extension's own origin (`<name>.localhost`), sandboxed: its page can neither read the hub's nor act as
  // it. A cross-site frame keeps no cookie, so it enters with a one-time code answered by the path itself.
  const code = ctx.sessions.issueCode(view.extension, path, { inFrame: true });
  const src = `http://${view.extension}.localhost:${ctx.port()}${sessionPath(ctx.host.identity.id)}?code=${encodeURIComponent(code)}`;
  return `<iframe class="sidecar-view" title="${escapeHtml(view.title)}" data-path="${escapeHtml(path)}" sandbox="allow-scripts allow-forms" src="${escapeHtml(src)}"></iframe>`;
}
