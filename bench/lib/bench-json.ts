/** One goal of a benchmark: the figure, the anchor it is measured against (same run), the limit and the verdict. */
export interface BenchGoal {
  name: string;
  /** The measured figure (ms, or a ratio when `unit` is `x`). */
  value: number;
  unit: 'ms' | 'x';
  /** The limit the figure must not exceed. */
  limit: number;
  /** What the figure is compared with, e.g. `node -e 0 + node hello.js`, and its own value when it has one. */
  anchor: string;
  anchorValue?: number;
  met: boolean;
}

/** Prints `MET`/`MISSED` for a goal, as one human line. */
export function goalLine(goal: BenchGoal): string {
  const fmt = (v: number) => (goal.unit === 'x' ? `${v.toFixed(2)}x` : `${v.toFixed(2)} ms`);
  return `${goal.met ? 'MET' : 'MISSED'}: ${goal.name}: ${fmt(goal.value)} (limit ${fmt(goal.limit)}; anchor ${goal.anchor}${goal.anchorValue === undefined ? '' : ` = ${goal.anchorValue.toFixed(2)} ms`})`;
}

/**
 * The last line of a benchmark's output: `BENCH_JSON {...}` with every figure (ms medians), anchor and goal, for
 * `npm run bench -- --json <file>` to collect.
 */
export function benchJsonLine(bench: string, figures: Record<string, number>, goals: readonly BenchGoal[], extra: Record<string, unknown> = {}): string {
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return `BENCH_JSON ${JSON.stringify({
    bench,
    figures: Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, round(v)])),
    goals: goals.map((g) => ({ ...g, value: round(g.value), ...(g.anchorValue === undefined ? {} : { anchorValue: round(g.anchorValue) }), verdict: g.met ? 'MET' : 'MISSED' })),
    ...extra,
  })}`;
}
