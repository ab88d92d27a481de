import type { CliContext } from '../cli-context.js';
import { cliError } from '../errors/cli-errors.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';

/** `<id> extensions unlink <path>`: removes a folder from the dev source. */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const path = opts.positionals[0] as string;
  const change = await ctx.host().config.removeDevPath(path);
  if (change.quarantined) ctx.printError(ctx.err.yellow(t`warning: ${change.quarantined.message}`));
  if (!change.changed) throw cliError('CLI_NOT_FOUND', `${path} is not linked. Linked folders: ${change.paths.length ? change.paths.join(', ') : 'none'}`, `Run \`${ctx.cmd} extensions unlink <path>\` with one of them.`);
  ctx.print(t`Unlinked ${path}; its extension is no longer found through the dev source.`);
  return 0;
}
