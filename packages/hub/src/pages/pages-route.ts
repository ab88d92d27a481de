import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HubContext } from '../server/hub-context.js';
import { sendAsset, sendHtml } from '../server/http-reply.js';
import { extensionPage } from './extension-page.js';
import { issueFormToken } from './form-token.js';
import { homePage } from './home-page.js';
import { handlePageOperation } from './page-actions.js';
import { UI_PREFIX, type PageFrame } from './page-shell.js';
import { PAGES_SCRIPT } from './pages-script.js';
import { PAGES_STYLE } from './pages-style.js';
import { projectPage } from './project-page.js';
import { runningPage } from './running-page.js';

/**
 * The Content-Security-Policy of every page: its own script and stylesheet only (no inline code), fetches and
 * the event stream to its own origin, forms to its own origin, frames only from the sidecars' own origins
 * (sandboxed views), never framed itself.
 */
export function pageCsp(port: number): string {
  return `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; form-action 'self'; frame-src http://*.localhost:${port}; frame-ancestors 'none'; base-uri 'none'`;
}

/**
 * Serves the hub's pages for an admitted request on the hub's origin, when `path` is one of theirs: `/`,
 * `/extensions/<name>`, `/running`, `/projects/<id>`, the script and stylesheet under `/ui/`, and the page
 * operations (POST `/ui/do/<op>`). Returns false for any other path (the caller answers it), and for a page
 * whose extension or project does not exist (a 404 for the caller's error page).
 */
export async function servePages(ctx: HubContext, req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
  const method = req.method ?? 'GET';
  if (path.startsWith(`${UI_PREFIX}do/`)) {
    if (method !== 'POST') return false;
    await handlePageOperation(ctx, req, res, path.slice(`${UI_PREFIX}do/`.length));
    return true;
  }
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (path === `${UI_PREFIX}pages.js`) return (sendAsset(res, 'text/javascript; charset=utf-8', PAGES_SCRIPT), true);
  if (path === `${UI_PREFIX}pages.css`) return (sendAsset(res, 'text/css; charset=utf-8', PAGES_STYLE), true);
  const frame: PageFrame = { hostId: ctx.host.identity.id, formToken: issueFormToken(ctx.token), port: ctx.port() };
  let html: string | undefined;
  if (path === '/') html = await homePage(ctx, frame);
  else if (path === '/running' || path === '/running/') html = await runningPage(ctx, frame);
  else {
    const ext = /^\/extensions\/([a-z][a-z0-9-]{0,38})\/?$/.exec(path);
    const project = /^\/projects\/([^/]+)\/?$/.exec(path);
    if (ext) html = await extensionPage(ctx, frame, ext[1] as string);
    else if (project) html = await projectPage(ctx, frame, decodeURIComponent(project[1] as string));
  }
  if (html === undefined) return false;
  sendHtml(res, 200, html, pageCsp(frame.port));
  return true;
}
