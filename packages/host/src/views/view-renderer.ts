import { ResponseError } from '@outboard/protocol';
import { requestWithin } from '../calls/deadline-request.js';
import type { StartablePeer } from '../calls/deadline-request.js';
import { ACTION_RESULT_LIMITS } from '../contributions/action-result.js';
import { routeContribution } from '../contributions/contribution-owner.js';
import type { ContributingExtension } from '../contributions/contribution-owner.js';
import { normalizeActionResult } from '../contributions/action-result.js';
import type { ActionView } from '../contributions/action-result.js';
import { DEFAULT_VIEW_PLACES, declaredViews, sidecarViewUrl } from './view-catalog.js';
import type { DeclaredView, ViewExtension, ViewFilter } from './view-catalog.js';

/** How long the host waits for a peer to render a view by default (milliseconds), its start included. */
export const DEFAULT_VIEW_DEADLINE_MS = 5000;

/** A rendered peer view: the typed view of DESIGN §8, checked and bounded as action results are. */
export interface RenderedView {
  view: DeclaredView;
  /** The typed view (text, markdown or table), cleaned of control characters and capped. */
  content: ActionView;
  /** What the host cut or dropped from the peer's answer, one line each. */
  warnings: string[];
}

/** The peer of one extension, as far as views need it. */
export type ViewPeer = StartablePeer;

/** What {@link ViewRenderer} is built on. */
export interface ViewRendererDeps {
  /** The enabled extensions (any of them may declare sidecar views; peer views need a peer). */
  extensions(): Promise<readonly (ContributingExtension & ViewExtension)[]>;
  /** The supervisor of an enabled extension's peer, or undefined. */
  peer(extension: string): Promise<ViewPeer | undefined>;
  /** Whether a project of that id is registered. */
  projectExists(projectId: string): boolean;
  /** The projects `extension` is approved for, or undefined when it is approved for all. */
  grantedProjects(extension: string): Promise<readonly string[] | undefined>;
  hostId: string;
}

/** Options of one render. */
export interface RenderOptions {
  /** Deadline in milliseconds, the peer's start included. Default {@link DEFAULT_VIEW_DEADLINE_MS}. */
  deadlineMs?: number;
  /** Aborting it cancels the render in the peer (`$/cancelRequest`). */
  signal?: AbortSignal;
}

/**
 * Lists the views of enabled extensions and renders peer views (`views/render { id, projectId? }`). Routing is
 * the one every contribution has (declared and owned by exactly one enabled extension), so a peer is only ever
 * asked for views it declared; the project is checked against the registered projects and the extension's
 * grant before the peer sees it; the answer is checked and capped by the action-result rules.
 */
export class ViewRenderer {
  constructor(private readonly deps: ViewRendererDeps) {}

  /** Every view of an enabled extension, filtered; with a project, sidecar paths are filled in (`src`). */
  async list(filter: ViewFilter & { projectId?: string } = {}): Promise<Array<DeclaredView & { src?: string }>> {
    const { projectId, ...rest } = filter;
    if (projectId !== undefined) this.checkProjectExists(projectId);
    return declaredViews(await this.deps.extensions(), rest).map((v) => {
      const src = v.kind === 'sidecar' ? sidecarViewUrl(v, projectId) : undefined;
      return src === undefined ? v : { ...v, src };
    });
  }

  /** The declared view `id` of its one owner. @throws ResponseError `not_found` or `unavailable` (see routeContribution). */
  async find(id: string): Promise<DeclaredView> {
    const owner = routeContribution(await this.deps.extensions(), 'view', id, this.deps.hostId);
    const [view] = declaredViews([owner], {}).filter((v) => v.id === id);
    if (!view) throw new ResponseError('not_found', `no enabled extension offers view "${id}"`);
    return view;
  }

