/**
 * The candidate closest to `input` by edit distance, when it is close enough to be a likely typo
 * (at most 3 edits, and fewer than half the input's length); otherwise `undefined`.
 */
export function nearestName(input: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.min(3, Math.ceil(input.length / 2) - 1);
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const d = editDistance(input.toLowerCase(), candidate.toLowerCase(), bestDistance);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (returning `ceiling`) once it cannot be below `ceiling`. */
function editDistance(a: string, b: string, ceiling: number): number {
  if (Math.abs(a.length - b.length) >= ceiling) return ceiling;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin >= ceiling) return ceiling;
    previous = current;
  }
  return Math.min(previous[b.length] ?? ceiling, ceiling);
}

/** ` (did you mean "x"?)` when a candidate is close, else an empty string: for appending to a sentence. */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  const near = nearestName(input, candidates);
  return near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`;
}
