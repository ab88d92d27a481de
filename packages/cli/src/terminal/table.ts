import { Styled, safeText, visibleWidth } from './text.js';
import type { Text } from './text.js';

/**
 * Lays rows out in aligned columns separated by two spaces; the last column is never padded. Plain cells are
 * escaped (a newline in a cell shows as `\n`), so widths are those of what the terminal shows.
 */
export function formatTable(rows: readonly (readonly Text[])[]): Styled[] {
  const safe = rows.map((row) => row.map(safeText));
  const widths: number[] = [];
  for (const row of safe) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, visibleWidth(Styled.trust(cell)))));
  return safe.map((row) =>
    Styled.trust(
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat((widths[i] ?? 0) - visibleWidth(Styled.trust(cell)))))
        .join('  ')
        .trimEnd(),
    ),
  );
}
