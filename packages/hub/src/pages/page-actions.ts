import type { IncomingMessage } from 'node:http';
import { collectDoctorProblems, grantsFor, isServiceError, requiredSensitive } from '@outboard/host';
import type { ActionResult, ExtensionRecord, ProviderOutcome } from '@outboard/host';
import { isValidSlug } from '@outboard/manifest';
import { controlExtension } from '../api/api-routes.js';
import type { HttpCall } from '../routing/route.js';
import type { HubContext } from '../routing/hub-context.js';
import { escapeHtml } from '../http/html.js';
import { findServedExtension } from '../routing/served-extensions.js';
import { rpcError } from '../transports/json-rpc.js';
import { copyFingerprint } from './approval-form.js';
import { formTokenValid } from './form-token.js';
import { PageReply } from './page-reply.js';
import { argsFromForm, type RunnableAction } from './run-form.js';
import { renderActionResult } from './typed-view.js';

/** Largest form body a page posts, in bytes. */
const MAX_FORM_BYTES = 64 * 1024;

/** The operations pages post to `/ui/do/<op>`. */
export const PAGE_OPERATIONS = ['approve', 'enable', 'disable', 'stop', 'restart', 'run', 'add-project', 'search', 'diagnostics'] as const;

/**
 * A page's POST `/ui/do/<op>` (the request already passed the token and Origin checks): checks the page's
 * anti-forgery token, then does the operation through the same host checks as the CLI and the API (stop and
 * restart ARE the API's). Answers NDJSON to the pages' script, HTML otherwise (see {@link PageReply}).
 */
