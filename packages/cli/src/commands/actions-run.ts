import type { ActionResult } from '@outboard/host';
import { isOutboardError } from '@outboard/host/errors';
import type { CliContext } from '../cli-context.js';
import { cliError, UsageError } from '../errors/cli-errors.js';
import { suggestNames } from '@outboard/manifest';
import type { ParsedOptions } from '../router/command-spec.js';
import { formatTable } from '../terminal/table.js';
import { t } from '../terminal/text.js';
import type { Text } from '../terminal/text.js';
import { projectContaining, projectStore } from './projects-lookup.js';
import { callHub, HubRpcError, HubUnreachableError } from './hub-rpc.js';
import type { HubEndpoint } from './hub-rpc.js';
import { callHubStreaming } from './hub-ws-call.js';
import type { DeclaredAction } from '@outboard/host';
import { StopSignals } from './stop-signals.js';
import { notificationLines } from './notification-lines.js';

/** `<id> actions run <id> [--project <id>] [--args <json>] [--json]`. */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const id = opts.positionals[0] as string;
  let actionArgs: unknown = {};
  const raw = opts.string('args');
  if (raw !== undefined) {
    try {
      actionArgs = JSON.parse(raw);
    } catch (error) {
      throw new UsageError(`--args must be JSON: ${(error as Error).message}`, `For example: --args '{"depth": 3}'`);
    }
  }
  // One peer instance serves the CLI and the browser: with a hub running, the action runs in the hub's peer.
  const hub = ctx.host().runningHub();
  if (hub) {
    const outcome = await runThroughHub(ctx, opts, { url: hub.url, token: hub.token }, id, actionArgs);
    // undefined: the hub in hub.json did not accept the connection (it just died), so run privately as without one.
    if (outcome !== undefined) return outcome;
  }
  const peers = await ctx.host().peers();
  const stop = new StopSignals();
  try {
    const action = findAction(ctx, await peers.declaredActions(), id);
    const project = opts.string('project') ?? (await projectOfCwd(ctx, action.targets));
    try {
      const result = await peers.invokeAction(id, { ...(project ? { projectId: project } : {}), args: actionArgs }, {
        signal: stop.signal,
        resetTimeoutOnProgress: true,
        onProgress: showProgress(ctx),
      });
      return printOutcome(ctx, opts, result);
    } catch (error) {
      ctx.printer.clearStatus();
      const reason = (error as { reason?: string }).reason;
      if (stop.received || reason === 'cancelled' || stop.signal.aborted) {
        ctx.printError(t`Cancelled ${id}.`);
        return stop.exitCode;
      }
      // Already shaped by the host (`<extension>: action <id> failed: ...`, its details and log): print it once.
      if (isOutboardError(error)) throw error;
      const supervisor = await peers.supervisor(action.extension);
      // A peer that just dropped the connection is still exiting: wait (briefly) to say how it ended.
      if (reason === 'unavailable') await supervisor?.settle(2000);
      const status = supervisor?.status();
      const message = (error as Error).message;
      // The peer's words, named once with who failed (the host may already have named the extension).
      const text = message.startsWith(`${action.extension}: `) ? message : `${action.extension}: action ${id} failed: ${message}`;
      // A handshake failure is both the error and the peer's last error: say it once.
      const details = status?.lastError && !message.includes(status.lastError) && !status.lastError.includes(message) ? [`peer: ${status.lastError}`] : [];
      throw cliError('CLI_ACTION_FAILED', text, status?.log ? `peer log: ${status.log}` : undefined, details);
    }
  } finally {
    stop.dispose();
    await peers.dispose();
  }
}

/** The declared action `id`, or the refusal naming the nearest ids. */
function findAction(ctx: CliContext, declared: readonly DeclaredAction[], id: string): DeclaredAction {
  const action = declared.find((a) => a.id === id);
  if (action) return action;
  const near = suggestNames(id, declared.map((a) => a.id));
  throw cliError('CLI_NOT_FOUND', `no enabled extension offers action "${id}"`, near.length ? `Did you mean ${near.join(', ')}?` : `Run \`${ctx.cmd} actions list\`.`);
}

