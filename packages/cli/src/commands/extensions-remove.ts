import { NotRemovableError, NpmError, purgeExtensionLeftovers, removeExtension } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { parseOptions } from './parse-options.js';
import { requireExtension } from './require-extension.js';

/** `<id> extensions remove <name> [--purge]`: uninstall a user-source extension and delete its approval. */
export async function run(ctx: CliContext, args: string[]): Promise<number> {
  const opts = parseOptions(`${ctx.cmd} extensions remove`, args, { purge: { type: 'boolean' } }, 1);
  const wanted = opts.positionals[0];
  // --purge of a name no longer installed purges what it left (state folder, user config, approval).
  if (opts.flag('purge') && wanted && /^[a-z][a-z0-9-]{0,38}$/.test(wanted) && !(await ctx.host().findExtension(wanted))) {
    const left = await purgeExtensionLeftovers(ctx.host(), wanted);
    const what = [left.purged && `its state folder ${left.purged}`, left.configRemoved && `its config (extensions.${wanted})`, left.approvalDeleted && 'its approval'].filter(Boolean);
    if (what.length) {
      ctx.print(`${wanted} is not installed; deleted what it left: ${what.join(', ')}.`);
      return 0;
    }
  }
  const ext = await requireExtension(ctx, wanted, `${ctx.cmd} extensions remove <name> [--purge]`);
  let result;
  try {
    result = await removeExtension(ctx.host(), ext, { purge: opts.flag('purge'), output: ctx.io.stderr });
  } catch (error) {
    if (error instanceof NotRemovableError || error instanceof NpmError) {
      ctx.printError(`${ctx.err.red('error:')} ${error.message}.`);
      return 1;
    }
    throw error;
  }
  ctx.print(`Removed ${ext.key} (${ext.packageName}@${ext.version})${result.approvalDeleted ? ' and its approval' : ''}.`);
  if (result.purged) ctx.print(`Deleted its state folder ${result.purged}.`);
  if (result.configRemoved) ctx.print(`Deleted its config (extensions.${ext.name}) from the user config.`);
  if (result.keptState) ctx.print(`Kept its state folder: ${result.keptState}.`);
  return 0;
}
