import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import { requireExtension } from './require-extension.js';

/** `<id> extensions disable <name>`: hides commands, links and cards; keeps approval, grants and config. */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const ext = await requireExtension(ctx, opts.positionals[0] as string);
  if (ext.state === 'disabled') {
    ctx.print(t`${ext.key} is already disabled.`);
    return 0;
  }
  if (ext.state !== 'enabled' || !ext.name) {
    ctx.print(t`${ext.key} is ${ext.state}, so it cannot run anyway; nothing to disable.`);
    return 0;
  }
  await ctx.host().approvals.setEnabled({ ...ext, name: ext.name }, false);
  ctx.print(t`Disabled ${ext.key}. Its approval, grants and config are kept; \`${ctx.cmd} extensions enable ${ext.key}\` turns it back on.`);
  return 0;
}
