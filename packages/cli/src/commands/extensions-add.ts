import { addExtension, localAddRefusal, NpmError } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { cliError } from '../errors/cli-errors.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';

/** `<id> extensions add <spec>`: npm install into `<home>/extensions`, then check what arrived. */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const spec = opts.positionals[0] as string;
  const host = ctx.host();
  const refused = localAddRefusal(await host.policy(), spec, ctx.io.cwd);
  if (refused) throw refused;
  ctx.printError(ctx.err.dim(t`Installing ${spec} into ${host.home}/extensions (npm, lifecycle scripts off)…`));
  let result;
  try {
    result = await addExtension({ identity: host.identity, home: host.home, spec, cwd: ctx.io.cwd, env: ctx.io.env, output: ctx.printer.passthrough() });
  } catch (error) {
    if (error instanceof NpmError) throw cliError('CLI_FAILED', `${error.message}. Nothing was changed.`, '');
    throw error;
  }
  if (result.kind === 'rejected') {
    ctx.printError(t`${ctx.err.red('error:')} ${result.packageName} was not kept: ${result.reason}.`);
    for (const p of result.problems) ctx.printError(t`  ${p.path}: ${p.message} — fix: ${p.fix}`);
    ctx.printError('It has been uninstalled again; nothing is left behind.');
    return 1;
  }
  const ext = result.extension;
  const name = ext.name ?? ext.packageName;
  if (ext.status === 'incompatible') {
    ctx.print(t`Installed ${ext.packageName}@${ext.version} as extension "${name}", but it is incompatible: ${ext.reason}.`);
    return 0;
  }
  ctx.print(t`Installed ${ext.packageName}@${ext.version} as extension "${name}".`);
  ctx.print(t`It runs nothing until you approve it: \`${ctx.cmd} extensions enable ${name}\`.`);
  return 0;
}
