import type { HostIdentityOptions } from '@outboard/host';
import type { CliIo } from './cli-context.js';
import { CliContext } from './cli-context.js';
import { BUILTIN_NAMES } from './builtins.js';
import { withBuiltins } from './cli-identity.js';
import { COMMAND_TREE } from './commands/command-tree.js';
import { envPrefixOf } from '@outboard/host/errors';
import { reportError, UsageError } from './errors/cli-errors.js';
import { findChild, type CommandSpec } from './commands/command-spec.js';
import { classifyFirstWord, HELP_FLAGS, VERSION_FLAGS } from './router/first-word.js';
import { helpFor, runCommand } from './router/router.js';
import { Printer } from './terminal/printer.js';
import { suggestNames } from '@outboard/manifest';

/**
 * Runs one CLI invocation for a host identity and resolves to its exit code; never rejects. Built-ins always
 * win; any other first word goes to extension dispatch. Every error ends as one `error: … — <fix>` line and the
 * exit code of its code (the stack only with OUTBOARD_DEBUG=1).
 */
export async function runCli(argv: readonly string[], identity: HostIdentityOptions | (() => HostIdentityOptions), io: CliIo): Promise<number> {
  let ctx: CliContext | undefined;
  let options: HostIdentityOptions | undefined;
  try {
    options = typeof identity === 'function' ? identity() : identity;
    ctx = new CliContext(withBuiltins(options, BUILTIN_NAMES), io);
    return await route(ctx, [...argv]);
  } catch (error) {
    const host = ctx?.identity ?? options ?? { id: 'outboard' };
    return reportError(ctx?.printer ?? new Printer(io), error, { host, debug: io.env[`${envPrefixOf(host)}_DEBUG`] === '1' });
  }
}

async function route(ctx: CliContext, argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  switch (classifyFirstWord(first)) {
    case 'root-help':
      return rootHelp(ctx);
    case 'version':
      return (await import('./commands/version.js')).run(ctx);
    case 'option':
      throw unknownRootOption(ctx, first as string);
    case 'help': {
      const topic = rest.filter((a) => !a.startsWith('-'));
      if (topic.length === 0) return rootHelp(ctx);
      if (findChild(COMMAND_TREE, topic[0] as string)) return helpFor(ctx, COMMAND_TREE, [], topic);
      const [help] = await Promise.all([import('./commands/root-help.js'), ctx.loadHost()]);
      return help.printExtensionCommandHelp(ctx, topic[0] as string);
    }
    case 'builtin': {
      const builtin = findChild(COMMAND_TREE, first as string) as CommandSpec;
      return runCommand(ctx, builtin, [builtin.name], rest);
    }
    case 'extension': {
      const [dispatch] = await Promise.all([import('./commands/dispatch.js'), ctx.loadHost()]);
      return dispatch.run(ctx, first as string, rest);
    }
  }
}

/** The options of the bare command (`--help`, `--version`): an unknown one is bad usage, with did-you-mean. */
const ROOT_OPTIONS = [...HELP_FLAGS, ...VERSION_FLAGS].filter((f) => f.startsWith('--')).map((f) => f.slice(2));

function unknownRootOption(ctx: CliContext, option: string): UsageError {
  const near = suggestNames(option.replace(/^-+/, '').split('=')[0] ?? '', ROOT_OPTIONS).map((n) => `\`${ctx.cmd} --${n}\``);
  return new UsageError(`unknown option ${option}`, near.length ? `Did you mean ${near.join(' or ')}?` : `Run \`${ctx.cmd} --help\` for usage.`);
}

async function rootHelp(ctx: CliContext): Promise<number> {
  const [help] = await Promise.all([import('./commands/root-help.js'), ctx.loadHost()]);
  return help.printRootHelp(ctx, COMMAND_TREE);
}