/** Shows each progress value on one status line that the next replaces (at a terminal only). */
function showProgress(ctx: CliContext): (value: unknown) => void {
  return (value) => ctx.printer.status(ctx.err.dim(describeProgress(value)));
}

/** Clears the progress line and prints the result (as JSON with --json); the run's exit code. */
function printOutcome(ctx: CliContext, opts: ParsedOptions, result: ActionResult): number {
  ctx.printer.clearStatus();
  if (opts.flag('json')) ctx.printJson(result);
  else printResult(ctx, result);
  return 0;
}

function describeProgress(value: unknown): string {
  if (typeof value === 'object' && value !== null) {
    const v = value as { done?: unknown; total?: unknown; message?: unknown };
    if (typeof v.done === 'number' && typeof v.total === 'number') return `${v.done}/${v.total}${typeof v.message === 'string' ? ` ${v.message}` : ''}`;
    if (typeof v.message === 'string') return v.message;
  }
  return (JSON.stringify(value) ?? '').slice(0, 100);
}

/** Free text of a view: one printed line per line of the text (the lines are the view's layout). */
function textLines(text: string): Text[] {
  return text.split('\n');
}

function printResult(ctx: CliContext, result: ActionResult): void {
  for (const n of result.notifications) ctx.print(...notificationLines(ctx.out, n));
  for (const a of result.hostActions) ctx.print(a.type === 'openUrl' ? t`open: ${a.url}` : t`open project ${a.projectId}: ${a.path}`);
  const view = result.view;
  if (view?.title) ctx.print(ctx.out.bold(t`${view.title}`));
  if (view?.type === 'text') ctx.print(...textLines(view.text));
  if (view?.type === 'markdown') ctx.print(...textLines(view.markdown));
  if (view?.type === 'table') {
    ctx.print(...formatTable([view.columns.map((c) => ctx.out.bold(c)), ...view.rows]));
    if (view.truncated) ctx.print(ctx.out.dim('(table truncated)'));
  }
  for (const w of result.warnings) ctx.printError(ctx.err.yellow(t`warning: ${w}`));
}

/**
 * The project an action runs on when `--project` is left out: for an action that targets projects, the
 * registered project whose root holds the current folder. None found: a project-only action is refused
 * (naming `projects add .`), one that may also run globally runs globally.
 */
async function projectOfCwd(ctx: CliContext, targets: readonly string[]): Promise<string | undefined> {
  if (!targets.includes('project')) return undefined;
  const found = projectContaining((await projectStore(ctx)).list(), ctx.io.cwd);
  if (found) return found.id;
  if (targets.includes('global')) return undefined;
  throw cliError('PROJECT_NONE_HERE', `this action runs on a project, and no registered project contains ${ctx.io.cwd}`, `register it with \`${ctx.cmd} projects add .\`, or pass --project <id> (\`${ctx.cmd} projects list\` shows them)`);
}

/** `actions run` through the running hub: Ctrl+C (or SIGTERM, SIGHUP) closes the connection and the hub cancels the action. */
async function runThroughHub(ctx: CliContext, opts: ParsedOptions, hub: HubEndpoint, id: string, actionArgs: unknown): Promise<number | undefined> {
  let declared: DeclaredAction[];
  try {
    declared = (await callHub(hub, 'actions.list', {})) as DeclaredAction[];
  } catch (error) {
    if (error instanceof HubUnreachableError) return undefined;
    throw error;
  }
  const action = findAction(ctx, declared, id);
  const project = opts.string('project') ?? (await projectOfCwd(ctx, action.targets));
  const stop = new StopSignals();
  try {
    // Over /api/ws, so the action's progress shows as it comes, as it does in a private peer.
    const result = (await callHubStreaming(hub, 'actions.invoke', { id, ...(project ? { projectId: project } : {}), args: actionArgs }, {
      signal: stop.signal,
      onProgress: showProgress(ctx),
    })) as ActionResult;
    return printOutcome(ctx, opts, result);
  } catch (error) {
    ctx.printer.clearStatus();
    if (stop.received || stop.signal.aborted || (error instanceof HubRpcError && error.reason === 'cancelled')) {
      ctx.printError(t`Cancelled ${id}.`);
      return stop.exitCode;
    }
    throw error;
  } finally {
    stop.dispose();
  }
}
