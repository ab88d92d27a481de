/** Edit distance between two short strings (insertions, deletions, substitutions, adjacent swaps). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      let best = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
      row[j] = best;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** The candidates close enough to `input` to suggest, nearest first (at most three). */
export function suggestNames(input: string, candidates: readonly string[]): string[] {
  const limit = Math.max(1, Math.floor(input.length / 3));
  return [...new Set(candidates)]
    .map((name) => ({ name, distance: editDistance(input, name) }))
    .filter((c) => c.distance <= limit || (input.length >= 3 && c.name.startsWith(input)))
    .sort((x, y) => x.distance - y.distance || x.name.localeCompare(y.name))
    .slice(0, 3)
    .map((c) => c.name);
}
