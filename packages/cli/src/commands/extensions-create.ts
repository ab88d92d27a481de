import { resolve } from 'node:path';
import { createExtension } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import type { Text } from '../terminal/text.js';

/**
 * `<id> extensions create <name> [--peer] [--python] [--sidecar] [--dir <path>]`: writes a new extension
 * package (a command unless a peer or a sidecar is asked for) and says how to link, approve and run it.
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const name = opts.positionals[0] as string;
  const host = ctx.host();
  const dir = resolve(ctx.io.cwd, opts.string('dir') ?? name);
  const python = opts.flag('python');
  const peer = opts.flag('peer') || python;
  const sidecar = opts.flag('sidecar');
  const result = await createExtension({ identity: host.identity, name, dir, peer, python, sidecar });
  ctx.print(t`Created extension "${name}" in ${result.dir}:`);
  for (const file of result.files) ctx.print(t`  ${file}`);
  const cmd = ctx.cmd;
  const steps: Text[] = [];
  // Until the platform packages are on a registry they come from a checkout's `npm run pack` (docs/sdk.md).
  if (result.dependencies.length > 0) steps.push(t`cd ${result.dir} && npm install <the tarballs \`npm run pack\` prints in a checkout of Outboard>   (${result.dependencies.join(', ')}: see README.md)`);
  steps.push(t`${cmd} extensions link ${result.dir}`, t`${cmd} extensions enable ${name} --yes`);
  if (!peer && !sidecar) steps.push(t`${cmd} ${name} Ada`);
  if (peer) steps.push(t`${cmd} actions run ${name}.hello --args '{"name":"Ada"}'`);
  if (sidecar) steps.push(t`${cmd} hub start   (then open /x/${name}/ on the hub)`);
  steps.push(t`cd ${result.dir} && npm test`);
  ctx.print('', 'Next:', ...steps.map((s) => t`  ${s}`));
  return 0;
}
