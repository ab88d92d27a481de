import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { UsageError } from '../cli-context.js';

/** What {@link parseOptions} returns: typed accessors for the options, and the positional arguments. */
export interface ParsedOptions {
  /** Whether a boolean option was given. */
  flag(name: string): boolean;
  /** Every value of a repeatable string option. */
  list(name: string): string[];
  /** The value of a string option. */
  string(name: string): string | undefined;
  positionals: string[];
}

/** util.parseArgs with strict checking, turning its errors into a usage error that names the command. */
export function parseOptions(command: string, args: string[], options: NonNullable<ParseArgsConfig['options']>, maxPositionals = 0): ParsedOptions {
  let values: Record<string, unknown>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true }));
  } catch (error) {
    // Node's own wording for an unknown option is a paragraph; name the option and stop.
    const e = error as Error & { code?: string };
    const option = /'([^']+)'/.exec(e.message)?.[1];
    const message = e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option ? `unknown option ${option}` : e.message;
    throw new UsageError(`${command}: ${message}`, `Run \`${command} --help\`.`);
  }
  if (positionals.length > maxPositionals) {
    throw new UsageError(`${command}: unexpected argument "${positionals[maxPositionals]}"`, `Run \`${command} --help\`.`);
  }
  return {
    flag: (name) => values[name] === true,
    list: (name) => {
      const v = values[name];
      return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
    },
    string: (name) => (typeof values[name] === 'string' ? (values[name] as string) : undefined),
    positionals,
  };
}
