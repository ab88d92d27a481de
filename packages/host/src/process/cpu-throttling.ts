import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** How often the kernel held back the processes of a cgroup for its CPU limit, since the cgroup was made. */
export interface CpuThrottling {
  /** Scheduler periods (100 ms each here) in which its processes wanted to run. */
  readonly periods: number;
  /** Of those, the periods in which they used up their quota and were held back. */
  readonly throttledPeriods: number;
  /** How long they were held back in all, in ms. */
  readonly throttledMs: number;
}

/**
 * Reads a cgroup's `cpu.stat`: `nr_periods`, `nr_throttled` and `throttled_usec` (v2) or `throttled_time`
 * in ns (v1). Undefined when the file is missing or lacks them (no CPU controller, no limit ever set).
 */
export function readCpuThrottling(cgroupDir: string): CpuThrottling | undefined {
  let text: string;
  try {
    text = readFileSync(join(cgroupDir, 'cpu.stat'), 'utf8');
  } catch {
    return undefined;
  }
  const field = (name: string): number | undefined => {
    const m = new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
    return m ? Number(m[1]) : undefined;
  };
  const periods = field('nr_periods');
  const throttledPeriods = field('nr_throttled');
  const usec = field('throttled_usec');
  const nsec = usec === undefined ? field('throttled_time') : undefined;
  if (periods === undefined || throttledPeriods === undefined || (usec === undefined && nsec === undefined)) return undefined;
  return { periods, throttledPeriods, throttledMs: usec !== undefined ? Math.round(usec / 1000) : Math.round((nsec as number) / 1e6) };
}
