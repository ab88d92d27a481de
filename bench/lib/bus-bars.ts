/** Bars and goals of the bus benchmarks: a figure must stay under its bar (MET/MISSED) and is compared with its goal. */

/** One figure checked against a bar (required) and a goal (wished). */
export interface BarCheck {
  what: string;
  value: number;
  unit: string;
  bar: number;
  goal: number | undefined;
  verdict: 'MET' | 'MISSED';
  goalVerdict: 'MET' | 'MISSED' | undefined;
}

/** Checks `value < bar` (and `value < goal` when there is one). */
export function barCheck(what: string, value: number, unit: string, bar: number, goal?: number): BarCheck {
  return { what, value, unit, bar, goal, verdict: value < bar ? 'MET' : 'MISSED', goalVerdict: goal === undefined ? undefined : value < goal ? 'MET' : 'MISSED' };
}

/** One line: `MET    0.42 µs < 10 µs bar; goal < 1 µs MET  what`. */
export function barLine(c: BarCheck): string {
  const fmt = (v: number): string => `${v < 10 ? v.toFixed(3) : v.toFixed(1)} ${c.unit}`;
  const goal = c.goal === undefined ? '' : `; goal < ${c.goal} ${c.unit} ${c.goalVerdict}`;
  return `${c.verdict.padEnd(6)} ${fmt(c.value)} < ${c.bar} ${c.unit} bar${goal}  ${c.what}`;
}
