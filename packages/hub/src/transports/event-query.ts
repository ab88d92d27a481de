import { eventFilterProblem, type EventFilter } from '@outboard/host';

/** What `GET /api/events` was asked for. */
export interface EventStreamRequest {
  filter: EventFilter;
  /** Resume after this seq (from `Last-Event-ID` or `since`); undefined: live events only. */
  since: number | undefined;
  format: 'sse' | 'ndjson';
  heartbeatMs: number;
}

const DEFAULT_HEARTBEAT_MS = 15_000;

/**
 * Reads the query of `/api/events`: `type` (a type glob, repeatable), `project` (a project id, repeatable:
 * only that project's events, plus host-wide ones with `unscoped=1`), `since` (a seq), `format` (`sse`, the
 * default, or `ndjson`), `heartbeat` (ms, 100..60000). `Last-Event-ID` wins over `since`. Returns the refusal
 * text for a bad parameter.
 */
export function parseEventStreamRequest(query: string, lastEventId: string | undefined): EventStreamRequest | { refused: string } {
  const params = new URLSearchParams(query);
  const types = params.getAll('type');
  const projects = params.getAll('project');
  const filter: EventFilter = {
    ...(types.length > 0 ? { types } : {}),
    ...(projects.length > 0 ? { projectIds: projects, includeUnscoped: params.get('unscoped') === '1' } : {}),
  };
  const problem = eventFilterProblem(filter);
  if (problem !== undefined) return { refused: problem };
  const format = params.get('format') ?? 'sse';
  if (format !== 'sse' && format !== 'ndjson') return { refused: `format must be sse or ndjson, got ${JSON.stringify(format)}` };
  const sinceText = lastEventId ?? params.get('since') ?? undefined;
  let since: number | undefined;
  if (sinceText !== undefined && sinceText !== '') {
    if (!/^\d{1,15}$/.test(sinceText)) return { refused: `${lastEventId !== undefined ? 'Last-Event-ID' : 'since'} must be an event seq (a non-negative integer), got ${JSON.stringify(sinceText)}` };
    since = Number(sinceText);
  }
  const heartbeatText = params.get('heartbeat');
  let heartbeatMs = DEFAULT_HEARTBEAT_MS;
  if (heartbeatText !== null) {
    heartbeatMs = Number(heartbeatText);
    if (!Number.isSafeInteger(heartbeatMs) || heartbeatMs < 100 || heartbeatMs > 60_000) return { refused: 'heartbeat must be a number of milliseconds from 100 to 60000' };
  }
  return { filter, since, format, heartbeatMs };
}
