import { COMMAND_TREE } from './commands/command-tree.js';

/** A built-in command as embedders and tests see it. */
export interface BuiltinCommand {
  name: string;
  aliases: readonly string[];
  /** One line for `--help`. */
  summary: string;
  /** False for names reserved for a later version: running one says it is not available yet. */
  available: boolean;
}

/** Every built-in of the reference host (from the router's command tree). */
export const BUILTIN_COMMANDS: readonly BuiltinCommand[] = (COMMAND_TREE.subcommands ?? []).map((c) => ({
  name: c.name,
  aliases: c.aliases ?? [],
  summary: c.summary,
  available: c.name === 'help' || c.load !== undefined || c.subcommands !== undefined,
}));

/** Every name and alias a built-in takes (what extensions may never use). */
export const BUILTIN_NAMES: readonly string[] = BUILTIN_COMMANDS.flatMap((c) => [c.name, ...c.aliases]);
