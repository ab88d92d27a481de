import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { UsageError } from '../errors/cli-errors.js';
import { suggestNames } from '@outboard/manifest';
import type { CommandSpec, ParsedOptions } from '../commands/command-spec.js';
import { usageLine } from './help-text.js';

/**
 * Parses a leaf command's arguments against its spec (util.parseArgs, strict). Every problem is a UsageError in
 * the router's one format, naming the option and the fix; Node's own wording never reaches the user.
 */
export function parseOptions(command: string, spec: CommandSpec, args: readonly string[]): ParsedOptions {
  const options: NonNullable<ParseArgsConfig['options']> = {};
  for (const [name, o] of Object.entries(spec.options ?? {})) {
    options[name] = { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}) };
  }
  let values: Record<string, unknown>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: [...args], options, allowPositionals: true, strict: true }));
  } catch (error) {
    throw parseProblem(command, spec, error as Error & { code?: string });
  }
  const min = spec.minPositionals ?? 0;
  const max = spec.maxPositionals ?? min;
  const usage = `Usage: ${usageLine(command, spec)}`;
  if (positionals.length < min) {
    const what = positionals.length === 0 && spec.missing ? spec.missing : ((spec.args ?? '').split(' ')[positionals.length] ?? 'an argument');
    throw new UsageError(`${command}: missing ${what}`, usage);
  }
  if (positionals.length > max) throw new UsageError(`${command}: unexpected argument "${positionals[max]}"`, usage);
  return {
    command,
    flag: (name) => values[name] === true,
    list: (name) => {
      const v = values[name];
      return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
    },
    string: (name) => (typeof values[name] === 'string' ? (values[name] as string) : undefined),
    positionals,
  };
}

function parseProblem(command: string, spec: CommandSpec, error: Error & { code?: string }): UsageError {
  const option = /'(-[^' ]+)/.exec(error.message)?.[1] ?? '';
  const name = option.replace(/^-+/, '').replace(/=.*$/, '');
  const known = Object.keys(spec.options ?? {});
  const help = `Run \`${command} --help\`.`;
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const near = suggestNames(name, known).map((n) => `--${n}`);
    return new UsageError(`${command}: unknown option ${option || 'given'}`, near.length ? `Did you mean ${near.join(' or ')}?` : help);
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const long = known.find((k) => k === name || spec.options?.[k]?.short === name);
    const spec0 = long === undefined ? undefined : spec.options?.[long];
    if (long !== undefined && spec0?.type === 'string') {
      const placeholder = spec0.value ?? '<value>';
      return new UsageError(`${command}: option --${long} needs a value`, `Write --${long} ${placeholder} (or --${long}=${placeholder} for a value starting with "-").`);
    }
    if (long !== undefined) return new UsageError(`${command}: option --${long} takes no value`, help);
  }
  return new UsageError(`${command}: the options are not understood`, help);
}
