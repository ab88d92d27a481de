import type { CliContext } from '../cli-context.js';
import { UsageError } from '../cli-context.js';
import { obtainApproval } from '../consent/consent-flow.js';
import { parseOptions } from './parse-options.js';
import { requireExtension } from './require-extension.js';

/** `<id> extensions enable <name> [--yes] [--grant CAP]... [--grant-all]`: approve (asking in a terminal) and enable. */
export async function run(ctx: CliContext, args: string[]): Promise<number> {
  const usage = `${ctx.cmd} extensions enable <name> [--yes] [--grant <capability>]... [--grant-all]`;
  const opts = parseOptions(`${ctx.cmd} extensions enable`, args, {
    yes: { type: 'boolean', short: 'y' },
    grant: { type: 'string', multiple: true },
    'grant-all': { type: 'boolean' },
  }, 1);
  const ext = await requireExtension(ctx, opts.positionals[0], usage);
  if (ext.state === 'invalid' || ext.state === 'incompatible' || ext.state === 'conflict') {
    ctx.printError(`${ctx.err.red('error:')} ${ext.key} cannot be enabled: it is ${ext.state} (${ext.reason}).`);
    if (ext.fix) ctx.printError(`Fix: ${ext.fix}`);
    return 1;
  }
  const name = ext.name as string;
  const wantsNewGrants = opts.list('grant').length > 0 || opts.flag('grant-all');
  if (ext.state === 'disabled' && !wantsNewGrants) {
    await ctx.host().approvals.setEnabled({ ...ext, name }, true);
    ctx.print(`Enabled ${ext.key} (its approval and grants were kept while it was disabled).`);
    return 0;
  }
  if (ext.state === 'enabled' && !wantsNewGrants) {
    ctx.print(`${ext.key} is already enabled.`);
    return 0;
  }
  const outcome = await obtainApproval(ctx, { ...ext, name }, { yes: opts.flag('yes'), grant: opts.list('grant'), grantAll: opts.flag('grant-all') });
  switch (outcome) {
    case 'needs-terminal':
      throw new UsageError(
        `${ext.key} needs approval and this shell cannot ask (no terminal).`,
        `Run \`${ctx.cmd} extensions enable ${ext.key} --yes\` to approve it without a prompt.`,
      );
    case 'declined':
      ctx.printError(`Not approved; ${ext.key} stays ${ext.state}.`);
      return 1;
    case 'approved':
      ctx.print(`Approved and enabled ${ext.key} ${ext.version} (${ext.source}).`);
      return 0;
  }
}
