import { connect, isClientError, type EventItem, type EventsOptions } from '@outboard/client';
import type { CliContext } from '../cli-context.js';
import { HubUnreachableError } from '../hub-client/hub-endpoint.js';
import { CliError } from '../errors/cli-errors.js';

/**
 * Follows the events of this home's hub through @outboard/client's `events()` (its own `/api/ws`
 * connection, resumed across a hub restart, a reset said when events were lost) and hands each item to
 * `onItem` until `signal` aborts (resolves). Rejects with {@link HubUnreachableError} when no hub can be
 * reached (at the start, or after reconnection gave up), an OutboardError `HUB_REQUEST_FAILED` when it refuses.
 */
export async function followEvents(ctx: CliContext, options: Omit<EventsOptions, 'signal'>, onItem: (item: EventItem) => void, signal: AbortSignal): Promise<void> {
  const host = ctx.host();
  try {
    const client = await connect({ home: host.home, hostId: host.identity.id, env: {} });
    try {
      for await (const item of client.events({ ...options, signal })) onItem(item);
    } finally {
      client.close();
    }
  } catch (error) {
    if (isClientError(error, 'CLIENT_UNREACHABLE') || isClientError(error, 'CLIENT_HUB_NOT_RUNNING')) throw new HubUnreachableError(error.message);
    if (isClientError(error)) throw new CliError('HUB_REQUEST_FAILED', error.message, { cause: error });
    throw error;
  }
}

/** An item as the NDJSON line the CLI prints: the event itself, or `{ reset: true, reason, lastSeq }`. */
export function itemRecord(item: EventItem): unknown {
  return item.kind === 'event' ? item.event : { reset: true, reason: item.reason, lastSeq: item.lastSeq };
}
