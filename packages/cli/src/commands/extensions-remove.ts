import { NotRemovableError, NpmError, purgeExtensionLeftovers, removeExtension } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { cliError } from '../errors/cli-errors.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import { requireExtension } from './require-extension.js';

/** `<id> extensions remove <name> [--purge]`: uninstall a user-source extension and delete its approval. */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const wanted = opts.positionals[0] as string;
  // --purge of a name no longer installed purges what it left (state folder, user config, approval).
  if (opts.flag('purge') && /^[a-z][a-z0-9-]{0,38}$/.test(wanted) && !(await ctx.host().findExtension(wanted))) {
    const left = await purgeExtensionLeftovers(ctx.host(), wanted);
    const what = [left.purged && `its state folder ${left.purged}`, left.configRemoved && `its config (extensions.${wanted})`, left.approvalDeleted && 'its approval'].filter(Boolean);
    if (what.length) {
      ctx.print(t`${wanted} is not installed; deleted what it left: ${what.join(', ')}.`);
      return 0;
    }
  }
  const ext = await requireExtension(ctx, wanted);
  let result;
  try {
    result = await removeExtension(ctx.host(), ext, { purge: opts.flag('purge'), output: ctx.printer.passthrough() });
  } catch (error) {
    if (error instanceof NotRemovableError || error instanceof NpmError) throw cliError('CLI_FAILED', error.message, `Run \`${ctx.cmd} extensions info ${ext.key}\` to see where it comes from.`);
    throw error;
  }
  ctx.print(t`Removed ${ext.key} (${ext.packageName}@${ext.version})${result.approvalDeleted ? ' and its approval' : ''}.`);
  if (result.purged) ctx.print(t`Deleted its state folder ${result.purged}.`);
  if (result.configRemoved) ctx.print(t`Deleted its config (extensions.${ext.name}) from the user config.`);
  if (result.keptState) ctx.print(t`Kept its state folder: ${result.keptState}.`);
  return 0;
}
