import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { createHostCore } from '@outboard/host/core';
import { formatTable } from '../terminal/table.js';
import { t } from '../terminal/text.js';

/**
 * `<id> extensions sidecar <name> [--json]`: the launch plan the hub runs for this extension's sidecar,
 * from the hub's own code (the same discovery, approval and config checks; the user config section alone),
 * planned as the hub plans it: from the home, serving no project. The port and secret are per launch and
 * not shown.
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const { planSidecarLaunch, describeSidecarLaunch } = await import('@outboard/hub');
  const home = ctx.host().home;
  const host = createHostCore({ identity: ctx.identity, cwd: home, home, env: ctx.io.env });
  const launch = await planSidecarLaunch(host, opts.positionals[0] as string, { port: 0, secret: '' });
  const view = describeSidecarLaunch(launch, ctx.io.env, host.identity.envPrefix);
  if (opts.flag('json')) {
    ctx.printJson(view);
    return 0;
  }
  const { bold } = ctx.out;
  const rows: string[][] = [
    ['Extension', `${view.name} (${view.packageName}@${view.version}, ${view.source})`],
    ['Runs', [view.command, ...view.args].join(' ')],
    ['In', view.cwd],
    ['Health', view.health],
    ['Idle stop', `${view.idleStopMinutes} minutes`],
    ['Config', view.configFile],
    ['Log', view.logFile],
    ['Per launch', view.perLaunch.join(', ')],
    ...Object.entries(view.env).map(([k, v]) => [k, v]),
  ];
  ctx.print(...formatTable(rows.map(([k, v]) => [bold(t`${k ?? ''}:`), v ?? ''])));
  return 0;
}
