/** Goals on figures that must stay at or under a limit (times, ratios against an anchor measured in the same run). */

/** A goal on a figure that must stay at or under a limit, with the anchor it is measured against (same run). */
export interface LimitGoal {
  what: string;
  value: number;
  unit: 'ms' | 'x';
  limit: number;
  anchor: string;
  anchorMs: number;
  verdict: 'MET' | 'MISSED';
}

/** Checks `value <= limit`. */
export function limitGoal(what: string, value: number, unit: 'ms' | 'x', limit: number, anchor: string, anchorMs: number): LimitGoal {
  return { what, value, unit, limit, anchor, anchorMs, verdict: value <= limit ? 'MET' : 'MISSED' };
}

/** One line: `MET    1.10x <= 1.20x  what (anchor ...)`. */
export function goalLine(g: LimitGoal): string {
  const fmt = (v: number) => (g.unit === 'x' ? `${v.toFixed(2)}x` : `${v.toFixed(2)} ms`);
  return `${g.verdict.padEnd(6)} ${fmt(g.value)} <= ${fmt(g.limit)}  ${g.what} (anchor ${g.anchor} = ${g.anchorMs.toFixed(2)} ms, same run)`;
}