  /**
   * Asks the peer that declares view `id` to render it, under the deadline.
   * @throws ResponseError `not_found` (nothing enabled declares it), `unavailable` (collision, no peer, did not
   * start), `invalid_params` (a sidecar view, an unknown project, a project view without a project, a project
   * for a view not shown on projects), `invalid_scope` (the extension is not approved for the project),
   * `timeout`, `cancelled`, `internal` (an answer that is no typed view), or the peer's own error.
   */
  async render(id: string, projectId: string | undefined, options: RenderOptions = {}): Promise<RenderedView> {
    const view = await this.find(id);
    if (view.kind === 'sidecar') {
      const src = sidecarViewUrl(view, projectId);
      throw new ResponseError('invalid_params', `view ${id} is a page of the ${view.extension} sidecar, not rendered by a peer; open it in the hub${src !== undefined ? ` at ${src}` : ' with a project'}`, { sidecar: true, ...(src !== undefined ? { src } : {}) });
    }
    await this.checkProject(view, projectId);
    const peer = await this.deps.peer(view.extension);
    if (!peer) throw new ResponseError('unavailable', `extension ${view.extension} has no peer that can run (is it enabled?)`);
    let raw: unknown;
    try {
      raw = await requestWithin(peer, 'views/render', { id, ...(projectId !== undefined ? { projectId } : {}) }, { deadlineMs: options.deadlineMs ?? DEFAULT_VIEW_DEADLINE_MS, signal: options.signal });
    } catch (error) {
      // Say which view and extension: the CLI, the pages and agents show this line as it is.
      if (error instanceof ResponseError && error.origin === 'local') throw new ResponseError(error.reason, `view ${id} of extension ${view.extension}: ${error.message}`, error.data);
      throw error;
    }
    // The one checker of typed views (action results): cleaned, capped, `kind` accepted as the alias of `type`.
    const checked = normalizeActionResult({ view: raw });
    if (checked.view === null) throw new ResponseError('internal', `view ${id}: refused the answer of extension ${view.extension}: it is not a typed view ({ "type": "text" | "markdown" | "table", ... })`);
    return { view, content: checked.view, warnings: [...checked.warnings, ...capWarnings(checked.view)] };
  }

  /** The project of a render: registered, granted to the extension, and one the view is shown for. */
  private async checkProject(view: DeclaredView, projectId: string | undefined): Promise<void> {
    const { hostId } = this.deps;
    const places = view.where.length > 0 ? view.where : DEFAULT_VIEW_PLACES;
    if (projectId === undefined) {
      if (places.every((p) => p === 'project')) throw new ResponseError('invalid_params', `view ${view.id} is shown per project: name one (\`${hostId} views show ${view.id} --project <id>\`; \`${hostId} projects list\` shows them)`);
      return;
    }
    if (!places.includes('project')) throw new ResponseError('invalid_params', `view ${view.id} is not a project view (it shows on: ${places.join(', ')}); render it without a project`);
    this.checkProjectExists(projectId);
    const granted = await this.deps.grantedProjects(view.extension);
    if (granted !== undefined && !granted.includes(projectId)) {
      throw new ResponseError('invalid_scope', `extension ${view.extension} is approved only for the projects ${granted.map((p) => JSON.stringify(p)).join(', ') || '(none)'}, not ${JSON.stringify(projectId)}`);
    }
  }

  private checkProjectExists(projectId: string): void {
    if (typeof projectId !== 'string' || projectId === '') throw new ResponseError('invalid_params', 'projectId must be a non-empty string');
    if (!this.deps.projectExists(projectId)) throw new ResponseError('invalid_params', `no project ${JSON.stringify(projectId)} is registered with ${this.deps.hostId}; \`${this.deps.hostId} projects list\` shows them`);
  }
}

/** A capped table says so (the text forms end with the ellipsis the cleaner leaves). */
function capWarnings(view: ActionView): string[] {
  if (view.type === 'table') return view.truncated ? [`the table was cut to the host's limits (${ACTION_RESULT_LIMITS.rows} rows, ${ACTION_RESULT_LIMITS.columns} columns)`] : [];
  const text = view.type === 'text' ? view.text : view.markdown;
  return text.length >= ACTION_RESULT_LIMITS.text && text.endsWith('…') ? [`the ${view.type} was cut to the host's limit (${ACTION_RESULT_LIMITS.text} characters)`] : [];
}
