import { resolve } from 'node:path';
import { createHostCore } from '@outboard/host/core';
import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import { projectRefusal, projectStore } from './projects-lookup.js';

/**
 * `<id> projects add [<path>] [--name N] [--id ID]`: registers the project holding `<path>` (default: the
 * current folder). The root is found by the host's one project-root rule, so `projects add .` in a subfolder
 * registers the project, not the subfolder; a folder in no project is registered as it is.
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const given = resolve(ctx.io.cwd, opts.positionals[0] ?? '.');
  // The host's one project-root rule, applied to the folder given (a host made for that folder finds it).
  const root = createHostCore({ identity: ctx.identity, cwd: given, env: ctx.io.env }).projectRoot ?? given;
  const store = await projectStore(ctx);
  const name = opts.string('name');
  const id = opts.string('id');
  let outcome;
  try {
    outcome = await store.register({ root, ...(name !== undefined ? { name } : {}), ...(id !== undefined ? { id } : {}) });
  } catch (error) {
    throw projectRefusal(error);
  }
  const { project, created } = outcome;
  if (opts.flag('json')) ctx.printJson({ project, created });
  else if (created) ctx.print(t`Registered project ${project.id} (${project.name}) at ${project.root}.`);
  else ctx.print(t`${project.root} is already registered as project ${project.id}; nothing changed.`);
  return 0;
}
