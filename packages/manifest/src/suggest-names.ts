/**
 * Did-you-mean for every name a user or an author types (commands, subcommands, options, capabilities,
 * activation events, action ids): one distance, one threshold. A candidate is suggested when it is at most
 * {@link suggestionLimit} edits away (insertions, deletions, substitutions and swaps of two neighbours,
 * case ignored), or when it starts with an input of three characters or more.
 */

/** Most edits a suggestion may be from an input of `length` characters: 1, or 2 from 6 characters on. */
export function suggestionLimit(length: number): number {
  return Math.min(2, Math.max(1, Math.floor(length / 3)));
}

/** Up to `max` candidates close enough to `input` to suggest, nearest first (ties by name); empty when none is. */
export function suggestNames(input: string, candidates: Iterable<string>, max = 3): string[] {
  const wanted = input.toLowerCase();
  const limit = suggestionLimit(wanted.length);
  const scored: Array<{ name: string; distance: number }> = [];
  for (const name of new Set(candidates)) {
    const lower = name.toLowerCase();
    const distance = editDistance(wanted, lower, limit + 1);
    if (distance <= limit || (wanted.length >= 3 && lower.startsWith(wanted))) scored.push({ name, distance });
  }
  return scored
    .sort((a, b) => a.distance - b.distance || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, Math.max(0, max))
    .map((c) => c.name);
}

/** The one nearest suggestion for `input`, or `undefined` (see {@link suggestNames}). */
export function nearestName(input: string, candidates: Iterable<string>): string | undefined {
  return suggestNames(input, candidates, 1)[0];
}

/** ` (did you mean "x"?)` when a candidate is close, else an empty string: for appending to a sentence. */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  const near = nearestName(input, candidates);
  return near === undefined ? '' : ` (did you mean ${JSON.stringify(near)}?)`;
}

/**
 * Edit distance with adjacent swaps (optimal string alignment), giving up once it cannot be below `ceiling`
 * (then `ceiling` is returned): names are short, but a hostile input need not be.
 */
export function editDistance(a: string, b: string, ceiling = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) >= ceiling) return ceiling;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin >= ceiling) return ceiling;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length] ?? ceiling, ceiling);
}
