import { NotRemovableError, NpmError, removeExtension } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { parseOptions } from './parse-options.js';
import { requireExtension } from './require-extension.js';

/** `<id> extensions remove <name> [--purge]`: uninstall a user-source extension and delete its approval. */
export async function run(ctx: CliContext, args: string[]): Promise<number> {
  const opts = parseOptions(`${ctx.cmd} extensions remove`, args, { purge: { type: 'boolean' } }, 1);
  const ext = await requireExtension(ctx, opts.positionals[0], `${ctx.cmd} extensions remove <name> [--purge]`);
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
  if (result.keptState) ctx.print(`Kept its state folder: ${result.keptState}.`);
  return 0;
}
