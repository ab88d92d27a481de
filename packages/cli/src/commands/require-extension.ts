import type { ExtensionRecord } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { UsageError } from '../cli-context.js';
import { suggestNames } from '../did-you-mean.js';

/** The installed extension named on the command line, or a usage error naming what is installed. */
export async function requireExtension(ctx: CliContext, name: string | undefined, usage: string): Promise<ExtensionRecord> {
  if (!name) throw new UsageError('missing the extension name', `Usage: ${usage}`);
  const ext = await ctx.host().findExtension(name);
  if (ext) return ext;
  const { extensions } = await ctx.host().extensions();
  const near = suggestNames(name, extensions.map((e) => e.key));
  throw new UsageError(
    `no installed extension is called "${name}"`,
    near.length ? `Did you mean ${near.join(', ')}?` : `Run \`${ctx.cmd} extensions list\` to see what is installed.`,
    1,
  );
}
