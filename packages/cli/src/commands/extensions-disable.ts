import type { CliContext } from '../cli-context.js';
import { parseOptions } from './parse-options.js';
import { requireExtension } from './require-extension.js';

/** `<id> extensions disable <name>`: hides commands, links and cards; keeps approval, grants and config. */
export async function run(ctx: CliContext, args: string[]): Promise<number> {
  const { positionals } = parseOptions(`${ctx.cmd} extensions disable`, args, {}, 1);
  const ext = await requireExtension(ctx, positionals[0], `${ctx.cmd} extensions disable <name>`);
  if (ext.state === 'disabled') {
    ctx.print(`${ext.key} is already disabled.`);
    return 0;
  }
  if (ext.state !== 'enabled' || !ext.name) {
    ctx.print(`${ext.key} is ${ext.state}, so it cannot run anyway; nothing to disable.`);
    return 0;
  }
  await ctx.host().approvals.setEnabled({ ...ext, name: ext.name }, false);
  ctx.print(`Disabled ${ext.key}. Its approval, grants and config are kept; \`${ctx.cmd} extensions enable ${ext.key}\` turns it back on.`);
  return 0;
}
