import type { ActionView } from '@outboard/host';
import type { Style } from './style.js';
import { formatTable } from './table.js';
import { t } from './text.js';
import type { Text } from './text.js';

/** Where a view is printed: the command's context (or any printer with stdout's style). */
export interface ViewOutput {
  print(...lines: Text[]): void;
  readonly out: Style;
}

/**
 * Prints a typed view (DESIGN §8: text, markdown or table, already cleaned and capped by the host) through the
 * one printer: its title in bold, then the text as its lines, or the table with a bold header row.
 */
export function printTypedView(ctx: ViewOutput, view: ActionView): void {
  if (view.title) ctx.print(ctx.out.bold(t`${view.title}`));
  if (view.type === 'text') ctx.print(...textLines(view.text));
  if (view.type === 'markdown') ctx.print(...textLines(view.markdown));
  if (view.type === 'table') {
    ctx.print(...formatTable([view.columns.map((c) => ctx.out.bold(c)), ...view.rows]));
    if (view.truncated) ctx.print(ctx.out.dim('(table truncated)'));
  }
}

/** Free text of a view: one printed line per line of the text (the lines are the view's layout). */
function textLines(text: string): Text[] {
  return text.split('\n');
}
