import { ConfigError, parseConfigValue } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { UsageError } from '../cli-context.js';
import { parseOptions } from './parse-options.js';

/**
 * `<id> config <key> [<value>] [--user] [--unset] [--json]`: reads the merged value (project over user), or
 * writes the project file (`.<id>.json` at the project root), or the user file with `--user`.
 */
export async function run(ctx: CliContext, args: string[]): Promise<number> {
  const command = `${ctx.cmd} config`;
  const opts = parseOptions(command, negativeNumbersAsValues(args), { user: { type: 'boolean' }, unset: { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, 2);
  const [key, raw] = opts.positionals;
  if (opts.flag('help') || !key) {
    ctx.print(
      `${ctx.out.bold('Usage:')} ${command} <key> [<value>] [--user] [--unset] [--json]`,
      '',
      `  ${command} <key>                 print the merged value (project over user)`,
      `  ${command} <key> <value>         write it to .${ctx.cmd}.json at the project root (JSON when it parses, else a string)`,
      `  ${command} <key> <value> --user  write it to the user config instead`,
      `  ${command} <key> --unset         remove it (from the user config with --user)`,
      '',
      `Keys are dotted: extensions.<name>.<key> is checked against that extension's configSchema.`,
    );
    return opts.flag('help') ? 0 : 2;
  }
  const config = ctx.host().config;
  const scope = opts.flag('user') ? 'user' : 'project';
  try {
    if (opts.flag('unset')) {
      if (raw !== undefined) throw new UsageError('--unset takes no value', `Usage: ${command} <key> --unset [--user]`);
      const result = await config.unset(key, { scope });
      ctx.print(result.changed ? `Removed ${key} from ${result.file}.` : `${key} was not set in ${result.file}.`);
      return 0;
    }
    if (raw === undefined) {
      const value = config.get(key);
      if (value === undefined) {
        ctx.printError(`${key} is not set (in ${config.userConfigPath}${config.projectConfigPath() ? ` or ${config.projectConfigPath()}` : ''}).`);
        return 1;
      }
      ctx.print(typeof value === 'string' && !opts.flag('json') ? value : JSON.stringify(value, null, 2));
      return 0;
    }
    const result = await config.set(key, parseConfigValue(raw), { scope });
    if (result.quarantined) ctx.printError(ctx.err.yellow(`warning: ${result.quarantined.message}`));
    ctx.print(`${result.changed ? 'Set' : 'Unchanged:'} ${key} = ${JSON.stringify(result.value)} in ${result.file}`);
    if (result.missing.length) {
      ctx.printError(ctx.err.yellow(`Still missing before the extension can run: ${result.missing.map((p) => p.path).join(', ')}.`));
    }
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new UsageError(error.message, undefined, 2);
    }
    throw error;
  }
}

// `config retries -1` means the value -1, not an option: every option of this command is a flag taking no
// value, so negative numbers can be moved after `--` (keeping the positional order) before parsing.
function negativeNumbersAsValues(args: readonly string[]): string[] {
  const end = args.indexOf('--');
  const head = end === -1 ? args : args.slice(0, end);
  const tail = end === -1 ? [] : args.slice(end + 1);
  if (!head.some(isNegativeNumber)) return [...args];
  const options = head.filter((a) => a.startsWith('-') && !isNegativeNumber(a));
  const positionals = head.filter((a) => !a.startsWith('-') || isNegativeNumber(a));
  return [...options, '--', ...positionals, ...tail];
}

function isNegativeNumber(arg: string): boolean {
  return /^-\d+(\.\d+)?([eE][+-]?\d+)?$/.test(arg);
}
