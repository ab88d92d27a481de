import type { ProviderKind } from '@outboard/manifest';
import { ResponseError } from '@outboard/protocol';
import type { PeerFleet } from '../peers/peer-fleet.js';
import type { ProviderQuery } from '../providers/provider-fanout.js';
import type { RpcHandler } from '../calls/rpc-registry.js';

const KINDS: readonly ProviderKind[] = ['search', 'diagnostics', 'workspaces', 'completions'];

/**
 * The provider methods of the RPC registry, over the one fan-out: `providers.query { id, query, projectId?,
 * limit?, cursor?, deadlineMs? }` asks one provider; `providers.search { kind? (default search), query?,
 * projectId?, limit?, deadlineMs?, consumer? }` (a newer search of the same consumer cancels the older) asks every provider of the kind, streams each outcome as progress and
 * answers `{ answered, missed }`. The CLI, the hub's pages and agents all call these.
 */
export function providerMethods(peers: () => Promise<PeerFleet>): Record<string, RpcHandler> {
  return {
    'providers.query': async (params, context) => {
      if (typeof params.id !== 'string' || params.id === '') throw new ResponseError('invalid_params', 'id must be a non-empty string (required)');
      return (await peers()).providers.query(params.id, queryOf(params), { signal: context.signal, ...deadlineOf(params) });
    },
    'providers.search': async (params, context) => {
      const kind = params.kind ?? 'search';
      if (!KINDS.includes(kind as ProviderKind)) throw new ResponseError('invalid_params', `kind must be one of ${KINDS.join(', ')}, not ${JSON.stringify(kind)}`);
      const manager = await peers();
      const answered: unknown[] = [];
      const missed: unknown[] = [];
      for await (const outcome of manager.providers.fanOut(kind as ProviderKind, queryOf({ query: '', ...params }), { signal: context.signal, ...deadlineOf(params), ...consumerOf(params) })) {
        (outcome.outcome === 'answered' ? answered : missed).push(outcome);
        context.progress(outcome);
      }
      // The fan-out stops quietly when its consumer leaves; the caller is told, not given half an answer.
      if (context.signal.aborted) throw new ResponseError('cancelled', 'the provider query was cancelled');
      return { answered, missed };
    },
  };
}

function queryOf(params: Record<string, unknown>): ProviderQuery {
  const { query, projectId, limit, cursor } = params as Partial<Record<keyof ProviderQuery, unknown>>;
  if (typeof query !== 'string') throw new ResponseError('invalid_params', 'query must be a string (required)');
  return { query, ...(projectId !== undefined ? { projectId: projectId as string } : {}), ...(limit !== undefined ? { limit: limit as number } : {}), ...(cursor !== undefined ? { cursor: cursor as string } : {}) };
}

function consumerOf(params: Record<string, unknown>): { consumer?: string } {
  if (params.consumer === undefined) return {};
  if (typeof params.consumer !== 'string' || params.consumer === '') throw new ResponseError('invalid_params', 'consumer must be a non-empty string');
  return { consumer: params.consumer };
}

function deadlineOf(params: Record<string, unknown>): { deadlineMs?: number } {
  const deadlineMs = params.deadlineMs;
  if (deadlineMs === undefined) return {};
  if (!Number.isSafeInteger(deadlineMs) || (deadlineMs as number) < 1 || (deadlineMs as number) > 60_000) throw new ResponseError('invalid_params', 'deadlineMs must be an integer from 1 to 60000 (milliseconds)');
  return { deadlineMs: deadlineMs as number };
}
