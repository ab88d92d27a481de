import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** Clock ticks per second of `/proc/<pid>/stat` times (USER_HZ: 100 on every Linux that Node supports). */
const TICKS_PER_SECOND = 100;

/** One reading of a process from `/proc`. */
export interface ProcReading {
  /** CPU time used so far (user + system), in clock ticks. */
  readonly cpuTicks: number;
  /** Resident memory, in bytes (`VmRSS`). */
  readonly rssBytes: number;
  /** When it was read (`performance.now()`, ms). */
  readonly at: number;
}

/** CPU and memory of a process, as a page shows them. */
export interface ProcFigures {
  /** Share of one core used since the previous reading, in percent (100 = one full core); absent on the first reading. */
  readonly cpuPercent?: number;
  readonly rssBytes: number;
}

/**
 * Reads `/proc/<pid>/stat` (utime, stime) and `/proc/<pid>/status` (VmRSS) of a live process; undefined
 * where `/proc` does not exist (not Linux) or the process is gone.
 */
export function readProc(pid: number, root = '/proc'): ProcReading | undefined {
  try {
    const stat = readFileSync(`${root}/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields are counted after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3 of the man page, utime 14 and stime 15, so indexes 11 and 12 here.
    const cpuTicks = Number(fields[11]) + Number(fields[12]);
    const status = readFileSync(`${root}/${pid}/status`, 'utf8');
    const rss = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    if (!Number.isFinite(cpuTicks)) return undefined;
    return { cpuTicks, rssBytes: rss ? Number(rss[1]) * 1024 : 0, at: performance.now() };
  } catch {
    return undefined;
  }
}

/**
 * Samples one process: each {@link sample} reads `/proc` and gives its resident memory and its CPU share
 * since the previous sample. One per supervised process; no timers of its own (the reader decides when).
 */
export class ProcSampler {
  private previous: ProcReading | undefined;

  constructor(
    private readonly pid: number,
    private readonly root = '/proc',
  ) {}

  /** The figures now, or undefined where `/proc` cannot tell (not Linux, the process gone). */
  sample(): ProcFigures | undefined {
    const now = readProc(this.pid, this.root);
    if (!now) return undefined;
    const before = this.previous;
    this.previous = now;
    if (!before || now.at <= before.at) return { rssBytes: now.rssBytes };
    const cpuMs = ((now.cpuTicks - before.cpuTicks) * 1000) / TICKS_PER_SECOND;
    return { rssBytes: now.rssBytes, cpuPercent: Math.max(0, Math.round((cpuMs / (now.at - before.at)) * 1000) / 10) };
  }
}

/**
 * How many sockets a live process opened itself (its `/proc/<pid>/fd` entries that are `socket:[…]`: TCP,
 * UDP and Unix sockets alike, listening ones included). Its stdio (fds 0–2) is not counted: Node gives a
 * child's piped stdio as socket pairs, and for a peer that is its connection to the host. Undefined where
 * `/proc` cannot tell (not Linux, the process gone, its fds not ours to read).
 */
export function readOpenSockets(pid: number, root = '/proc'): number | undefined {
  let fds: string[];
  try {
    fds = readdirSync(`${root}/${pid}/fd`);
  } catch {
    return undefined;
  }
  let sockets = 0;
  for (const fd of fds) {
    if (fd === '0' || fd === '1' || fd === '2') continue;
    try {
      if (readlinkSync(`${root}/${pid}/fd/${fd}`).startsWith('socket:')) sockets++;
    } catch {
      // closed while we read
    }
  }
  return sockets;
}
