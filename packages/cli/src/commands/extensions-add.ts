import { addExtension, NpmError } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { UsageError } from '../cli-context.js';
import { parseOptions } from './parse-options.js';

/** `<id> extensions add <spec>`: npm install into `<home>/extensions`, then check what arrived. */
export async function run(ctx: CliContext, args: string[]): Promise<number> {
  const { positionals } = parseOptions(`${ctx.cmd} extensions add`, args, {}, 1);
  const spec = positionals[0];
  if (!spec) throw new UsageError('missing what to install', `Usage: ${ctx.cmd} extensions add <package | tarball | folder>`);
  const host = ctx.host();
  ctx.printError(ctx.err.dim(`Installing ${spec} into ${host.home}/extensions (npm, lifecycle scripts off)…`));
  let result;
  try {
    result = await addExtension({ identity: host.identity, home: host.home, spec, cwd: ctx.io.cwd, env: ctx.io.env, output: ctx.io.stderr });
  } catch (error) {
    if (error instanceof NpmError) {
      ctx.printError(`${ctx.err.red('error:')} ${error.message}. Nothing was changed.`);
      return 1;
    }
    throw error;
  }
  if (result.kind === 'rejected') {
    ctx.printError(`${ctx.err.red('error:')} ${result.packageName} was not kept: ${result.reason}.`);
    for (const p of result.problems) ctx.printError(`  ${p.path}: ${p.message} — fix: ${p.fix}`);
    ctx.printError('It has been uninstalled again; nothing is left behind.');
    return 1;
  }
  const ext = result.extension;
  const name = ext.name ?? ext.packageName;
  if (ext.status === 'incompatible') {
    ctx.print(`Installed ${ext.packageName}@${ext.version} as extension "${name}", but it is incompatible: ${ext.reason}.`);
    return 0;
  }
  ctx.print(`Installed ${ext.packageName}@${ext.version} as extension "${name}".`);
  ctx.print(`It runs nothing until you approve it: \`${ctx.cmd} extensions enable ${name}\`.`);
  return 0;
}
