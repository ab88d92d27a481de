import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from '../router/command-spec.js';
import { cliError } from '../errors/cli-errors.js';

/** Not built yet. */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  throw cliError('CLI_NOT_AVAILABLE', `${opts.command} is not available yet`, `update ${ctx.cmd}`);
}
