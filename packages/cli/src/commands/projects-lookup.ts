import { realpathSync } from 'node:fs';
import { sep } from 'node:path';
import type { ProjectRecord, ProjectStore } from '@outboard/host';
import { isServiceError } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { cliError } from '../errors/cli-errors.js';

/** The host's one project store (`<home>/projects.json`), shared with the hub's API and the peers. */
export async function projectStore(ctx: CliContext): Promise<ProjectStore> {
  return (await ctx.host().services()).projects;
}

/**
 * The registered project whose root is `dir` or holds it (the deepest one when projects nest), or undefined.
 * `dir` is compared by its real path, as roots are stored.
 */
export function projectContaining(projects: readonly ProjectRecord[], dir: string): ProjectRecord | undefined {
  let real: string;
  try {
    real = realpathSync(dir);
  } catch {
    return undefined;
  }
  const inside = projects.filter((p) => real === p.root || real.startsWith(p.root.endsWith(sep) ? p.root : p.root + sep));
  return inside.sort((a, b) => b.root.length - a.root.length)[0];
}

/** The project `id`, or an OutboardError `PROJECT_NOT_FOUND` naming the command that lists them. */
export function requireProject(ctx: CliContext, store: ProjectStore, id: string): ProjectRecord {
  const project = store.get(id);
  if (!project) throw cliError('PROJECT_NOT_FOUND', `no registered project has the id "${id}"`, `run \`${ctx.cmd} projects list\` to see them, or \`${ctx.cmd} projects add <path>\` to register one`);
  return project;
}

/** A refusal of the project store (ServiceError) as the CLI's error; anything else unchanged. */
export function projectRefusal(error: unknown): unknown {
  if (!isServiceError(error)) return error;
  // The store's messages end with their fix ("Choose another id..."): it is the hint.
  const [message, ...fix] = error.message.split(/(?<=\.) (?=[A-Z])/);
  return cliError('PROJECT_INVALID', (message ?? error.message).replace(/\.$/, ''), fix.length ? fix.join(' ').replace(/\.$/, '') : undefined);
}
