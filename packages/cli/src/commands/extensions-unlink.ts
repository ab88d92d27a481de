import type { CliContext } from '../cli-context.js';
import { UsageError } from '../cli-context.js';
import { parseOptions } from './parse-options.js';

/** `<id> extensions unlink <path>`: removes a folder from the dev source. */
export async function run(ctx: CliContext, args: string[]): Promise<number> {
  const { positionals } = parseOptions(`${ctx.cmd} extensions unlink`, args, {}, 1);
  const path = positionals[0];
  if (!path) throw new UsageError('missing the folder to unlink', `Usage: ${ctx.cmd} extensions unlink <path>`);
  const change = await ctx.host().config.removeDevPath(path);
  if (change.quarantined) ctx.printError(ctx.err.yellow(`warning: ${change.quarantined.message}`));
  if (!change.changed) {
    ctx.printError(`${ctx.err.red('error:')} ${path} is not linked. Linked folders: ${change.paths.length ? change.paths.join(', ') : 'none'}.`);
    return 1;
  }
  ctx.print(`Unlinked ${path}; its extension is no longer found through the dev source.`);
  return 0;
}
