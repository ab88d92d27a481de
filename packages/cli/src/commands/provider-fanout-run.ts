import type { DiagnosticItem, ProviderOutcome, SearchItem } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import type { Text } from '../terminal/text.js';
import { projectContaining, projectStore, requireProject } from './projects-lookup.js';
import { openRpcRoute, type RpcRoute } from './rpc-route.js';
import { followEvents } from './events-follow.js';
import { cliError } from '../errors/cli-errors.js';
import { StopSignals } from './stop-signals.js';

/** What `providers.search` answers. */
export interface FanOutResult {
  answered: Extract<ProviderOutcome, { outcome: 'answered' }>[];
  missed: Extract<ProviderOutcome, { outcome: 'timed_out' | 'failed' | 'not_ready' }>[];
}

/**
 * Asks every provider of `kind` through the RPC route of this run (the hub's peers when a trusted hub runs),
 * printing each extension's answer as it arrives (text mode), then those that did not answer with why.
 * The project is `--project`, else the registered project holding the current folder, else none.
 * `--follow` (through a hub) keeps the result on screen: whenever a provider says its results changed
 * (`extension.provider.changed`) or an extension changes, it asks again, until Ctrl+C.
 */
export async function runFanOut(ctx: CliContext, opts: ParsedOptions, kind: 'search' | 'diagnostics', query: string, exitOf: (result: FanOutResult) => number): Promise<number> {
  const store = await projectStore(ctx);
  const named = opts.string('project');
  const projectId = named !== undefined ? requireProject(ctx, store, named).id : projectContaining(store.list(), ctx.io.cwd)?.id;
  const follow = opts.flag('follow');
  const route = await openRpcRoute(ctx);
  const stop = new StopSignals();
  try {
    if (follow && !route.hub) {
      throw cliError('EVENTS_NEED_HUB', `no hub runs for this home, and providers announce changed results through the hub`, `start one with \`${ctx.cmd} hub start\`, then run \`${ctx.cmd} ${kind} --follow\` again`);
    }
    const params = { kind, query, ...(projectId !== undefined ? { projectId } : {}), ...(follow ? { consumer: `${ctx.cmd}-${kind}-${process.pid}` } : {}) };
    const ask = (): Promise<FanOutResult | undefined> => askOnce(ctx, opts, route, kind, params, stop.signal);
    const first = await ask();
    if (first === undefined) return stop.exitCode;
    let code = exitOf(first);
    if (!follow || !route.hub) return code;
    await followChanges(ctx, stop.signal, async (why) => {
      if (!opts.flag('json')) ctx.printError(ctx.err.dim(t`— ${why}; asked again at ${new Date().toLocaleTimeString()} —`));
      const again = await ask();
      if (again !== undefined) code = exitOf(again);
    });
    return stop.received ? stop.exitCode : code;
  } finally {
    stop.dispose();
    await route.dispose();
  }
}

/** One fan-out, printed; undefined when Ctrl+C cancelled it (the peers saw `$/cancelRequest`). */
async function askOnce(ctx: CliContext, opts: ParsedOptions, route: RpcRoute, kind: 'search' | 'diagnostics', params: Record<string, unknown>, signal: AbortSignal): Promise<FanOutResult | undefined> {
  const json = opts.flag('json');
  const shown = new Set<string>();
  const onProgress = json
    ? undefined
    : (value: unknown): void => {
        const outcome = value as ProviderOutcome;
        if (outcome?.outcome !== 'answered' || shown.has(outcome.provider.id)) return;
        shown.add(outcome.provider.id);
        printAnswer(ctx, kind, outcome);
      };
  let result: FanOutResult;
  try {
    result = (await route.call('providers.search', params, { signal, ...(onProgress ? { onProgress } : {}) })) as FanOutResult;
  } catch (error) {
    // Ctrl+C: the pending queries were cancelled in the peers ($/cancelRequest); their late answers are dropped.
    if (!signal.aborted) throw error;
    ctx.printError(t`Cancelled ${kind}.`);
    return undefined;
  }
  if (json) {
    if (opts.flag('follow')) ctx.printJsonRecord(result);
    else ctx.printJson(result);
    return result;
  }
  // A route without progress (or a lost progress message): what was not printed yet, now.
  for (const answer of result.answered) if (!shown.has(answer.provider.id)) printAnswer(ctx, kind, answer);
  if (result.answered.length === 0 && result.missed.length === 0) ctx.print(t`No enabled extension offers a ${kind} provider (\`${ctx.cmd} extensions list\` shows what is installed).`);
  for (const miss of result.missed) ctx.printError(ctx.err.yellow(t`${miss.provider.extension} (${miss.provider.id}) ${MISSED[miss.outcome]}: ${miss.reason}`));
  return result;
}

