import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { runFanOut } from './provider-fanout-run.js';

/** `<id> search <text> [--project ID] [--json]`: every search provider at once, grouped by extension. */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  return runFanOut(ctx, opts, 'search', opts.positionals.join(' '), () => 0);
}
