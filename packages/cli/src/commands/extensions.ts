import type { CliContext } from '../cli-context.js';
import { UsageError } from '../cli-context.js';
import { suggestNames } from '../did-you-mean.js';

const SUBCOMMANDS: Record<string, () => Promise<{ run(ctx: CliContext, args: string[]): Promise<number> }>> = {
  list: () => import('./extensions-list.js'),
  ls: () => import('./extensions-list.js'),
  info: () => import('./extensions-info.js'),
  doctor: () => import('./extensions-doctor.js'),
  enable: () => import('./extensions-enable.js'),
  disable: () => import('./extensions-disable.js'),
  add: () => import('./extensions-add.js'),
  remove: () => import('./extensions-remove.js'),
  rm: () => import('./extensions-remove.js'),
  link: () => import('./extensions-link.js'),
  unlink: () => import('./extensions-unlink.js'),
};

/** `<id> extensions <sub> ...`: routes to the management subcommands. */
export async function run(ctx: CliContext, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === undefined || sub === '--help' || sub === '-h' || sub === 'help') {
    ctx.print(
      `${ctx.out.bold('Usage:')} ${ctx.cmd} extensions <command>`,
      '',
      `  list [--json]           every installed extension with its source and state`,
      `  info <name> [--json]    manifest, sources, shadowed copies and problems of one extension`,
      `  doctor [--json]         one line per problem with its fix; exits 1 when there is any`,
      `  enable <name> [--yes] [--grant <cap>]... [--grant-all]`,
      `                          approve exactly this manifest (asking in a terminal) and enable it`,
      `  disable <name>          hide its commands, links and cards; keep approval, grants and config`,
      `  add <spec>              npm install a package, tarball or folder into the user source`,
      `  remove <name> [--purge] uninstall a user-source extension; --purge also deletes its state folder`,
      `  link <path>             use an extension from a folder (dev path)`,
      `  unlink <path>           stop using a dev path`,
    );
    return sub === undefined ? 2 : 0;
  }
  const load = SUBCOMMANDS[sub];
  if (!load) {
    const near = suggestNames(sub, Object.keys(SUBCOMMANDS));
    throw new UsageError(`unknown command "extensions ${sub}"`, near.length ? `Did you mean: ${near.map((n) => `${ctx.cmd} extensions ${n}`).join(', ')}?` : `Run \`${ctx.cmd} extensions --help\`.`);
  }
  return (await load()).run(ctx, rest);
}
