import type { ExtensionRecord } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { cliError } from '../errors/cli-errors.js';
import { suggestNames } from '@outboard/manifest';

/** The installed extension named on the command line, or an error naming what is installed (exit 1). */
export async function requireExtension(ctx: CliContext, name: string): Promise<ExtensionRecord> {
  const ext = await ctx.host().findExtension(name);
  if (ext) return ext;
  const { extensions } = await ctx.host().extensions();
  const near = suggestNames(name, extensions.map((e) => e.key));
  throw cliError(
    'CLI_NOT_FOUND',
    `no installed extension is called "${name}"`,
    near.length ? `Did you mean ${near.join(', ')}?` : `Run \`${ctx.cmd} extensions list\` to see what is installed.`,
  );
}
