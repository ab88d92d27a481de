import { CODE_NOT_PINNED, linkRefusal, normaliseDevPath } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';

/** `<id> extensions link <path>`: adds a folder to the dev source (`extensions.paths` of the user config). */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const host = ctx.host();
  const folder = normaliseDevPath(opts.positionals[0] as string, ctx.io.cwd);
  const refused = linkRefusal(await host.policy());
  if (refused) throw refused;
  const change = await host.config.addDevPath(folder);
  if (change.quarantined) ctx.printError(ctx.err.yellow(t`warning: ${change.quarantined.message}`));
  ctx.print(change.changed ? t`Linked ${folder} (dev source).` : t`${folder} was already linked.`);
  // DESIGN §6: the approval of a linked folder binds its manifest, not its code.
  ctx.print(t`${CODE_NOT_PINNED}: edits of its bin and peer files run at once, without approving again; a change to its manifest, engines range or version still asks.`);
  host.refresh();
  const ext = (await host.extensions()).extensions.find((e) => e.source === 'dev' && e.dir === folder);
  if (!ext) {
    ctx.printError(ctx.err.yellow(t`warning: no extension was found in ${folder}; \`${ctx.cmd} extensions doctor\` says why.`));
    return 0;
  }
  ctx.print(t`Extension "${ext.key}" is ${ext.state}${ext.reason ? t` (${ext.reason})` : ''}${ext.fix ? t`; next: ${ext.fix}` : ''}.`);
  return 0;
}
