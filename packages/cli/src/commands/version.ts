import type { CliContext } from '../cli-context.js';

/** `<id> --version`: the version alone, for scripts. */
export async function run(ctx: CliContext): Promise<number> {
  ctx.print(ctx.identity.version);
  return 0;
}