/** Changes after which a result on screen is asked for again. */
const CHANGE_TYPES = ['extension.provider.changed', 'extension.changed'];
/** Changes arriving this close together are answered by one new query. */
const SETTLE_MS = 100;

/**
 * Follows the hub's events and calls `again` after each burst of changes (never two at once: a change during a
 * query asks once more after it) until `signal` aborts or the hub goes away.
 */
async function followChanges(ctx: CliContext, signal: AbortSignal, again: (why: string) => Promise<void>): Promise<void> {
  let pending: string | undefined;
  let running: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const drain = async (): Promise<void> => {
    while (pending !== undefined && !signal.aborted) {
      const why = pending;
      pending = undefined;
      await again(why);
    }
    running = undefined;
  };
  try {
    await followEvents(ctx, { types: CHANGE_TYPES }, (item) => {
      // A reset (events lost across a hub restart) may hide a change too: ask again.
      pending = item.kind === 'event' ? describeChange(item.event) : 'the hub restarted';
      clearTimeout(timer);
      timer = setTimeout(() => {
        running ??= drain();
      }, SETTLE_MS);
    }, signal);
  } finally {
    clearTimeout(timer);
    await running;
  }
}

function describeChange(record: unknown): string {
  const { type, attributes } = (record ?? {}) as { type?: unknown; attributes?: Record<string, unknown> };
  if (type === 'extension.provider.changed') return `${String(attributes?.['provider'] ?? 'a provider')} has new results`;
  return `extension ${String(attributes?.['name'] ?? attributes?.['extension'] ?? '')} changed`.replace('  ', ' ');
}

const MISSED = { timed_out: 'timed out', failed: 'failed', not_ready: 'was not ready' } as const;

function printAnswer(ctx: CliContext, kind: 'search' | 'diagnostics', outcome: FanOutResult['answered'][number]): void {
  const lines: Text[] = [ctx.out.bold(t`${outcome.provider.extension} — ${outcome.provider.title}`)];
  if (outcome.items.length === 0) lines.push(ctx.out.dim(t`  (nothing)`));
  for (const item of outcome.items) lines.push(...(kind === 'search' ? searchLines(ctx, item as SearchItem) : [diagnosticLine(ctx, item as DiagnosticItem)]));
  if (outcome.truncated) lines.push(ctx.out.dim(t`  (more results${outcome.cursor !== undefined ? '; the provider has a next page' : ''})`));
  ctx.print(...lines);
  for (const w of outcome.warnings) ctx.printError(ctx.err.yellow(t`warning: ${outcome.provider.id}: ${w}`));
}

function searchLines(ctx: CliContext, item: SearchItem): Text[] {
  const target = item.uri ?? item.path ?? (item.actionId !== undefined ? `${ctx.cmd} actions run ${item.actionId}` : undefined);
  const lines: Text[] = [t`  ${item.title}${target !== undefined ? t`  ${ctx.out.dim(t`→ ${target}`)}` : ''}`];
  if (item.detail !== undefined) lines.push(ctx.out.dim(t`    ${item.detail}`));
  return lines;
}

function diagnosticLine(ctx: CliContext, d: DiagnosticItem): Text {
  const icon = { error: ctx.out.red('✖'), warning: ctx.out.yellow('!'), info: ctx.out.cyan('i'), hint: ctx.out.dim('·') }[d.severity];
  const where = d.path !== undefined ? `${d.path}${d.line !== undefined ? `:${d.line}${d.column !== undefined ? `:${d.column}` : ''}` : ''}: ` : '';
  return t`  ${icon} ${where}${d.message}${d.source !== undefined ? ctx.out.dim(t` (${d.source})`) : ''}`;
}
