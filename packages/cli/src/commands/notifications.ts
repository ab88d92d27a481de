import type { CliContext } from '../cli-context.js';
import { cliError } from '../errors/cli-errors.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import { HubClient } from '../hub-client/hub-client.js';
import { HubUnreachableError, type HubEndpoint } from '../hub-client/hub-endpoint.js';
import { findTrustedHub } from '../hub-client/hub-trust.js';
import { warnUntrusted } from './rpc-route.js';
import { followEvents } from './events-follow.js';
import { notificationLines, type KeptNotification } from './notification-lines.js';
import { StopSignals } from './stop-signals.js';

/**
 * `<id> notifications [--follow] [--json]`: the notifications peers raised and that have not expired — the
 * hub's when a hub runs (they outlive the peers that sent them), else this run's own (the `onStartup` peers
 * started, then stopped again). `--follow` keeps printing new ones from the hub until Ctrl+C.
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const trust = await findTrustedHub(ctx.host());
  if (trust.kind === 'untrusted') warnUntrusted(ctx, trust.url, trust.why);
  let hub: HubEndpoint | undefined = trust.kind === 'trusted' ? trust.hub : undefined;
  const needHub = () => cliError('EVENTS_NEED_HUB', 'no hub runs for this home, and new notifications reach a terminal through the hub', `start one with \`${ctx.cmd} hub start\`, then run \`${ctx.cmd} notifications --follow\` again`);
  let shown: KeptNotification[] | undefined;
  if (hub) {
    try {
      const client = await HubClient.connect(hub);
      try {
        shown = ((await client.call('notifications.list', {})) as { notifications: KeptNotification[] }).notifications;
      } finally {
        client.close();
      }
    } catch (error) {
      // The hub in hub.json just died: ask this run's own peers, as without a hub.
      if (!(error instanceof HubUnreachableError)) throw error;
      if (opts.flag('follow')) throw needHub();
      hub = undefined;
    }
  } else if (opts.flag('follow')) {
    throw needHub();
  }
  if (!shown) {
    const peers = await ctx.host().peers();
    try {
      await peers.startOnStartup();
      await peers.activationSettled();
      shown = peers.notifications.current();
    } finally {
      await peers.dispose();
    }
  }
  const print = (n: KeptNotification) => (opts.flag('json') ? ctx.printJsonRecord(n) : ctx.print(...notificationLines(ctx.out, n, true)));
  if (opts.flag('json') && !opts.flag('follow')) ctx.printJson(shown);
  else shown.forEach(print);
  if (!opts.flag('follow') || !hub) {
    if (shown.length === 0 && !opts.flag('json')) ctx.print(t`No notifications${hub ? '' : ` (no hub runs, so only peers that start on their own were asked; \`${ctx.cmd} hub start\` keeps peers and their notifications)`}.`);
    return 0;
  }
  const stop = new StopSignals();
  try {
    await followEvents(ctx, { types: ['host.notification.shown'] }, (item) => {
      const body = item.kind === 'event' ? item.event.body : undefined;
      if (typeof body === 'object' && body !== null) print(body as KeptNotification);
    }, stop.signal);
  } catch (error) {
    if (error instanceof HubUnreachableError) throw needHub();
    throw error;
  } finally {
    stop.dispose();
  }
  return stop.received ? stop.exitCode : 0;
}
