import type { EventAttributeValue } from '../bus/bus-event.js';
import type { PeerActionError } from './peer-actions.js';

/** How an action invocation ended, as `action.finished` says it: `ok`, `cancelled` by its caller, or `error`. */
export type ActionOutcome = 'ok' | 'error' | 'cancelled';

/** What {@link actionFinishedAttributes} is told about one finished invocation. */
export interface FinishedAction {
  action: string;
  extension: string;
  /** The id `action.invoked` carried for the same invocation. */
  invocation: string;
  ok: boolean;
  /** From the start of the peer request to its end, in ms. */
  durationMs: number;
  /** The failure, when it failed. */
  failure: PeerActionError | undefined;
}

/**
 * The attributes of `action.finished`: ids, outcome, error code and timing, never arguments or results (what
 * the bus carries may leave the process in telemetry, DESIGN §9). `code` is the failure's reason (`timeout`,
 * `unavailable`, `invalid_params`...), present only on failure.
 */
export function actionFinishedAttributes(finished: FinishedAction): Record<string, EventAttributeValue> {
  const outcome: ActionOutcome = finished.ok ? 'ok' : finished.failure?.reason === 'cancelled' ? 'cancelled' : 'error';
  return {
    action: finished.action,
    extension: finished.extension,
    invocation: finished.invocation,
    ok: finished.ok,
    outcome,
    durationMs: Math.round(finished.durationMs * 1000) / 1000,
    ...(finished.ok ? {} : { code: finished.failure?.reason ?? 'internal' }),
  };
}
