import { parseConfigValue } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { UsageError } from '../errors/cli-errors.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';

/**
 * `<id> config <key> [<value>] [--user] [--unset] [--json]`: reads the merged value (project over user), or
 * writes the project file (`.<id>.json` at the project root), or the user file with `--user`. Config errors
 * (bad key, value breaking a schema) are OutboardErrors with their own codes and exit codes.
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const [key, raw] = opts.positionals as [string, string | undefined];
  const config = ctx.host().config;
  const scope = opts.flag('user') ? 'user' : 'project';
  if (opts.flag('unset')) {
    if (raw !== undefined) throw new UsageError('--unset takes no value', `Usage: ${opts.command} <key> --unset [--user]`);
    const result = await config.unset(key, { scope });
    ctx.print(result.changed ? t`Removed ${key} from ${result.file}.` : t`${key} was not set in ${result.file}.`);
    return 0;
  }
  if (raw === undefined) {
    const value = config.get(key);
    if (value === undefined) {
      const project = config.projectConfigPath();
      ctx.printError(t`${key} is not set (in ${config.userConfigPath}${project ? t` or ${project}` : ''}).`);
      return 1;
    }
    if (typeof value === 'string' && !opts.flag('json')) ctx.print(value);
    else ctx.printJson(value);
    return 0;
  }
  const result = await config.set(key, parseConfigValue(raw), { scope });
  if (result.quarantined) ctx.printError(ctx.err.yellow(t`warning: ${result.quarantined.message}`));
  ctx.print(t`${result.changed ? 'Set' : 'Unchanged:'} ${key} = ${JSON.stringify(result.value)} in ${result.file}`);
  if (result.missing.length) {
    ctx.printError(ctx.err.yellow(t`Still missing before the extension can run: ${result.missing.map((p) => p.path).join(', ')}.`));
  }
  return 0;
}
