import type { ActionResult } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { UsageError } from '../cli-context.js';
import { formatTable } from '../terminal/table.js';
import { suggestNames } from '../did-you-mean.js';
import { parseOptions } from './parse-options.js';

/** `<id> actions list [--json]` and `<id> actions run <id> [--project ID] [--args JSON] [--json]`. */
export async function run(ctx: CliContext, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'list' || sub === 'ls') return list(ctx, rest);
  if (sub === 'run') return runAction(ctx, rest);
  ctx.print(
    `${ctx.out.bold('Usage:')} ${ctx.cmd} actions <command>`,
    '',
    '  list [--json]                                     actions offered by enabled extensions',
    '  run <id> [--project <id>] [--args <json>] [--json]  start the peer, run the action, print its result',
  );
  return sub === undefined || sub === '--help' || sub === '-h' ? (sub ? 0 : 2) : 2;
}

async function list(ctx: CliContext, args: string[]): Promise<number> {
  const opts = parseOptions(`${ctx.cmd} actions list`, args, { json: { type: 'boolean' } });
  const peers = await ctx.host().peers();
  const actions = await peers.declaredActions();
  if (opts.flag('json')) ctx.printJson(actions);
  else if (actions.length === 0) ctx.print(`No enabled extension offers actions (\`${ctx.cmd} extensions list\` shows what is installed).`);
  else ctx.print(...formatTable([['ID', 'TITLE', 'EXTENSION', 'TARGETS'].map((h) => ctx.out.bold(h)), ...actions.map((a) => [a.id, a.title, a.extension, a.targets.join(',')])]));
  await peers.dispose();
  return 0;
}

async function runAction(ctx: CliContext, args: string[]): Promise<number> {
  const command = `${ctx.cmd} actions run`;
  const opts = parseOptions(command, args, { project: { type: 'string' }, args: { type: 'string' }, json: { type: 'boolean' } }, 1);
  const id = opts.positionals[0];
  if (!id) throw new UsageError('missing the action id', `Usage: ${command} <id> [--project <id>] [--args <json>]`);
  let actionArgs: unknown = {};
  const raw = opts.string('args');
  if (raw !== undefined) {
    try {
      actionArgs = JSON.parse(raw);
    } catch (error) {
      throw new UsageError(`--args must be JSON: ${(error as Error).message}`, `For example: --args '{"depth": 3}'`);
    }
  }
  const peers = await ctx.host().peers();
  const declared = await peers.declaredActions();
  if (!declared.some((a) => a.id === id)) {
    await peers.dispose();
    const near = suggestNames(id, declared.map((a) => a.id));
    throw new UsageError(`no enabled extension offers action "${id}"`, near.length ? `Did you mean ${near.join(', ')}?` : `Run \`${ctx.cmd} actions list\`.`, 1);
  }
  const controller = new AbortController();
  const onInterrupt = () => controller.abort();
  process.on('SIGINT', onInterrupt);
  const tty = ctx.io.stderr.isTTY === true;
  const project = opts.string('project');
  try {
    const result = await peers.invokeAction(id, { ...(project ? { projectId: project } : {}), args: actionArgs }, {
      signal: controller.signal,
      resetTimeoutOnProgress: true,
      onProgress: (value) => {
        if (tty) ctx.io.stderr.write(`\r\u001b[2K${ctx.err.dim(describeProgress(value))}`);
      },
    });
    if (tty) ctx.io.stderr.write('\r\u001b[2K');
    if (opts.flag('json')) ctx.printJson(result);
    else printResult(ctx, result);
    return 0;
  } catch (error) {
    if (tty) ctx.io.stderr.write('\r\u001b[2K');
    const reason = (error as { reason?: string }).reason;
    if (reason === 'cancelled' || controller.signal.aborted) {
      ctx.printError(`Cancelled ${id}.`);
      return 130;
    }
    ctx.printError(`${ctx.err.red('error:')} ${(error as Error).message}`);
    const supervisor = await peers.supervisor((declared.find((a) => a.id === id) as { extension: string }).extension);
    // A peer that just dropped the connection is still exiting: wait (briefly) to say how it ended.
    if (reason === 'unavailable') await supervisor?.settle(2000);
    const status = supervisor?.status();
    if (status?.lastError) ctx.printError(`peer: ${status.lastError}`, `log: ${status.log}`);
    return 1;
  } finally {
    process.off('SIGINT', onInterrupt);
    await peers.dispose();
  }
}

function describeProgress(value: unknown): string {
  if (typeof value === 'object' && value !== null) {
    const v = value as { done?: unknown; total?: unknown; message?: unknown };
    if (typeof v.done === 'number' && typeof v.total === 'number') return `${v.done}/${v.total}${typeof v.message === 'string' ? ` ${v.message}` : ''}`;
    if (typeof v.message === 'string') return v.message;
  }
  return JSON.stringify(value).slice(0, 100);
}

function printResult(ctx: CliContext, result: ActionResult): void {
  const icon = { info: ctx.out.cyan('i'), ok: ctx.out.green('✔'), warning: ctx.out.yellow('!'), error: ctx.out.red('✖') } as const;
  for (const n of result.notifications) ctx.print(`${icon[n.severity]} ${n.message}${n.detail ? `\n  ${n.detail.replace(/\n/g, '\n  ')}` : ''}`);
  for (const a of result.hostActions) ctx.print(a.type === 'openUrl' ? `open: ${a.url}` : `open project ${a.projectId}: ${a.path}`);
  const view = result.view;
  if (view?.kind === 'text') ctx.print(view.text);
  if (view?.kind === 'markdown') ctx.print(view.markdown);
  if (view?.kind === 'table') {
    ctx.print(...formatTable([view.columns.map((c) => ctx.out.bold(c)), ...view.rows]));
    if (view.truncated) ctx.print(ctx.out.dim('(table truncated)'));
  }
  for (const w of result.warnings) ctx.printError(ctx.err.yellow(`warning: ${w}`));
}
