import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { formatTable } from '../terminal/table.js';
import { projectStore, requireProject } from './projects-lookup.js';

/** `<id> projects show <id> [--json]`: one registered project. */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const project = requireProject(ctx, await projectStore(ctx), opts.positionals[0] as string);
  if (opts.flag('json')) ctx.printJson(project);
  else ctx.print(...formatTable([['id', project.id], ['name', project.name], ['root', project.root], ['registered', project.registeredAt]].map(([k, v]) => [ctx.out.bold(k as string), v as string])));
  return 0;
}
