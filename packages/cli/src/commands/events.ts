import { constants } from 'node:os';
import type { CliContext } from '../cli-context.js';
import { cliError, UsageError } from '../errors/cli-errors.js';
import type { ParsedOptions } from './command-spec.js';
import { HubClient } from '../hub-client/hub-client.js';
import { HubUnreachableError } from '../hub-client/hub-endpoint.js';
import { findTrustedHub } from '../hub-client/hub-trust.js';
import { followEvents, itemRecord } from './events-follow.js';
import { warnUntrusted } from './rpc-route.js';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** Most events printed without --follow. */
const RECENT_LIMIT = 1000;

/**
 * `<id> events [--follow] [--type GLOB]... [--project ID] [--since SEQ]`: the hub's events as NDJSON (pretty
 * on a terminal; the printer escapes what extensions wrote). Without --follow, the recent ones the hub keeps;
 * with it, they then keep coming until Ctrl+C. Events live in the running hub: without one, it says so.
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const types = opts.list('type');
  const project = opts.string('project');
  const sinceText = opts.string('since');
  if (sinceText !== undefined && !/^\d{1,15}$/.test(sinceText)) throw new UsageError(`--since must be an event seq (a non-negative integer), got ${JSON.stringify(sinceText)}`);
  const since = sinceText === undefined ? undefined : Number(sinceText);
  const trust = await findTrustedHub(ctx.host());
  if (trust.kind === 'untrusted') warnUntrusted(ctx, trust.url, trust.why);
  const needHub = (): Error => cliError('EVENTS_NEED_HUB', 'no hub runs for this home, and events are published inside the hub', `start one with \`${ctx.cmd} hub start\`, then run \`${ctx.cmd} events${opts.flag('follow') ? ' --follow' : ''}\` again`);
  if (trust.kind !== 'trusted') throw needHub();
  const hub = trust.hub;
  try {
    if (!opts.flag('follow')) {
      const client = await HubClient.connect(hub);
      let answer: { events: unknown[] };
      try {
        answer = (await client.call('events.recent', { ...(types.length ? { types } : {}), ...(project ? { projectIds: [project] } : {}), sinceSeq: since ?? 0, limit: RECENT_LIMIT })) as { events: unknown[] };
      } finally {
        client.close();
      }
      for (const event of answer.events) ctx.printJsonRecord(event);
      return 0;
    }
    const controller = new AbortController();
    let stoppedBy: (typeof STOP_SIGNALS)[number] | undefined;
    const handlers = STOP_SIGNALS.map((signal) => {
      const handler = (): void => {
        stoppedBy ??= signal;
        controller.abort();
      };
      process.on(signal, handler);
      return () => process.off(signal, handler);
    });
    try {
      await followEvents(ctx, { ...(types.length ? { types } : {}), ...(project ? { project } : {}), ...(since !== undefined ? { since } : {}) }, (item) => ctx.printJsonRecord(itemRecord(item)), controller.signal);
    } finally {
      for (const off of handlers) off();
    }
    return stoppedBy ? 128 + constants.signals[stoppedBy] : 0;
  } catch (error) {
    if (error instanceof HubUnreachableError) throw needHub();
    throw error;
  }
}
