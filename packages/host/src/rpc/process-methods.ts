import type { ProcessTable } from '../process/process-table.js';
import type { RpcHandler } from '../calls/rpc-registry.js';

/**
 * `processes.list`: every peer and sidecar process the host supervises, as the hub's Running page shows
 * them: `[{ extension, kind, state, pid?, startedAt?, readyAt?, restarts, lastExit?: { code, signal, reason,
 * at }, cpuPercent?, rssBytes?, limits?, limitMode? }]`, read when asked (CPU is the share of one core
 * since the previous listing).
 */
export function processMethods(processes: ProcessTable): Record<string, RpcHandler> {
  return {
    'processes.list': () => processes.list(),
  };
}
