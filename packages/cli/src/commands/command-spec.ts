import type { CliContext } from '../cli-context.js';

/** One option of a command: parsed by the router, listed in its help, offered by did-you-mean. */
export interface OptionSpec {
  type: 'boolean' | 'string';
  /** One-letter alias, e.g. `y` for `-y`. */
  short?: string;
  /** A string option that may repeat (`--grant a --grant b`). */
  multiple?: boolean;
  /** Placeholder of a string option's value in help, e.g. `<json>`. */
  value?: string;
  /** One line for the help. */
  description: string;
}

/** What the router hands a command: its options and positionals, checked against its spec. */
export interface ParsedOptions {
  /** The command line as users type it, e.g. `outboard extensions enable`. */
  command: string;
  /** Whether a boolean option was given. */
  flag(name: string): boolean;
  /** Every value of a repeatable string option. */
  list(name: string): string[];
  /** The value of a string option. */
  string(name: string): string | undefined;
  positionals: string[];
}

/** A command module, loaded only when its command runs. */
export interface CommandModule {
  run(ctx: CliContext, input: ParsedOptions): Promise<number>;
}

/**
 * One node of the command tree: a group (with `subcommands`) or a leaf (with `load`). A node with neither is
 * reserved for a later version. Help, usage errors and did-you-mean are all built from these fields.
 */
export interface CommandSpec {
  name: string;
  aliases?: readonly string[];
  /** One line for the command lists. */
  summary: string;
  /** The positional part of the usage line, e.g. `<name>` or `<key> [<value>]`. */
  args?: string;
  /** Positionals required (default 0) and allowed (default `minPositionals`). */
  minPositionals?: number;
  maxPositionals?: number;
  /** What a missing first positional is called in the error, e.g. `the extension name`. Default: its placeholder. */
  missing?: string;
  options?: Readonly<Record<string, OptionSpec>>;
  /** Lines under the options in the help (examples, notes). */
  notes?: (cmd: string) => readonly string[];
  subcommands?: readonly CommandSpec[];
  load?: () => Promise<CommandModule>;
  /** Rewrites the arguments before parsing (e.g. `config k -1`: a negative number is a value). */
  preprocess?: (args: readonly string[]) => string[];
}

/** The child of `node` called `name` (by name or alias). */
export function findChild(node: CommandSpec, name: string): CommandSpec | undefined {
  return node.subcommands?.find((c) => c.name === name || (c.aliases ?? []).includes(name));
}
