import type { CliContext } from './cli-context.js';

/** A built-in command: loaded only when run, so help and dispatch stay fast. */
export interface BuiltinCommand {
  name: string;
  aliases: readonly string[];
  /** One line for `--help`. */
  summary: string;
  /** Usage line shown by `<id> help <name>`. */
  usage: string;
  /** Runs the command with the arguments after its name; resolves to the exit code. */
  load?: () => Promise<{ run(ctx: CliContext, args: string[]): Promise<number> }>;
}

/**
 * Every built-in of the reference host. Names without `load` are reserved for commands of later versions:
 * an extension can never take them, and running one says it is not available yet.
 */
export const BUILTIN_COMMANDS: readonly BuiltinCommand[] = [
  {
    name: 'extensions',
    aliases: ['ext'],
    summary: 'Manage extensions: list, info, doctor, enable, disable, add, remove, link',
    usage: 'extensions <list|info|doctor|enable|disable|add|remove|link|unlink> ...',
    load: () => import('./commands/extensions.js'),
  },
  { name: 'help', aliases: [], summary: 'Show help for a command', usage: 'help [<command>]', load: () => import('./commands/help.js') },
  { name: 'version', aliases: [], summary: 'Print the version', usage: 'version', load: () => import('./commands/version.js') },
  { name: 'config', aliases: [], summary: 'Read and write configuration', usage: 'config <key> [<value>] [--user] [--unset]', load: () => import('./commands/config.js') },
  { name: 'hub', aliases: [], summary: 'Run the local hub', usage: 'hub <start|stop|status>' },
  { name: 'events', aliases: [], summary: 'Tail the event stream as NDJSON', usage: 'events [--follow] [--type T]...' },
  { name: 'rpc', aliases: [], summary: 'Call a registered RPC method', usage: 'rpc <method> [<json-params>]' },
  { name: 'actions', aliases: [], summary: 'List and run actions that extension peers contribute', usage: 'actions <list|run> ...', load: () => import('./commands/actions.js') },
  { name: 'mcp', aliases: [], summary: 'Serve actions and RPC methods to agents over MCP', usage: 'mcp' },
];

/** Every name and alias a built-in takes (what extensions may never use). */
export const BUILTIN_NAMES: readonly string[] = BUILTIN_COMMANDS.flatMap((c) => [c.name, ...c.aliases]);

/** The built-in called `name` (by name or alias). */
export function findBuiltin(name: string): BuiltinCommand | undefined {
  return BUILTIN_COMMANDS.find((c) => c.name === name || c.aliases.includes(name));
}
