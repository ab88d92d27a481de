/** Goals and the machine-readable line every benchmark can print for `npm run bench -- --json`. */

/** A goal on a ratio: `ratio >= target`. */
export interface RatioGoal {
  /** What is compared, e.g. `ours/vscode-jsonrpc req/s, 64 KiB, 16 in flight`. */
  readonly what: string;
  readonly ratio: number;
  readonly target: number;
  readonly verdict: 'MET' | 'MISSED';
}

/** Checks `ratio >= target`. */
export function ratioGoal(what: string, ratio: number, target: number): RatioGoal {
  return { what, ratio, target, verdict: ratio >= target ? 'MET' : 'MISSED' };
}

/** One line: `MET   1.34x >= 1.20x  what`. */
export function formatGoal(goal: RatioGoal): string {
  return `${goal.verdict.padEnd(6)} ${goal.ratio.toFixed(3)}x >= ${goal.target.toFixed(2)}x  ${goal.what}`;
}

/**
 * The last line of a benchmark's output: `BENCH_JSON {"bench": name, ...data}`, every figure, anchor,
 * ratio and verdict, for scripts that collect results (one line, no other output after it).
 */
export function benchJsonLine(bench: string, data: Readonly<Record<string, unknown>>): string {
  return `BENCH_JSON ${JSON.stringify({ bench, ...data })}`;
}

/** CPU time (user + system) of a process so far, in milliseconds, read from /proc; NaN where unavailable. */
export function processCpuMs(pid: number | null | undefined, readStat: (path: string) => string): number {
  if (pid === null || pid === undefined) return Number.NaN;
  try {
    const fields = (readStat(`/proc/${pid}/stat`).split(') ')[1] ?? '').split(' ');
    // utime and stime, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
