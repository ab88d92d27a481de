import type { Disposable } from '@outboard/protocol/disposable';
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
  readonly limits?: ResourceLimits;
  readonly limitMode?: LimitMode;
}

/** What a supervisor tells the table about its process, asked at each listing. */
export interface ProcessSource {
  readonly extension: string;
  readonly kind: 'peer' | 'sidecar';
  /** The supervisor's state and counters, and the live process's figures when one runs. */
  row(): { state: string; restarts: number; lastExit?: LastExit; figures?: ProcessFigures; limits?: ResourceLimits; limitMode?: LimitMode };
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
        ...(r.limits && Object.keys(r.limits).length ? { limits: r.limits } : {}),
        ...(r.limitMode ? { limitMode: r.limitMode } : {}),
      });
    }
    return rows.sort((a, b) => a.kind.localeCompare(b.kind) || a.extension.localeCompare(b.extension));
  }
}
