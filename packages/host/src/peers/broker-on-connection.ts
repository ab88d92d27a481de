import type { Connection, Disposable } from '@outboard/protocol';
import { ResponseError } from '@outboard/protocol';
import type { CapabilityBroker } from '../broker/capability-broker.js';
import { isServiceError, withoutStack } from '../errors/service-error.js';
import type { CapabilityGrants } from '../approvals/approval-record.js';
import type { TurnBudget } from './turn-budget.js';

/**
 * Answers every broker service on a peer's connection, gated on every call with the grants of that moment.
 * Each call takes from the peer's `budget` first (calls beyond it wait for a later turn) and is charged to
 * it (the host time its synchronous part took); the budget counts the calls in progress. Host-side errors
 * become wire errors with their `data.code`.
 */
export function serveBrokerOnConnection(broker: CapabilityBroker, connection: Connection, extension: string, grants: () => CapabilityGrants, budget: TurnBudget): Disposable {
  const handlers = broker.services().map(({ method }) =>
    connection.onRequest(method, async (params, ctx) => {
      budget.callStarted();
      try {
        const wait = budget.take();
        if (wait) await wait;
        // The synchronous part of serving is host time this peer used (what is awaited may be I/O).
        return await budget.measure(() => broker.invoke({ extension, grants: grants(), method, params: params ?? {}, signal: ctx.signal }));
      } catch (error) {
        // A refusal is an answer, not a host failure: its stack would say nothing (see withoutStack).
        if (isServiceError(error)) throw withoutStack(() => new ResponseError(error.code, error.message, error.details));
        if (error instanceof ResponseError) throw error;
        throw new ResponseError('unavailable', `the host failed to serve ${method}: ${(error as Error).message}`);
      } finally {
        budget.callEnded();
      }
    }),
  );
  return { dispose: () => handlers.forEach((h) => h.dispose()) };
}
