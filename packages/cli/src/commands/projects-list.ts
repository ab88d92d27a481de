import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { formatTable } from '../terminal/table.js';
import { t } from '../terminal/text.js';
import { projectStore } from './projects-lookup.js';

/** `<id> projects list [--json]`: every registered project (id, name, root). */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const projects = (await projectStore(ctx)).list();
  if (opts.flag('json')) ctx.printJson(projects);
  else if (projects.length === 0) ctx.print(t`No registered projects. Register one with \`${ctx.cmd} projects add <path>\` (\`${ctx.cmd} projects add .\` for this folder).`);
  else ctx.print(...formatTable([['ID', 'NAME', 'ROOT'].map((h) => ctx.out.bold(h)), ...projects.map((p) => [p.id, p.name, p.root])]));
  return 0;
}
