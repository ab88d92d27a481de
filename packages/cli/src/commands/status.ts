import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { formatTable } from '../terminal/table.js';
import { t } from '../terminal/text.js';
import { HubClient } from '../hub-client/hub-client.js';
import { HubUnreachableError } from '../hub-client/hub-endpoint.js';
import { findTrustedHub } from '../hub-client/hub-trust.js';
import { warnUntrusted } from './rpc-route.js';
import type { Text } from '../terminal/text.js';
import { projectStore, requireProject } from './projects-lookup.js';

/** One status item as `/api/rpc` `status.list` and the peers' registry give it. */
interface StatusItem {
  extension: string;
  id: string;
  title: string;
  values: Record<string, { text: string; severity: string; tooltip?: string; actionId?: string; updatedAt: string }>;
}

/**
 * `<id> status [--project ID] [--json]`: the status items peers contribute — the hub's peers when a hub
 * runs, else this run's own (the `onStartup` ones started, then stopped again).
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const projectId = opts.string('project');
  if (projectId !== undefined) requireProject(ctx, await projectStore(ctx), projectId);
  const trust = await findTrustedHub(ctx.host());
  if (trust.kind === 'untrusted') warnUntrusted(ctx, trust.url, trust.why);
  let hub = trust.kind === 'trusted' ? trust.hub : undefined;
  let items: StatusItem[] | undefined;
  if (hub) {
    try {
      const client = await HubClient.connect(hub);
      try {
        items = (await client.call('status.list', projectId ? { projectId } : {})) as StatusItem[];
      } finally {
        client.close();
      }
    } catch (error) {
      // The hub in hub.json just died: ask this run's own peers, as without a hub.
      if (!(error instanceof HubUnreachableError)) throw error;
      hub = undefined;
    }
  }
  if (!items) {
    const peers = await ctx.host().peers();
    try {
      await peers.startOnStartup();
      await peers.activationSettled();
      items = peers.contributions.statusItems().map((item) => ({ ...item, values: Object.fromEntries(Object.entries(item.values).filter(([scope]) => projectId === undefined || scope === '' || scope === projectId)) }));
    } finally {
      await peers.dispose();
    }
  }
  if (opts.flag('json')) {
    ctx.printJson(items);
    return 0;
  }
  // The tooltip's first line follows the text; the action an item runs has its own column.
  const rows = items.flatMap((item) => Object.entries(item.values).map(([scope, v]): Text[] => [v.severity, item.title, scope || '-', v.tooltip ? t`${v.text} ${ctx.out.dim(t`(${v.tooltip.split('\n')[0] ?? ''})`)}` : v.text, v.actionId ?? '-', item.extension]));
  if (rows.length === 0) ctx.print(hub ? t`No status items: no running peer has set one.` : t`No status items (no hub runs, so only peers that start on their own were asked; \`${ctx.cmd} hub start\` keeps peers running).`);
  else ctx.print(...formatTable([['SEVERITY', 'ITEM', 'PROJECT', 'TEXT', 'ACTION', 'EXTENSION'].map((h) => ctx.out.bold(h)), ...rows]));
  return 0;
}
