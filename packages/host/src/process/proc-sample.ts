import { readFileSync } from 'node:fs';

/** Clock ticks per second of `/proc/<pid>/stat` times (USER_HZ: 100 on every Linux that Node supports). */
const TICKS_PER_SECOND = 100;

/** CPU and resident memory of one process, sampled from `/proc`. */
export interface ProcSample {
  /** Share of one CPU since the previous sample of this pid (since the process started, the first time), in percent. */
  cpuPercent: number;
  /** Resident set size, in bytes (`VmRSS`). */
  rssBytes: number;
}

/**
 * Samples processes from `/proc/<pid>/stat` and `/proc/<pid>/status`. Keeps the previous CPU time of each pid it
 * sampled (one sampler per consumer, no module state), so the CPU figure is the share since the last look.
 * Answers undefined where `/proc` is not there (macOS) or the process is gone.
 */
export class ProcSampler {
  readonly #previous = new Map<number, { ticks: number; at: number }>();

  /** The figures of `pid` now, or undefined. `now` in ms since the epoch (for tests). */
  sample(pid: number, now = Date.now()): ProcSample | undefined {
    let stat: string;
    let status: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      status = readFileSync(`/proc/${pid}/status`, 'utf8');
    } catch {
      this.#previous.delete(pid);
      return undefined;
    }
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime (fields 14 and 15)
    const rssKb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
    const before = this.#previous.get(pid) ?? { ticks: 0, at: now - this.#ageMs(Number(fields[19])) };
    this.#previous.set(pid, { ticks, at: now });
    const elapsedSeconds = Math.max((now - before.at) / 1000, 0.001);
    const cpuPercent = Math.max(0, ((ticks - before.ticks) / TICKS_PER_SECOND / elapsedSeconds) * 100);
    return { cpuPercent: Math.round(cpuPercent * 10) / 10, rssBytes: rssKb * 1024 };
  }

  /** Forgets pids not in `alive` (processes that ended). */
  retain(alive: ReadonlySet<number>): void {
    for (const pid of this.#previous.keys()) if (!alive.has(pid)) this.#previous.delete(pid);
  }

  /** How long ago a process started, from its start time in ticks after boot (field 22) and `/proc/uptime`. */
  #ageMs(startTicks: number): number {
    try {
      const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
      return Math.max(1, (uptime - startTicks / TICKS_PER_SECOND) * 1000);
    } catch {
      return 1000;
    }
  }
}
