import type { DeclaredView } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { formatTable } from '../terminal/table.js';
import { t } from '../terminal/text.js';
import { openRpcRoute } from './rpc-route.js';

/** `<id> views list [--json]`: the views enabled extensions declare (`views.list`; no peer is started). */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const route = await openRpcRoute(ctx);
  try {
    const views = (await route.call('views.list', {})) as DeclaredView[];
    if (opts.flag('json')) ctx.printJson(views);
    else if (views.length === 0) ctx.print(t`No enabled extension offers views (\`${ctx.cmd} extensions list\` shows what is installed).`);
    else ctx.print(...formatTable([['ID', 'TITLE', 'EXTENSION', 'WHERE', 'KIND'].map((h) => ctx.out.bold(h)), ...views.map((v) => [v.id, v.title, v.extension, v.where.join(','), v.kind === 'sidecar' ? `sidecar ${v.path ?? ''}` : 'peer'])]));
    return 0;
  } finally {
    await route.dispose();
  }
}
