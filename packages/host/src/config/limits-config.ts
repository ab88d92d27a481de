import { ConfigError } from './config-error.js';
import { isConfigObject } from './config-key.js';
import { effectiveLimits, limitProblems, limitRaises, type ResourceLimits } from '../process/resource-limits.js';

/** The user's `extensions.<name>.limits` in a merged config (unchecked), or undefined. */
export function userLimitsIn(config: Record<string, unknown>, name: string): unknown {
  const extensions = config['extensions'];
  const section = isConfigObject(extensions) ? extensions[name] : undefined;
  return isConfigObject(section) ? section['limits'] : undefined;
}

/**
 * The limits that apply to `name`'s processes: the manifest's, lowered by the user's. A user value that is
 * not a limit, or one that raises the manifest's, refuses the launch (`CONFIG_INVALID_VALUE`,
 * `CONFIG_LIMIT_RAISED`), naming the key and the command that fixes it.
 */
export function checkedLimits(hostId: string, name: string, manifest: ResourceLimits | undefined, user: unknown): ResourceLimits {
  const problems = limitProblems(user);
  if (problems.length) {
    throw new ConfigError('CONFIG_INVALID_VALUE', `extensions.${name}.limits is not valid: ${problems.map((p) => `${p.key || 'limits'} ${p.message}`).join('; ')}`, {
      hint: `fix it with \`${hostId} config extensions.${name}.limits.<key> <value>\`, or remove it`,
    });
  }
  refuseRaises(hostId, name, manifest, user as ResourceLimits | undefined);
  return effectiveLimits(manifest, user as ResourceLimits | undefined);
}

/**
 * Checks a config write under `extensions.<name>.limits` (`segments` is the dotted key, `value` what is
 * written, `current` the limits written so far in that file): throws `CONFIG_INVALID_KEY` for a key below a
 * limit, `CONFIG_INVALID_VALUE` for a value that is not a limit, `CONFIG_LIMIT_RAISED` for a raise of the
 * manifest's. Other keys pass.
 */
export function checkLimitsWrite(hostId: string, segments: readonly string[], value: unknown, current: unknown, manifest: ResourceLimits | undefined): void {
  if (segments[0] !== 'extensions' || segments[2] !== 'limits') return;
  const name = segments[1] as string;
  if (segments.length > 4) throw new ConfigError('CONFIG_INVALID_KEY', `extensions.${name}.limits.${segments[3]} is a number: there is nothing below it to set.`);
  const next = segments.length === 3 ? value : { ...(isConfigObject(current) ? current : {}), [segments[3] as string]: value };
  const problems = limitProblems(next);
  if (problems.length) {
    throw new ConfigError('CONFIG_INVALID_VALUE', `Not written: extensions.${name}.limits ${problems.map((p) => `${p.key ? `${p.key} ` : ''}${p.message}`).join('; ')}.`, {
      hint: `known limits: memoryMb, cpuPercent, openFiles, processes; see \`${hostId} extensions info ${name}\``,
    });
  }
  refuseRaises(hostId, name, manifest, next as ResourceLimits | undefined);
}

function refuseRaises(hostId: string, name: string, manifest: ResourceLimits | undefined, user: ResourceLimits | undefined): void {
  const raises = limitRaises(manifest, user);
  if (!raises.length) return;
  const first = raises[0] as (typeof raises)[number];
  throw new ConfigError(
    'CONFIG_LIMIT_RAISED',
    `extensions.${name}.limits may only lower the manifest's limits, but ${raises.map((r) => `${r.key} ${r.user} is above the manifest's ${r.manifest}`).join('; ')}`,
    { hint: `lower it with \`${hostId} config extensions.${name}.limits.${first.key} ${first.manifest}\` (or less), or unset it with \`${hostId} config extensions.${name}.limits.${first.key} --unset\`` },
  );
}
