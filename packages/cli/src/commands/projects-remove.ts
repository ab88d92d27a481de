import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import { projectStore, requireProject } from './projects-lookup.js';

/** `<id> projects remove <id>`: forgets a registered project (its folder is not touched). */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const store = await projectStore(ctx);
  const project = requireProject(ctx, store, opts.positionals[0] as string);
  await store.remove(project.id);
  ctx.print(t`Removed project ${project.id} (${project.root}); the folder itself is untouched.`);
  return 0;
}
