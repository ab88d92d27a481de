import type { DeclaredView, RenderedView } from '@outboard/host';
import { isOutboardError } from '@outboard/host/errors';
import type { CliContext } from '../cli-context.js';
import { cliError } from '../errors/cli-errors.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import { printTypedView } from '../terminal/typed-view.js';
import { projectContaining, projectStore, requireProject } from './projects-lookup.js';
import { openRpcRoute } from './rpc-route.js';
import { StopSignals } from './stop-signals.js';

/**
 * `<id> views show <view> [--project ID] [--json]`: asks the view's peer to render it (`views.render`, through
 * the hub when a trusted one runs, else in this process) and prints the typed view. A project view takes the
 * registered project holding the current folder when `--project` is left out. Ctrl+C cancels the render.
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const id = opts.positionals[0] as string;
  const store = await projectStore(ctx);
  const named = opts.string('project');
  const route = await openRpcRoute(ctx);
  const stop = new StopSignals();
  try {
    const views = (await route.call('views.list', {})) as DeclaredView[];
    const declared = views.find((v) => v.id === id);
    const projectId = named !== undefined ? requireProject(ctx, store, named).id : declared?.where.includes('project') ? projectContaining(store.list(), ctx.io.cwd)?.id : undefined;
    const rendered = (await route.call('views.render', { id, ...(projectId !== undefined ? { projectId } : {}) }, { signal: stop.signal })) as RenderedView;
    if (opts.flag('json')) ctx.printJson(rendered);
    else {
      printTypedView(ctx, { ...rendered.content, title: rendered.content.title ?? rendered.view.title });
      for (const w of rendered.warnings) ctx.printError(ctx.err.yellow(t`warning: ${w}`));
    }
    return 0;
  } catch (error) {
    if (stop.received || stop.signal.aborted) {
      ctx.printError(t`Cancelled ${id}.`);
      return stop.exitCode;
    }
    if (isOutboardError(error)) throw error;
    // The host's wire refusal (not_found, invalid_scope, timeout...): one line, worded for every surface.
    const src = (error as { data?: { src?: unknown } } | null)?.data?.src;
    const hint = typeof src === 'string' ? `open it in the hub: \`${ctx.cmd} hub open\`, then ${src}` : `\`${ctx.cmd} views list\` shows the views on offer`;
    throw cliError('CLI_VIEW_FAILED', `view ${id}: ${error instanceof Error ? error.message : String(error)}`, hint);
  } finally {
    stop.dispose();
    await route.dispose();
  }
}
