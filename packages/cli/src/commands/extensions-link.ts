import { normaliseDevPath } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { UsageError } from '../cli-context.js';
import { parseOptions } from './parse-options.js';

/** `<id> extensions link <path>`: adds a folder to the dev source (`extensions.paths` of the user config). */
export async function run(ctx: CliContext, args: string[]): Promise<number> {
  const { positionals } = parseOptions(`${ctx.cmd} extensions link`, args, {}, 1);
  const path = positionals[0];
  if (!path) throw new UsageError('missing the folder to link', `Usage: ${ctx.cmd} extensions link <path>`);
  const host = ctx.host();
  const folder = normaliseDevPath(path, ctx.io.cwd);
  const change = await host.config.addDevPath(folder);
  if (change.quarantined) ctx.printError(ctx.err.yellow(`warning: ${change.quarantined.message}`));
  ctx.print(change.changed ? `Linked ${folder} (dev source).` : `${folder} was already linked.`);
  host.refresh();
  const ext = (await host.extensions()).extensions.find((e) => e.source === 'dev' && e.dir === folder);
  if (!ext) {
    ctx.printError(ctx.err.yellow(`warning: no extension was found in ${folder}; \`${ctx.cmd} extensions doctor\` says why.`));
    return 0;
  }
  ctx.print(`Extension "${ext.key}" is ${ext.state}${ext.reason ? ` (${ext.reason})` : ''}${ext.fix ? `; next: ${ext.fix}` : ''}.`);
  return 0;
}
