import type { ActionResult, DeclaredAction } from '@outboard/host';
import { CLI_ACTION_INPUT_NAMES, rewordActionInput } from '@outboard/host';
import { isOutboardError } from '@outboard/host/errors';
import type { CliContext } from '../cli-context.js';
import { cliError, UsageError } from '../errors/cli-errors.js';
import type { ParsedOptions } from './command-spec.js';
import { printTypedView } from '../terminal/typed-view.js';
import { t } from '../terminal/text.js';
import { projectContaining, projectStore } from './projects-lookup.js';
import { openRpcRoute } from './rpc-route.js';
import { StopSignals } from './stop-signals.js';
import { notificationLines } from './notification-lines.js';

/**
 * `<id> actions run <id> [--project <id>] [--args <json>] [--json]`. One path whether a hub runs or not: the
 * host's verdict (`actions.resolve`: the action, or the refusal with its reason and fix), then `actions.invoke`,
 * both through the RPC route of this run (the hub's shared peer when a trusted hub runs, else a private one).
 * Ctrl+C (or SIGTERM, SIGHUP) cancels the action in the peer.
 */
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
  const route = await openRpcRoute(ctx);
  const stop = new StopSignals();
  try {
    const action = (await route.call('actions.resolve', { id })) as DeclaredAction;
    const project = opts.string('project') ?? (await projectOfCwd(ctx, action.targets));
    const result = (await route.call('actions.invoke', { id, ...(project ? { projectId: project } : {}), args: actionArgs }, { signal: stop.signal, onProgress: showProgress(ctx) })) as ActionResult;
    return printOutcome(ctx, opts, result);
  } catch (error) {
    ctx.printer.clearStatus();
    if (stop.received || stop.signal.aborted || wireReason(error) === 'cancelled') {
      ctx.printError(t`Cancelled ${id}.`);
      return stop.exitCode;
    }
    // The host words a refused input with the RPC's params; this surface's user typed flags.
    if (isOutboardError(error) && (error.code === 'ACTION_ARGS_INVALID' || error.code === 'ACTION_PROJECT_INVALID')) {
      throw cliError(error.code, rewordActionInput(error.message, CLI_ACTION_INPUT_NAMES), error.hint === undefined ? undefined : rewordActionInput(error.hint, CLI_ACTION_INPUT_NAMES), error.details);
    }
    // Shaped by the host (the verdict's refusal, `<extension>: action <id> failed: ...` with its log): printed once.
    if (isOutboardError(error)) throw error;
    throw cliError('CLI_ACTION_FAILED', `action ${id} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    stop.dispose();
    await route.dispose();
  }
}

/** The wire reason of a failure (`cancelled`, `unavailable`...), from the host's error or the protocol's. */
function wireReason(error: unknown): string | undefined {
  const e = error as { reason?: unknown; data?: { code?: unknown } } | null;
  return typeof e?.reason === 'string' ? e.reason : typeof e?.data?.code === 'string' ? e.data.code : undefined;
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

function printResult(ctx: CliContext, result: ActionResult): void {
  for (const n of result.notifications) ctx.print(...notificationLines(ctx.out, n));
  for (const a of result.hostActions) ctx.print(a.type === 'openUrl' ? t`open: ${a.url}` : t`open project ${a.projectId}: ${a.path}`);
  if (result.view) printTypedView(ctx, result.view);
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
