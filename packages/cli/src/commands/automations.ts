import type { AutomationCatalog, AutomationRun, AutomationTestResult, AutomationView } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { formatTable } from '../terminal/table.js';
import { t } from '../terminal/text.js';
import { UsageError } from '../errors/cli-errors.js';
import { openRpcRoute } from './rpc-route.js';

/**
 * `<id> automations list|catalog|remove|enable|disable|runs|test` (DESIGN §10). Every subcommand calls the
 * host's `automations.*` RPC methods through the route of this run: the running hub (whose runner follows at
 * once), else this process's own host, so both read and refuse alike. `add` is in automations-add.ts.
 */
export async function callAutomations<T>(ctx: CliContext, method: string, params: Record<string, unknown> = {}): Promise<T> {
  const route = await openRpcRoute(ctx);
  try {
    return (await route.call(`automations.${method}`, params)) as T;
  } finally {
    await route.dispose();
  }
}

/** `automations list [--json]`: id, state, trigger, action, mode and why a broken one is broken. */
export async function list(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const { automations } = await callAutomations<{ automations: AutomationView[] }>(ctx, 'list');
  if (opts.flag('json')) return ctx.printJson(automations), 0;
  if (automations.length === 0) {
    ctx.print(t`No automations. \`${ctx.cmd} automations catalog\` lists the templates to start from; \`${ctx.cmd} automations add --template <id>\` adds one.`);
    return 0;
  }
  const header = ['ID', 'STATE', 'TRIGGER', 'ACTION', 'MODE'].map((h) => ctx.out.bold(h));
  ctx.print(...formatTable([header, ...automations.map((a) => [a.id, a.state, a.trigger.type, a.action.id, a.mode === 'queued' || a.mode === 'parallel' ? `${a.mode} (max ${a.max})` : a.mode])]));
  for (const a of automations) {
    if (a.broken) ctx.print(ctx.out.yellow(t`${a.id}: broken: ${a.broken}`));
    else if (a.paused) ctx.print(ctx.out.yellow(t`${a.id}: paused: ${a.paused} (\`${ctx.cmd} automations enable ${a.id}\` resumes it)`));
  }
  return 0;
}

/** `automations catalog [--json]`: the listeners, templates and host event types automations may use. */
export async function catalog(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const { catalog: c } = await callAutomations<{ catalog: AutomationCatalog }>(ctx, 'catalog');
  if (opts.flag('json')) return ctx.printJson(c), 0;
  ctx.print(ctx.out.bold('Triggers'));
  ctx.print(...formatTable([...c.listeners.map((l) => [l.type, l.label, l.extension]), ...c.hostEvents.map((h) => [h.type, h.label, '(host)'])]));
  ctx.print('', ctx.out.bold('Templates'));
  if (c.templates.length === 0) ctx.print(ctx.out.dim('(none: no enabled extension offers one)'));
  else ctx.print(...formatTable(c.templates.map((tp) => [tp.id, tp.title, `${tp.trigger.type} → ${tp.action.id}`])));
  for (const tp of c.templates) {
    if (tp.setup) ctx.print(t`${tp.id}: setup: ${tp.setup}`);
    if (tp.guard) ctx.print(t`${tp.id}: guard: ${tp.guard}`);
  }
  return 0;
}

/** `automations remove <id>`. */
export async function remove(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const id = opts.positionals[0] as string;
  await callAutomations(ctx, 'remove', { id });
  ctx.print(t`Removed automation ${id} and its run history.`);
  return 0;
}

/** `automations enable <id>` (also resumes one the loop breaker paused). */
export async function enable(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  return setEnabled(ctx, opts, true);
}

/** `automations disable <id>`: kept, with its history; runs nothing until enabled. */
export async function disable(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  return setEnabled(ctx, opts, false);
}

async function setEnabled(ctx: CliContext, opts: ParsedOptions, enabled: boolean): Promise<number> {
  const id = opts.positionals[0] as string;
  const { automation } = await callAutomations<{ automation: AutomationView }>(ctx, enabled ? 'enable' : 'disable', { id });
  ctx.print(t`Automation ${id} is ${enabled ? 'enabled' : 'disabled'}.`);
  if (automation.broken) ctx.print(ctx.out.yellow(t`It is broken and runs nothing until fixed: ${automation.broken}`));
  return 0;
}

/** `automations runs <id> [--json] [--limit n]`: the newest runs first, with trigger, arguments and outcome. */
export async function runs(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const id = opts.positionals[0] as string;
  const limit = Number(opts.string('limit') ?? 20);
  const { runs: list } = await callAutomations<{ runs: AutomationRun[] }>(ctx, 'runs', { id, limit: Number.isSafeInteger(limit) && limit > 0 ? limit : 20 });
  if (opts.flag('json')) return ctx.printJson(list), 0;
  if (list.length === 0) {
    ctx.print(t`Automation ${id} has not run yet.`);
    return 0;
  }
  const header = ['STARTED', 'STATUS', 'MS', 'EVENT', 'ARGS', 'OUTCOME'].map((h) => ctx.out.bold(h));
  ctx.print(
    ...formatTable([
      header,
      ...list.map((r) => [r.startedAt, r.status, r.durationMs === undefined ? '' : String(r.durationMs), `${r.event.type} #${r.event.seq}`, r.args === undefined ? '' : JSON.stringify(r.args), r.error?.message ?? r.reason ?? '']),
    ]),
  );
  return 0;
}

/** `automations test <id> --event <json> [--json]`: what the event would run, without running it. */
export async function test(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const id = opts.positionals[0] as string;
  const event = parseJsonOption(opts, 'event', '{"attributes": {"branch": "main"}}') ?? {};
  const { test: result } = await callAutomations<{ test: AutomationTestResult }>(ctx, 'test', { id, event });
  if (opts.flag('json')) return ctx.printJson(result), 0;
  if (!result.matches) ctx.print(t`No run: ${result.reason ?? 'the event does not match'}.`);
  else {
    ctx.print(t`Would run ${result.action ?? ''}${result.projectId ? t` for project ${result.projectId}` : ''} with ${JSON.stringify(result.args ?? {})}`);
    if (result.reason) ctx.print(ctx.out.yellow(t`But it would not run now: ${result.reason}.`));
  }
  return 0;
}

/** A JSON option parsed, or a usage error naming the option and an example. */
export function parseJsonOption(opts: ParsedOptions, name: string, example: string): Record<string, unknown> | undefined {
  const raw = opts.string(name);
  if (raw === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new UsageError(`--${name} must be JSON: ${(error as Error).message}`, `For example: --${name} '${example}'`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`--${name} must be a JSON object`, `For example: --${name} '${example}'`);
  return value as Record<string, unknown>;
}
