import type { DiagnosticItem } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { runFanOut } from './provider-fanout-run.js';

/** `<id> diagnostics [--project ID] [--json]`: every diagnostics provider at once; exit 1 when any error. */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  return runFanOut(ctx, opts, 'diagnostics', '', (result) => (result.answered.some((a) => a.items.some((item) => (item as DiagnosticItem).severity === 'error')) ? 1 : 0));
}
