import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';

/** `<id> hub stop`: stops the hub of this home (its sidecars and peers with it); nothing to do is not an error. */
export async function run(ctx: CliContext, _opts: ParsedOptions): Promise<number> {
  const hub = await import('@outboard/hub');
  const { outcome, pid } = await hub.stopHubDaemon(ctx.host().home);
  if (outcome === 'none') ctx.print(t`No hub runs for this home.`);
  else if (outcome === 'stale') ctx.print(t`No hub runs for this home; removed a stale hub.json (pid ${String(pid)} is gone).`);
  else if (outcome === 'stopped') ctx.print(t`Stopped the hub (pid ${String(pid)}), its sidecars and its peers.`);
  else ctx.print(t`The hub (pid ${String(pid)}) did not stop within 10 s and was killed; its watchdog ends its sidecars and peers.`);
  return 0;
}
