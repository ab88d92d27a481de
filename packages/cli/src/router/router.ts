import type { CliContext } from '../cli-context.js';
import { cliError, UsageError } from '../errors/cli-errors.js';
import type { OutboardError } from '@outboard/host/errors';
import { suggestNames } from '@outboard/manifest';
import type { CommandSpec } from '../commands/command-spec.js';
import { findChild } from '../commands/command-spec.js';
import { helpText, usageLine } from './help-text.js';
import { parseOptions } from './parse-options.js';
import { HELP_FLAGS } from './first-word.js';

/** True when `--help`/`-h` comes before a `--` that ends the options. */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((a) => HELP_FLAGS.includes(a));
}

/**
 * Runs the built-in `node` (reached by `path`, e.g. `['extensions', 'list']`) with `args`: groups route to
 * their subcommands (with did-you-mean), `--help` and `help` print the help (exit 0) anywhere, leaves get
 * their options parsed against their spec. Every usage problem is a UsageError (exit 2, one format).
 */
export async function runCommand(ctx: CliContext, node: CommandSpec, path: readonly string[], args: readonly string[]): Promise<number> {
  const command = [ctx.cmd, ...path].join(' ');
  if (node.subcommands) {
    const [sub, ...rest] = args;
    if (sub === undefined) {
      ctx.printError(...helpText(command, node, ctx.err));
      return 2;
    }
    if (HELP_FLAGS.includes(sub)) return printHelp(ctx, command, node);
    if (sub === 'help') return helpFor(ctx, node, path, rest);
    const child = findChild(node, sub);
    if (!child) throw unknownSubcommand(ctx, command, node, sub);
    return runCommand(ctx, child, [...path, child.name], rest);
  }
  if (!node.load) throw cliError('CLI_NOT_AVAILABLE', `\`${command}\` is not available in this version (${ctx.identity.version})`);
  const given = node.preprocess ? node.preprocess(args) : [...args];
  if (asksForHelp(given)) return printHelp(ctx, command, node);
  const input = parseOptions(command, node, given);
  const [module] = await Promise.all([node.load(), ctx.loadHost()]);
  return module.run(ctx, input);
}

/** `<group> help [<sub>...]`: the help of the group, or of the subcommand named. */
export function helpFor(ctx: CliContext, node: CommandSpec, path: readonly string[], topic: readonly string[]): number {
  let current = node;
  const at = [...path];
  for (const word of topic) {
    const child = findChild(current, word);
    if (!child) throw unknownSubcommand(ctx, [ctx.cmd, ...at].join(' '), current, word);
    current = child;
    at.push(child.name);
  }
  return printHelp(ctx, [ctx.cmd, ...at].join(' '), current);
}

function printHelp(ctx: CliContext, command: string, node: CommandSpec): number {
  ctx.print(...helpText(command, node, ctx.out));
  return 0;
}

/**
 * An unknown word after a group: an option is bad usage (exit 2); a command is `Unknown command "<group> <word>"`,
 * exit 1, as an unknown top-level command is (one rule at every level), with did-you-mean.
 */
function unknownSubcommand(ctx: CliContext, command: string, node: CommandSpec, word: string): OutboardError<string> {
  if (word.startsWith('-')) return new UsageError(`${command}: unknown option ${word}`, `Run \`${command} --help\`.`);
  const names = (node.subcommands ?? []).flatMap((c) => [c.name, ...(c.aliases ?? [])]);
  // An alias suggests its command once, by its name.
  const near = [...new Set(suggestNames(word, names).map((n) => (findChild(node, n) as CommandSpec).name))];
  return cliError(
    'CLI_UNKNOWN_COMMAND',
    `Unknown command "${command.slice(ctx.cmd.length + 1)} ${word}"`,
    near.length ? `Did you mean ${near.map((n) => `\`${command} ${n}\``).join(' or ')}?` : `Usage: ${usageLine(command, node)}`,
  );
}
