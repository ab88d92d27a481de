import type { CliContext } from '../cli-context.js';
import { BUILTIN_COMMANDS, findBuiltin } from '../builtins.js';
import { formatTable } from '../terminal/table.js';
import { enabledCommands } from './extension-commands.js';

/** `<id> --help` and `<id> help [<command>]`. Extension commands come from the discovery cache: nothing is run. */
export async function run(ctx: CliContext, args: string[]): Promise<number> {
  const topic = args.find((a) => !a.startsWith('-'));
  if (topic) return helpFor(ctx, topic);
  const { bold, dim } = ctx.out;
  const commands = BUILTIN_COMMANDS.filter((c) => c.load).map((c) => [`  ${c.name}`, c.summary + (c.aliases.length ? dim(` (alias: ${c.aliases.join(', ')})`) : '')]);
  const lines = [
    `${bold(ctx.identity.displayName ?? ctx.cmd)} ${ctx.identity.version}`,
    '',
    `${bold('Usage:')} ${ctx.cmd} <command> [arguments]`,
    '',
    bold('Commands:'),
    ...formatTable(commands),
    '',
    bold('Extensions:'),
  ];
  const { commands: extCommands, installed } = await enabledCommands(ctx);
  if (extCommands.length > 0) {
    lines.push(...formatTable(extCommands.map((c) => [`  ${c.name}`, c.summary, c.extension === c.name ? '' : dim(`(${c.extension})`)])));
  } else {
    lines.push(dim(installed > 0 ? `  none enabled; \`${ctx.cmd} extensions list\` shows the ${installed} installed` : `  none installed`));
  }
  lines.push(
    '',
    bold('Options:'),
    ...formatTable([
      ['  -h, --help', 'Show this help'],
      ['  -V, --version', 'Print the version'],
    ]),
    '',
    dim(`Run \`${ctx.cmd} help <command>\` for a command's usage; \`${ctx.cmd} <extension-command> --help\` goes to the extension.`),
  );
  ctx.print(...lines);
  return 0;
}

async function helpFor(ctx: CliContext, topic: string): Promise<number> {
  const builtin = findBuiltin(topic);
  if (builtin) {
    ctx.print(`${ctx.out.bold('Usage:')} ${ctx.cmd} ${builtin.usage}`, '', builtin.summary);
    return 0;
  }
  const { commands } = await enabledCommands(ctx);
  const ext = commands.find((c) => c.name === topic);
  if (ext) {
    ctx.print(`${ctx.cmd} ${ext.name}: ${ext.summary} (extension ${ext.extension})`, `Run \`${ctx.cmd} ${ext.name} --help\` for its own help.`);
    return 0;
  }
  ctx.printError(`${ctx.err.red('error:')} no command "${topic}"; run \`${ctx.cmd} --help\` for the list.`);
  return 1;
}
