import { replyHtml, replyText } from '../http/reply.js';
import { refuse } from '../routing/refuse.js';
import type { HttpCall, Route } from '../routing/route.js';
import { automationsPage } from './automations-page.js';
import { extensionPage } from './extension-page.js';
import { issueFormToken } from './form-token.js';
import { homePage } from './home-page.js';
import { handlePageOperation, PAGE_OPERATIONS } from './page-actions.js';
import type { PageFrame } from './page-shell.js';
import { PAGES_SCRIPT } from './pages-script.js';
import { PAGES_STYLE } from './pages-style.js';
import { projectPage } from './project-page.js';
import { runningPage } from './running-page.js';
import { VIEW_FRAGMENT_PATH, viewFragment } from './views-section.js';

/**
 * The Content-Security-Policy of every page: its own script and stylesheet only (no inline code), fetches and
 * the event stream to its own origin, forms to its own origin, frames only from the sidecars' own origins
 * (sandboxed views), never framed itself.
 */
export function pageCsp(port: number): string {
  return `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'self'; frame-src http://*.localhost:${port}; frame-ancestors 'none'; base-uri 'none'`;
}

/**
 * The hub's pages: the ONE entry by which the route table mounts them (server/route-table.ts). Pages are
 * GET rows; their operations are POSTs to `/ui/do/<op>` (token, Origin and the page's anti-forgery token
 * checked); an unknown extension or project is the reply module's HTML error page (reason, fix, link home).
 */
export const pageRoutes: readonly Route[] = [
  { path: '/', methods: ['GET', 'HEAD'], handle: page((call, frame) => homePage(call.ctx, frame)) },
  { path: '/running', methods: ['GET', 'HEAD'], handle: page((call, frame) => runningPage(call.ctx, frame)) },
  { path: '/automations', methods: ['GET', 'HEAD'], handle: page((call, frame) => automationsPage(call.ctx, frame)) },
  { path: '/extensions/:name', methods: ['GET', 'HEAD'], handle: page((call, frame) => extensionPage(call.ctx, frame, call.params.name as string)) },
  { path: '/projects/:id', methods: ['GET', 'HEAD'], handle: page((call, frame) => projectPage(call.ctx, frame, decodeURIComponent(call.params.id as string))) },
  { path: VIEW_FRAGMENT_PATH, methods: ['GET', 'HEAD'], handle: viewRoute },
  { path: '/ui/pages.js', methods: ['GET', 'HEAD'], handle: ({ req, res }) => replyText(res, 200, 'text/javascript; charset=utf-8', PAGES_SCRIPT, req.method === 'HEAD') },
  { path: '/ui/pages.css', methods: ['GET', 'HEAD'], handle: ({ req, res }) => replyText(res, 200, 'text/css; charset=utf-8', PAGES_STYLE, req.method === 'HEAD') },
  ...PAGE_OPERATIONS.map((op): Route => ({ path: `/ui/do/${op}`, methods: ['POST'], handle: (call) => handlePageOperation(call, op) })),
];

/**
 * One view's fragment, which the pages' script loads after the page is shown (so no page waits on a peer) and
 * again when the view changed: its article, or a 404 one naming what is not shown.
 */
async function viewRoute(call: HttpCall): Promise<void> {
  const query = new URLSearchParams(call.query);
  const html = await viewFragment(call.ctx, query);
  const missing = !query.get('id') || !['home', 'extension', 'project'].includes(query.get('where') ?? '')
    ? 'A view fragment needs <code>id</code> (a view id) and <code>where</code> (home, extension or project): the pages ask for it with both.'
    : 'This view is not shown here any more: its extension was disabled or no longer contributes it. Reload the page.';
  replyHtml(call.res, html === undefined ? 404 : 200, html ?? `<article class="view"><p class="problem">${missing}</p></article>`, { 'content-security-policy': pageCsp(call.ctx.port()) });
}

/** A page row: renders with a fresh anti-forgery token, or answers the HTML 404 when its subject is missing. */
function page(render: (call: HttpCall, frame: PageFrame) => Promise<string | undefined>): (call: HttpCall) => Promise<void> {
  return async (call) => {
    const frame: PageFrame = { hostId: call.ctx.host.identity.id, formToken: issueFormToken(call.ctx.token), port: call.ctx.port() };
    const html = await render(call, frame);
    if (html === undefined) return notFound(call);
    replyHtml(call.res, 200, html, { 'content-security-policy': pageCsp(frame.port) });
  };
}

/** The page's subject does not exist: the HTML error page names what is missing and where to look. */
function notFound(call: HttpCall): void {
  const id = call.ctx.host.identity.id;
  if (call.params.id !== undefined) {
    return refuse(call, 'PROJECT_NOT_FOUND', `no registered project has the id ${JSON.stringify(decodeURIComponent(call.params.id))}`, { status: 404 });
  }
  refuse(call, 'HUB_NOT_FOUND', `no extension is called ${JSON.stringify(call.params.name ?? '')}`, { fix: `\`${id} extensions list\` shows what is installed` });
}