export async function handlePageOperation(call: HttpCall, op: string): Promise<void> {
  const { ctx, req, res } = call;
  const reply = new PageReply(res, req.headers.accept);
  const form = await readForm(req);
  if (!form) return reply.fail(413, `the form is over ${MAX_FORM_BYTES} bytes`);
  const id = ctx.host.identity.id;
  if (!formTokenValid(ctx.token, form.get('_token'))) {
    return reply.fail(403, "this page's form token is missing or has expired", { fix: 'reload the page and try again', code: 'HUB_PAGE_FORM_EXPIRED' });
  }
  const name = form.get('name') ?? '';
  switch (op) {
    case 'stop':
    case 'restart':
      if (!isValidSlug(name)) return reply.fail(404, `"${name}" is not an extension name`);
      return controlExtension({ ...call, params: { name } }, op);
    case 'approve':
      return approve(ctx, reply, form);
    case 'enable':
    case 'disable': {
      // Read afresh: what this decides on is the approvals file as it is now, whoever wrote it last.
      ctx.host.refresh();
      const ext = await findServedExtension(ctx.host, name);
      if (!ext || !ext.name) return reply.fail(404, `no extension is called "${name}"`, { fix: `\`${id} extensions list\` shows what is installed` });
      if (op === 'enable' && ext.state === 'unapproved') return reply.fail(409, `${ext.key} is not approved yet: ${ext.reason}`, { fix: 'review it and approve it on its page', code: 'HUB_APPROVAL_REFUSED' });
      const wanted = op === 'enable' ? 'disabled' : 'enabled';
      if (ext.state !== wanted) return reply.fail(409, `${ext.key} is ${ext.state}, not ${wanted}${ext.reason ? ` (${ext.reason})` : ''}`, { fix: ext.fix });
      await ctx.host.approvals.setEnabled({ ...ext, name: ext.name }, op === 'enable');
      ctx.host.refresh();
      return reply.done({ message: op === 'enable' ? `Enabled ${ext.key}.` : `Disabled ${ext.key} (its approval, grants and config are kept).` });
    }
    case 'run':
      return runAction(ctx, req, reply, form);
    case 'add-project':
      return addProject(ctx, reply, form);
    case 'search':
    case 'diagnostics':
      return askProviders(ctx, req, reply, op === 'search' ? 'search' : 'diagnostics', form);
    default:
      return reply.fail(404, `no page operation "${op}"`);
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return undefined;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Approval from the approval form, with the terminal's checks: a state that can be enabled, no doctor
 * problem, the copy still the one the page showed, every required sensitive capability confirmed on its own,
 * grants default-deny (required ones plus the optional ones ticked).
 */
async function approve(ctx: HubContext, reply: PageReply, form: URLSearchParams): Promise<void> {
  const id = ctx.host.identity.id;
  const name = form.get('name') ?? '';
  ctx.host.refresh();
  const ext = await findServedExtension(ctx.host, name);
  if (!ext || !ext.name) return reply.fail(404, `no extension is called "${name}"`, { fix: `\`${id} extensions list\` shows what is installed` });
  const refused = (status: number, error: string, fix?: string): void => reply.fail(status, error, { fix, code: 'HUB_APPROVAL_REFUSED' });
  if (ext.state === 'invalid' || ext.state === 'incompatible' || ext.state === 'conflict' || ext.state === 'missing') {
    return refused(409, `${ext.key} cannot be enabled: it is ${ext.state} (${ext.reason})`, ext.fix);
  }
  const problems = collectDoctorProblems([ext], []);
  if (problems.length) return refused(409, `${ext.key} cannot be enabled: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, `fix it, then approve again (\`${id} extensions doctor\` checks)`);
  if (form.get('shown') !== copyFingerprint(ext)) return refused(409, `${ext.key} changed while you were deciding; nothing was approved`, 'reload the page to review what it is now');
  const confirmed = form.getAll('confirm');
  const missing = requiredSensitive(ext).filter((c) => !confirmed.includes(c));
  if (missing.length) return refused(400, `${ext.key} requires the sensitive capabilit${missing.length === 1 ? 'y' : 'ies'} ${missing.join(', ')}, which you did not confirm; nothing was approved`, 'tick each sensitive capability to grant it, or leave the extension unapproved');
  const required = ext.manifest?.capabilities?.required ?? [];
  const grants = grantsFor(ext, [...form.getAll('grant'), ...confirmed].filter((c) => !required.includes(c)));
  if ('unknown' in grants) return refused(400, `${ext.key} does not request ${grants.unknown.join(', ')}`, 'reload the page');
  const result = await ctx.host.approvals.approve({ ...ext, name: ext.name }, grants);
  ctx.host.refresh();
  const notes = [result.changes.length ? `Changed since the last approval: ${result.changes.join('; ')}.` : '', result.quarantined ? `warning: ${result.quarantined.message}` : ''].filter(Boolean).join(' ');
  reply.done({ message: `Approved and enabled ${ext.key} ${ext.version} (${ext.source}).${notes ? ` ${notes}` : ''}`, location: `/extensions/${encodeURIComponent(ext.key)}` });
}

/** Runs an action from its Run form through the host's `actions.invoke` (its verdict, its args check), streaming progress. */
async function runAction(ctx: HubContext, req: IncomingMessage, reply: PageReply, form: URLSearchParams): Promise<void> {
  const actionId = form.get('id') ?? '';
  const ext: ExtensionRecord | undefined = await findServedExtension(ctx.host, form.get('extension') ?? '');
  const declared = (((ext?.manifest?.contributes ?? {}) as { actions?: RunnableAction[] }).actions ?? []).find((a) => a.id === actionId);
  const projectId = form.get('projectId') || undefined;
  const abort = new AbortController();
  req.socket.once('close', () => abort.abort());
  try {
    const result = (await ctx.host.rpc.call(
      'actions.invoke',
      { id: actionId, ...(projectId ? { projectId } : {}), args: argsFromForm(declared?.argsSchema, form) },
      { signal: abort.signal, caller: 'hub page', progress: (value) => reply.progress(...progressOf(value)) },
    )) as ActionResult;
    reply.done({ html: renderActionResult(result) });
  } catch (error) {
    const wire = rpcError(error);
    const data = (wire.data ?? {}) as { hint?: unknown; code?: unknown; reason?: unknown };
    reply.fail(400, `${wire.message}${typeof data.reason === 'string' && !wire.message.includes(data.reason) ? `: ${data.reason}` : ''}`, {
      fix: typeof data.hint === 'string' ? data.hint : undefined,
      code: typeof data.code === 'string' ? data.code : undefined,
    });
  }
}

/** A peer's `$/progress` value as words and a percentage. */
function progressOf(value: unknown): [string, number?] {
  if (typeof value !== 'object' || value === null) return [String(value)];
  const v = value as { message?: unknown; percentage?: unknown; percent?: unknown };
  const percent = typeof v.percentage === 'number' ? v.percentage : typeof v.percent === 'number' ? v.percent : undefined;
  return [typeof v.message === 'string' ? v.message : JSON.stringify(value).slice(0, 200), ...(percent !== undefined ? [percent] : [])] as [string, number?];
}

async function addProject(ctx: HubContext, reply: PageReply, form: URLSearchParams): Promise<void> {
  const root = (form.get('root') ?? '').trim();
  const id = (form.get('id') ?? '').trim();
  if (!root.startsWith('/')) return reply.fail(400, `the folder must be an absolute path, not ${JSON.stringify(root)}`, { fix: 'give the full path of the project folder' });
  try {
    const { project, created } = await ctx.host.projects.register({ root, ...(id ? { id } : {}) });
    reply.done({ message: created ? `Registered ${project.name} (${project.id}).` : `${project.root} was already registered as ${project.id}.` });
  } catch (error) {
    if (isServiceError(error) || error instanceof Error) return reply.fail(400, error.message);
    throw error;
  }
}

/**
 * Fans a query out to every search (or diagnostics) provider through the host's `providers.search`: each
 * provider's answer shows as it arrives; the slow and failed ones are named.
 */
async function askProviders(ctx: HubContext, req: IncomingMessage, reply: PageReply, kind: 'search' | 'diagnostics', form: URLSearchParams): Promise<void> {
  const projectId = form.get('projectId') || undefined;
  const abort = new AbortController();
  req.socket.once('close', () => abort.abort());
  try {
    const { answered, missed } = (await ctx.host.rpc.call(
      'providers.search',
      { kind, query: form.get('query') ?? '', ...(projectId ? { projectId } : {}), consumer: `hub-page-${kind}-${form.get('_token') ?? ''}` },
      { signal: abort.signal, caller: 'hub page', progress: (value) => reply.partial(outcomeHtml(value as ProviderOutcome)) },
    )) as { answered: ProviderOutcome[]; missed: ProviderOutcome[] };
    const all = [...answered, ...missed];
    reply.done({ html: all.length ? all.map(outcomeHtml).join('') : `<p>No ${kind} provider is running: extensions that declare one show here once enabled.</p>` });
  } catch (error) {
    reply.fail(400, rpcError(error).message);
  }
}

/** One provider's outcome: its items, or why it did not answer. */
function outcomeHtml(o: ProviderOutcome): string {
  const who = `<strong>${escapeHtml(o.provider.title)}</strong> <span class="muted">(${escapeHtml(o.provider.extension)})</span>`;
  if (o.outcome !== 'answered') return `<div class="provider"><p>${who}: <span class="problem">${o.outcome === 'timed_out' ? 'too slow' : escapeHtml(o.outcome.replace('_', ' '))}: ${escapeHtml(o.reason)}</span></p></div>`;
  const items = o.items.map((item) => {
    const i = item as unknown as Record<string, unknown>;
    if ('severity' in i) return `<li class="sev-${escapeHtml(i.severity)}"><strong>${escapeHtml(i.severity)}</strong> ${escapeHtml(i.message)}${i.path ? ` <code>${escapeHtml(i.path)}${i.line ? `:${escapeHtml(i.line)}` : ''}</code>` : ''}</li>`;
    return `<li>${escapeHtml(i.title ?? i.name ?? i.label ?? '')}${i.detail ? ` <span class="muted">${escapeHtml(i.detail)}</span>` : ''}${i.path ? ` <code>${escapeHtml(i.path)}</code>` : ''}</li>`;
  });
  return `<div class="provider"><p>${who}: ${o.items.length} result${o.items.length === 1 ? '' : 's'}${o.truncated ? ' (more exist)' : ''}</p>${items.length ? `<ul>${items.join('')}</ul>` : ''}</div>`;
}
