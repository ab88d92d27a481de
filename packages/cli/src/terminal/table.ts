/** Visible width of a string, ignoring ANSI colour codes. */
export function visibleWidth(text: string): number {
  // eslint-disable-next-line no-control-regex
  return [...text.replace(/\u001b\[[0-9;]*m/g, '')].length;
}

/** Lays rows out in aligned columns separated by two spaces; the last column is never padded. */
export function formatTable(rows: readonly (readonly string[])[]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, visibleWidth(cell))));
  return rows.map((row) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell + ' '.repeat((widths[i] ?? 0) - visibleWidth(cell))))
      .join('  ')
      .trimEnd(),
  );
}
