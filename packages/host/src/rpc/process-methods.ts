import type { Disposable } from '@outboard/protocol/disposable';
import type { PeerManager } from '../peers/peer-manager.js';
import { ProcSampler } from '../process/proc-sample.js';
import type { RpcRegistry } from './rpc-registry.js';

/** How a process last ended. `at` in ms since the epoch. */
export interface ProcessExit {
  code: number | null;
  signal: string | null;
  reason: string;
  at: number;
}

/** One peer or sidecar process as `processes.list` answers it. Times in ms since the epoch. */
export interface ProcessEntry {
  extension: string;
  kind: 'peer' | 'sidecar';
  state: string;
  pid?: number;
  startedAt?: number;
  readyAt?: number;
  restarts: number;
  lastExit?: ProcessExit;
  cpuPercent?: number;
  rssBytes?: number;
}

/** A sidecar as its owner (the hub's router) reports it. */
export interface SidecarProcessInfo {
  name: string;
  state: string;
  recentCrashes: number;
  lastError: string | null;
  pid?: number;
  startedAt?: number;
}

/** What `processes.list` reads. */
export interface ProcessMethodDeps {
  peers: () => Promise<PeerManager>;
  /** The sidecars, where this host runs some (the hub). Default: none. */
  sidecars?: () => readonly SidecarProcessInfo[];
}

/**
 * Registers `processes.list {}` → every peer and sidecar process the host supervises: state, pid, start and
 * ready times, restarts, last exit, and CPU (share of one CPU since the last call) and resident memory sampled
 * from `/proc` where it exists. Dispose the result to remove it.
 */
export function registerProcessMethods(registry: RpcRegistry, deps: ProcessMethodDeps): Disposable {
  const sampler = new ProcSampler();
  return registry.register(
    'processes.list',
    async () => {
      const manager = await deps.peers();
      const entries: ProcessEntry[] = [];
      for (const ext of await manager.peerExtensions()) {
        const status = (await manager.supervisor(ext.name))?.status();
        if (!status) continue;
        const lastEnd = [...status.transitions].reverse().find((t) => (t.to === 'stopped' || t.to === 'failed') && t.from !== 'stopping');
        entries.push({
          extension: ext.name,
          kind: 'peer',
          state: status.state,
          ...(status.pid !== null ? { pid: status.pid } : {}),
          ...(status.startedAt !== null ? { startedAt: status.startedAt } : {}),
          ...(status.readyAt !== null ? { readyAt: status.readyAt } : {}),
          restarts: status.recentCrashes,
          ...(lastEnd ? { lastExit: { code: codeIn(lastEnd.reason), signal: signalIn(lastEnd.reason), reason: status.lastError ?? lastEnd.reason, at: Date.parse(lastEnd.time) } } : {}),
        });
      }
      for (const s of deps.sidecars?.() ?? []) {
        entries.push({
          extension: s.name,
          kind: 'sidecar',
          state: s.state,
          ...(s.pid !== undefined ? { pid: s.pid } : {}),
          ...(s.startedAt !== undefined ? { startedAt: s.startedAt } : {}),
          restarts: s.recentCrashes,
          ...(s.lastError ? { lastExit: { code: codeIn(s.lastError), signal: signalIn(s.lastError), reason: s.lastError, at: Date.now() } } : {}),
        });
      }
      const alive = new Set<number>();
      for (const entry of entries) {
        if (entry.pid === undefined) continue;
        alive.add(entry.pid);
        const sample = sampler.sample(entry.pid);
        if (sample) Object.assign(entry, sample);
      }
      sampler.retain(alive);
      return entries;
    },
    'host',
  );
}

function codeIn(reason: string): number | null {
  const m = /code (\d+)/.exec(reason);
  return m ? Number(m[1]) : null;
}

function signalIn(reason: string): string | null {
  return /\b(SIG[A-Z]+)\b/.exec(reason)?.[1] ?? null;
}
