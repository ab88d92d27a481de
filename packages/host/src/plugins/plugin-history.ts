import type { BusEvent } from '../bus/bus-event.js';
import type { EventBus } from '../bus/event-bus.js';
import type { HistoryQuery } from './host-plugin.js';

/** The events of the bus's ring buffer that `query` asks for (see {@link HistoryQuery}), oldest first. */
export function historyEvents(bus: EventBus, query: HistoryQuery = {}): BusEvent[] {
  if (typeof query !== 'object' || query === null) throw new TypeError('history.events takes { since?, until?, type? }');
  const since = timeBound('since', query.since);
  const until = timeBound('until', query.until);
  const types = query.type === undefined ? undefined : typeof query.type === 'string' ? [query.type] : query.type;
  if (types !== undefined && !Array.isArray(types)) throw new TypeError(`type must be a type glob such as "action.*" or a list of them, got ${JSON.stringify(query.type)}`);
  const { events } = bus.since(0, types === undefined ? undefined : { types });
  if (since === undefined && until === undefined) return events;
  // `time` is ISO 8601 UTC with milliseconds: its order is the order of the strings.
  return events.filter((event) => (since === undefined || event.time >= since) && (until === undefined || event.time < until));
}

/** A bound as the ISO string events carry, or undefined; a TypeError naming the field when it is no time. */
function timeBound(name: string, value: Date | number | string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms)) throw new TypeError(`${name} must be a Date, ms since the epoch or an ISO 8601 time such as "2026-06-01", got ${JSON.stringify(value)}`);
  return new Date(ms).toISOString();
}
