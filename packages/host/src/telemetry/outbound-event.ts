import type { BusEvent, EventAttributeValue } from '../bus/bus-event.js';

/** An event as it may leave the process (DESIGN §9): see {@link outboundEvent}. */
export interface OutboundEvent {
  readonly seq: number;
  readonly time: string;
  readonly type: string;
  readonly source: string;
  readonly projectId?: string;
  readonly attributes: Readonly<Record<string, EventAttributeValue>>;
  /** Present only when the user opted in to payloads, and the event has one. */
  readonly body?: unknown;
}

/**
 * What of `event` may leave the process for logs, metrics and telemetry: its type, seq, time, source, project
 * and attributes (the flat ids, names, outcomes, codes and timings publishers put there), and its body only
 * when `payloads` (`telemetry.payloads: true`) says the user opted in. The one place this rule lives.
 */
export function outboundEvent(event: BusEvent, payloads: boolean): OutboundEvent {
  return {
    seq: event.seq,
    time: event.time,
    type: event.type,
    source: event.source,
    ...(event.scope ? { projectId: event.scope.projectId } : {}),
    attributes: event.attributes,
    ...(payloads && event.body !== undefined ? { body: event.body } : {}),
  };
}
