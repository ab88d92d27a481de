import type { Disposable } from '@outboard/protocol/disposable';
import type { CpuThrottling } from './cpu-throttling.js';
import type { ProcessFigures } from './supervised-process.js';
import type { LimitMode, ResourceLimits } from './resource-limits.js';

/** How a supervised process last ended. */
export interface LastExit {
  readonly code: number | null;
  readonly signal: string | null;
  /** One phrase: `exited with code 1`, `was killed by SIGKILL`, `over memory limit`. */
  readonly reason: string;
  /** ISO 8601. */
  readonly at: string;
}

/**
 * A process's open connections, labelled by what they are: `hub`, the requests and WebSockets the hub
 * proxies to a sidecar right now; `sockets`, the sockets a process opened itself (from `/proc`, listening
 * ones included; its stdio, a peer's connection to its host, is not counted).
 */
export interface OpenConnections {
  readonly count: number;
  readonly via: 'hub' | 'sockets';
}

/** One row of `processes.list`: what the Running page shows about a peer or a sidecar. */
export interface ProcessRow {
  readonly extension: string;
  readonly kind: 'peer' | 'sidecar';
  /** The supervisor's state (`ready`, `running`, `stopped`, `failed`...). */
  readonly state: string;
  readonly pid?: number;
  readonly startedAt?: string;
  readonly readyAt?: string;
  /** Restarts after a crash since its supervisor was made. */
  readonly restarts: number;
  readonly lastExit?: LastExit;
  /** Share of one core since the previous sample, in percent. */
  readonly cpuPercent?: number;
  readonly rssBytes?: number;
  /** Its open connections while it runs (see {@link OpenConnections}). */
  readonly connections?: OpenConnections;
  /** How often its CPU limit held it back, when it runs in a cgroup with a CPU limit; absent otherwise. */
  readonly throttling?: CpuThrottling;
  readonly limits?: ResourceLimits;
  readonly limitMode?: LimitMode;
}

/** What a supervisor tells the table about its process, asked at each listing. */
export interface ProcessSource {
  readonly extension: string;
  readonly kind: 'peer' | 'sidecar';
  /** The supervisor's state and counters, and the live process's figures when one runs. */
  /** `connections`: what its supervisor counts itself (a sidecar's proxied ones); else its sockets from `/proc` are shown. */
  row(): { state: string; restarts: number; lastExit?: LastExit; figures?: ProcessFigures; connections?: OpenConnections; limits?: ResourceLimits; limitMode?: LimitMode };
}

/**
 * The supervised processes of one host (owned by the Host: no module state): peers and the hub's sidecars
 * register their supervisors here, and `processes.list` reads it. Rows are computed when asked, so a listing
 * is never stale; CPU shares are measured between two listings.
 */
export class ProcessTable {
  private readonly sources = new Set<ProcessSource>();

  /** Adds a supervisor's process; disposing removes it (idempotent). */
  register(source: ProcessSource): Disposable {
    this.sources.add(source);
    return { dispose: () => void this.sources.delete(source) };
  }

  /** Every registered process, peers first, then by extension name. */
  list(): ProcessRow[] {
    const rows: ProcessRow[] = [];
    for (const source of this.sources) {
      const r = source.row();
      const f = r.figures;
      rows.push({
        extension: source.extension,
        kind: source.kind,
        state: r.state,
        ...(f?.pid !== undefined ? { pid: f.pid } : {}),
        ...(f?.startedAt ? { startedAt: f.startedAt } : {}),
        ...(f?.readyAt ? { readyAt: f.readyAt } : {}),
        restarts: r.restarts,
        ...(r.lastExit ? { lastExit: r.lastExit } : {}),
        ...(f?.cpuPercent !== undefined ? { cpuPercent: f.cpuPercent } : {}),
        ...(f?.rssBytes !== undefined ? { rssBytes: f.rssBytes } : {}),
        ...connectionsOf(r.connections, f),
        ...(f?.throttling ? { throttling: f.throttling } : {}),
        ...(r.limits && Object.keys(r.limits).length ? { limits: r.limits } : {}),
        ...(r.limitMode ? { limitMode: r.limitMode } : {}),
      });
    }
    return rows.sort((a, b) => a.kind.localeCompare(b.kind) || a.extension.localeCompare(b.extension));
  }
}

/** The supervisor's own count while its process runs, else the process's sockets from `/proc`, else nothing. */
function connectionsOf(counted: OpenConnections | undefined, figures: ProcessFigures | undefined): { connections?: OpenConnections } {
  if (!figures) return {};
  if (counted) return { connections: counted };
  return figures.sockets !== undefined ? { connections: { count: figures.sockets, via: 'sockets' } } : {};
}
