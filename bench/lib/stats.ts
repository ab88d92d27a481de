/** Small statistics helpers shared by the benchmarks. */

/** The q-quantile (0..1) of a list of numbers, by nearest rank; NaN for an empty list. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

/** The median of a list of numbers. */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** Formats a number of milliseconds with two decimals. */
export function ms(value: number): string {
  return `${value.toFixed(2)} ms`;
}

/** Formats a/b as a ratio such as `1.23x`. */
export function ratio(a: number, b: number): string {
  return `${(a / b).toFixed(2)}x`;
}
