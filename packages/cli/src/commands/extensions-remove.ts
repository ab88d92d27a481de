import { NotRemovableError, NpmError, removeExtension } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { cliError } from '../errors/cli-errors.js';
import type { ParsedOptions } from '../router/command-spec.js';
import { t } from '../terminal/text.js';
import { requireExtension } from './require-extension.js';

/** `<id> extensions remove <name> [--purge]`: uninstall a user-source extension and delete its approval. */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const ext = await requireExtension(ctx, opts.positionals[0] as string);
  let result;
  try {
    result = await removeExtension(ctx.host(), ext, { purge: opts.flag('purge'), output: ctx.printer.passthrough() });
  } catch (error) {
    if (error instanceof NotRemovableError || error instanceof NpmError) throw cliError('CLI_FAILED', error.message, `Run \`${ctx.cmd} extensions info ${ext.key}\` to see where it comes from.`);
    throw error;
  }
  ctx.print(t`Removed ${ext.key} (${ext.packageName}@${ext.version})${result.approvalDeleted ? ' and its approval' : ''}.`);
  if (result.purged) ctx.print(t`Deleted its state folder ${result.purged}.`);
  if (result.keptState) ctx.print(t`Kept its state folder: ${result.keptState}.`);
  return 0;
}
