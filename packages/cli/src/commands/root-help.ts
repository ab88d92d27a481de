import type { CliContext } from '../cli-context.js';
import type { CommandSpec } from './command-spec.js';
import { cliError } from '../errors/cli-errors.js';
import { formatTable } from '../terminal/table.js';
import { t } from '../terminal/text.js';
import type { Styled } from '../terminal/text.js';
import { enabledCommands } from './extension-commands.js';

/** `<id> --help`: built-ins from the command tree, extension commands from the discovery cache (nothing is run). */
export async function printRootHelp(ctx: CliContext, tree: CommandSpec): Promise<number> {
  const { bold, dim } = ctx.out;
  const available = (tree.subcommands ?? []).filter((c) => c.load || c.subcommands || c.name === 'help');
  const commands = available.map((c) => [t`  ${c.name}`, t`${c.summary}${c.aliases?.length ? dim(` (alias: ${c.aliases.join(', ')})`) : ''}`]);
  const lines: Styled[] = [
    t`${bold(ctx.identity.displayName ?? ctx.cmd)} ${ctx.identity.version}`,
    t``,
    t`${bold('Usage:')} ${ctx.cmd} <command> [arguments]`,
    t``,
    bold('Commands:'),
    ...formatTable(commands),
    t``,
    bold('Extensions:'),
  ];
  const { commands: extCommands, installed, missing } = await enabledCommands(ctx);
  if (extCommands.length > 0) {
    lines.push(...formatTable(extCommands.map((c) => [t`  ${c.name}`, c.summary, c.extension === c.name ? '' : dim(`(${c.extension})`)])));
  } else {
    lines.push(dim(installed > 0 ? `  none enabled; \`${ctx.cmd} extensions list\` shows the ${installed} installed` : `  none installed`));
  }
  // Approved extensions whose package is gone: their commands are unavailable until the package is back.
  for (const m of missing) lines.push(t`  ${m.name}  ${ctx.out.yellow('missing')}: ${m.reason}${m.fix ? t` — ${m.fix}` : ''}`);
  lines.push(
    t``,
    bold('Options:'),
    ...formatTable([
      ['  -h, --help', 'Show this help'],
      ['  -V, --version', 'Print the version'],
    ]),
    t``,
    dim(`Run \`${ctx.cmd} <command> --help\` (or \`${ctx.cmd} help <command>\`) for a command's usage; \`${ctx.cmd} <extension-command> --help\` goes to the extension.`),
  );
  ctx.print(...lines);
  return 0;
}

/** `<id> help <extension-command>`: what the discovery cache knows of it, and where its own help is. */
export async function printExtensionCommandHelp(ctx: CliContext, topic: string): Promise<number> {
  const { commands } = await enabledCommands(ctx);
  const ext = commands.find((c) => c.name === topic);
  if (!ext) {
    // A typo gets the topics the host finds near it (as for `<id> <typo>`), but only those with a help to show.
    const verdict = await ctx.host().resolveCommand(topic);
    const near = verdict.kind !== 'unknown' ? [] : verdict.suggestions.filter((n) => !verdict.needsApproval.some((s) => s.command === n)).map((n) => `\`${ctx.cmd} help ${n}\``);
    throw cliError('CLI_UNKNOWN_COMMAND', `no command "${topic}"`, near.length ? `Did you mean ${near.join(' or ')}?` : `Run \`${ctx.cmd} --help\` for the list.`);
  }
  ctx.print(t`${ctx.cmd} ${ext.name}: ${ext.summary} (extension ${ext.extension})`, t`Run \`${ctx.cmd} ${ext.name} --help\` for its own help.`);
  return 0;
}
