import { SeverityNumber, type LogRecord } from '@opentelemetry/api-logs';
import type { OutboundEvent } from '@outboard/host';

/**
 * One bus event as an OpenTelemetry log record (DESIGN §9: the bus event is shaped after it). `eventName` and
 * the `event.name` attribute are the type; `event.seq`, `event.source` and `event.project_id` say where it
 * sits; the event's own attributes follow unchanged. The body is the event's body as JSON when the user opted
 * in to payloads (it is in `event` only then, see `outboundEvent`), else absent. Failures (`ok: false`) are WARN.
 */
export function eventLogRecord(event: OutboundEvent): LogRecord {
  const failed = event.attributes['ok'] === false;
  return {
    timestamp: Date.parse(event.time),
    eventName: event.type,
    severityNumber: failed ? SeverityNumber.WARN : SeverityNumber.INFO,
    severityText: failed ? 'WARN' : 'INFO',
    ...(event.body !== undefined ? { body: JSON.stringify(event.body) } : {}),
    attributes: {
      ...event.attributes,
      'event.name': event.type,
      'event.seq': event.seq,
      'event.source': event.source,
      ...(event.projectId !== undefined ? { 'event.project_id': event.projectId } : {}),
    },
  };
}
