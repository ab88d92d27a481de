import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { formatTable } from '../terminal/table.js';
import { t } from '../terminal/text.js';

/** `<id> actions list [--json]`: the actions enabled extensions declare (no peer is started). */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const peers = await ctx.host().peers();
  try {
    const actions = await peers.declaredActions();
    if (opts.flag('json')) ctx.printJson(actions);
    else if (actions.length === 0) ctx.print(t`No enabled extension offers actions (\`${ctx.cmd} extensions list\` shows what is installed).`);
    else ctx.print(...formatTable([['ID', 'TITLE', 'EXTENSION', 'TARGETS'].map((h) => ctx.out.bold(h)), ...actions.map((a) => [a.id, a.title, a.extension, a.targets.join(',')])]));
    return 0;
  } finally {
    await peers.dispose();
  }
}
