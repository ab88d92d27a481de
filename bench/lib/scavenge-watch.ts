// When this process ran young-generation collections (scavenges), so that a benchmark can say how many landed
// in each target's calls: the evidence for (or against) "the tail is garbage collection".
import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';

/** Wall-clock start (epoch ms, comparable across processes on one machine) of each scavenge since `watchScavenges()`. */
export interface ScavengeWatch {
  readonly times: readonly number[];
  stop(): void;
}

/** Starts recording this process's scavenges (PerformanceObserver on 'gc' entries of the minor kind). */
export function watchScavenges(): ScavengeWatch {
  const times: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEntry & { detail?: { kind?: number } }>) {
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) times.push(performance.timeOrigin + entry.startTime);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return { times, stop: () => observer.disconnect() };
}

/** A stretch of calls to one target, in epoch ms. */
export interface CallBlock {
  readonly name: string;
  readonly from: number;
  readonly to: number;
  readonly calls: number;
}

/** Per target: scavenges that began during its blocks, per 1,000 of its calls. */
export function scavengesPerThousand(blocks: readonly CallBlock[], times: readonly number[]): Map<string, number> {
  const counts = new Map<string, { scavenges: number; calls: number }>();
  for (const block of blocks) {
    const entry = counts.get(block.name) ?? { scavenges: 0, calls: 0 };
    entry.calls += block.calls;
    for (const t of times) if (t >= block.from && t < block.to) entry.scavenges++;
    counts.set(block.name, entry);
  }
  return new Map([...counts].map(([name, { scavenges, calls }]) => [name, calls === 0 ? 0 : (scavenges * 1000) / calls]));
}
