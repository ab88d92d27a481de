import type { ViewPlace } from '@outboard/manifest';
import { ResponseError } from '@outboard/protocol';
import type { PeerFleet } from '../peers/peer-fleet.js';
import type { RpcHandler } from '../calls/rpc-registry.js';

const PLACES: readonly ViewPlace[] = ['home', 'extension', 'project'];

/**
 * The view methods of the RPC registry: `views.list { where?, extension?, projectId? }` answers
 * `[{ id, extension, title, where, kind: 'peer'|'sidecar', path?, src? }]` (`src`: a sidecar view's URL under
 * `/x/<name>/` with `{projectId}` filled in); `views.render { id, projectId?, deadlineMs? }` answers
 * `{ view, content, warnings }`, `content` being the typed view of DESIGN §8 (text, markdown or table, checked
 * and capped as action results are). The CLI, the hub's pages and agents all call these.
 */
export function viewMethods(peers: () => Promise<PeerFleet>): Record<string, RpcHandler> {
  return {
    'views.list': async (params) => {
      const { where, extension, projectId } = params;
      if (where !== undefined && !PLACES.includes(where as ViewPlace)) throw new ResponseError('invalid_params', `where must be one of ${PLACES.join(', ')}, not ${JSON.stringify(where)}`);
      if (extension !== undefined && (typeof extension !== 'string' || extension === '')) throw new ResponseError('invalid_params', 'extension must be a non-empty string (an extension name)');
      if (projectId !== undefined && (typeof projectId !== 'string' || projectId === '')) throw new ResponseError('invalid_params', 'projectId must be a non-empty string');
      return (await peers()).views.list({ ...(where !== undefined ? { where: where as ViewPlace } : {}), ...(extension !== undefined ? { extension: extension as string } : {}), ...(projectId !== undefined ? { projectId: projectId as string } : {}) });
    },
    'views.render': async (params, context) => {
      const { id, projectId, deadlineMs } = params;
      if (typeof id !== 'string' || id === '') throw new ResponseError('invalid_params', 'id must be a non-empty string (required): a view id, e.g. notes.recent');
      if (projectId !== undefined && (typeof projectId !== 'string' || projectId === '')) throw new ResponseError('invalid_params', 'projectId must be a non-empty string');
      if (deadlineMs !== undefined && (!Number.isSafeInteger(deadlineMs) || (deadlineMs as number) < 1 || (deadlineMs as number) > 60_000)) throw new ResponseError('invalid_params', 'deadlineMs must be an integer from 1 to 60000 (milliseconds)');
      return (await peers()).views.render(id, projectId as string | undefined, { signal: context.signal, ...(deadlineMs !== undefined ? { deadlineMs: deadlineMs as number } : {}) });
    },
  };
}
