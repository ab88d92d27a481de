import { replyHtml } from '../http/reply.js';
import { refuse } from '../routing/refuse.js';
import type { HttpCall, Route } from '../routing/route.js';
import { servedExtensions } from '../routing/served-extensions.js';
import { homePage } from './home-page.js';
import { projectPage } from './project-page.js';

/** How long a page waits for the extension list before it renders without it, in ms. */
const LIST_WAIT_MS = 3000;

/**
 * The hub's pages: the ONE entry by which the route table mounts them (server/route-table.ts). A page is a
 * row here; a refusal on a page is the reply module's HTML error page (reason, fix, link home).
 */
export const pageRoutes: readonly Route[] = [
  { path: '/', methods: ['GET', 'HEAD'], handle: home },
  { path: '/projects/:id', methods: ['GET', 'HEAD'], handle: project },
  { path: '/projects/:id/', methods: ['GET', 'HEAD'], handle: project },
];

async function home(call: HttpCall): Promise<void> {
  const { ctx } = call;
  const extensions = await withTimeout(servedExtensions(ctx.host), LIST_WAIT_MS);
  replyHtml(call.res, 200, homePage(ctx.host.identity.id, extensions, ctx.host.projects.list()));
}

async function project(call: HttpCall): Promise<void> {
  const { ctx } = call;
  const id = call.params.id as string;
  const found = ctx.host.projects.get(id);
  if (!found) return refuse(call, 'PROJECT_NOT_FOUND', `no registered project has the id ${JSON.stringify(id)}`, { status: 404 });
  const extensions = (await withTimeout(servedExtensions(ctx.host), LIST_WAIT_MS)) ?? [];
  const status = (ctx.peers?.contributions.statusItems() ?? []).flatMap((item) =>
    Object.entries(item.values).filter(([scope]) => scope === '' || scope === found.id).map(([, v]) => ({ title: item.title, text: v.text, severity: v.severity })),
  );
  replyHtml(call.res, 200, projectPage(ctx.host.identity.id, found, extensions, status));
}

/** The value, or undefined when it is not there within `ms` (the page renders without it). */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, ms, undefined)));
  try {
    return await Promise.race([promise.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}
