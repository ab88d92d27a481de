import { ConfigError } from './config-error.js';
import { isConfigObject } from './config-key.js';
import type { ConfigScope } from './config-files.js';

/**
 * Keys of an `extensions.<name>` section that the host owns, not the extension (DESIGN §6: the user owns
 * activation). They are never checked against the extension's configSchema nor handed to its processes.
 * - `activation`: `"lazy"` keeps an `onStartup` peer from starting with the hub (it starts on its other
 *   activation events, or on first use); `"manifest"` (or unset) follows the manifest.
 * - `limits`: resource limits of its processes, lowering the manifest's (see config/limits-config.ts).
 */
export const HOST_OWNED_EXTENSION_KEYS = ['activation', 'limits'] as const;

/**
 * The host-owned top-level key that lets payloads (action arguments, RPC params, results, event bodies) leave
 * the process in logs, metrics and telemetry (DESIGN §9): `true` or `false` (unset: false).
 */
export const TELEMETRY_PAYLOADS_KEY = 'telemetry.payloads';

/** Whether a merged config opts in to telemetry payloads: only exactly `telemetry.payloads: true` does. */
export function telemetryPayloadsIn(config: Record<string, unknown>): boolean {
  const telemetry = config['telemetry'];
  return isConfigObject(telemetry) && telemetry['payloads'] === true;
}

/** The values `extensions.<name>.activation` may hold. */
export const ACTIVATION_OVERRIDES = ['lazy', 'manifest'] as const;

/** The extension's own part of a section: the section without the host-owned keys (a non-object as it is). */
export function extensionOwnSection(section: unknown): unknown {
  if (!isConfigObject(section) || !HOST_OWNED_EXTENSION_KEYS.some((k) => Object.hasOwn(section, k))) return section;
  const own = { ...section };
  for (const key of HOST_OWNED_EXTENSION_KEYS) delete own[key];
  return own;
}

/** The user's activation override of extension `name` in a merged config, when it is a known value. */
export function activationOverrideIn(config: Record<string, unknown>, name: string): (typeof ACTIVATION_OVERRIDES)[number] | undefined {
  const extensions = config['extensions'];
  const section = isConfigObject(extensions) ? extensions[name] : undefined;
  const value = isConfigObject(section) ? section['activation'] : undefined;
  return ACTIVATION_OVERRIDES.find((v) => v === value);
}

/** `providers.deadlineMs`: how long the host waits for each provider's answer (DESIGN §8; default 2 s). */
export const PROVIDER_DEADLINE_KEY = 'providers.deadlineMs';
const DEADLINE_RANGE = { min: 100, max: 60_000 } as const;

/** The user's provider deadline in a merged config, when it is a valid number of milliseconds. */
export function providerDeadlineIn(config: Record<string, unknown>): number | undefined {
  const section = config['providers'];
  const value = isConfigObject(section) ? section['deadlineMs'] : undefined;
  return isDeadline(value) ? value : undefined;
}

function isDeadline(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= DEADLINE_RANGE.min && (value as number) <= DEADLINE_RANGE.max;
}

/**
 * Refuses a write of a host-owned key with a value the host does not know (`CONFIG_INVALID_VALUE`, naming the
 * accepted values, with the key's own fix as the hint: the command that sets a good value or unsets it).
 * `segments` is the dotted key written; `to` names the commands of the fix (the host id, and the file written:
 * `--user` for the user config). Other keys pass.
 */
export function checkHostOwnedWrite(to: HostOwnedWriteTarget, segments: readonly string[], value: unknown, key: string): void {
  checkTelemetryWrite(to, segments, value, key);
  if (segments[0] === 'providers') return checkProvidersWrite(to, segments, value, key);
  if (segments[0] !== 'extensions' || segments.length !== 3 || segments[2] !== 'activation') return;
  if (ACTIVATION_OVERRIDES.some((v) => v === value)) return;
  throw new ConfigError(
    'CONFIG_INVALID_VALUE',
    `Not written: ${key} is ${JSON.stringify(value)}, but it must be "lazy" (an onStartup peer waits for its other activation events or first use) or "manifest" (as the manifest says).`,
    { hint: setOrUnset(to, key, 'lazy') },
  );
}

/** Who writes a host-owned key where: the host id (its command) and the config file written. */
export interface HostOwnedWriteTarget {
  hostId: string;
  scope: ConfigScope;
}

/** The command that writes `key` as `value` to the same file as the refused write. */
function configCommand(to: HostOwnedWriteTarget, key: string, value: string): string {
  return `\`${to.hostId} config ${key} ${value}${to.scope === 'user' ? ' --user' : ''}\``;
}

/** The fix of a refused host-owned value: the command that writes a good one, or the one that removes the key. */
function setOrUnset(to: HostOwnedWriteTarget, key: string, example: string): string {
  return `give one with ${configCommand(to, key, example)}, or unset it with ${configCommand(to, key, '--unset')}`;
}

/** `providers` holds only `deadlineMs`, an integer number of milliseconds from 100 to 60000. */
function checkProvidersWrite(to: HostOwnedWriteTarget, segments: readonly string[], value: unknown, key: string): void {
  if (segments.length === 1) {
    if (isConfigObject(value) && Object.keys(value).every((k) => k === 'deadlineMs') && (value['deadlineMs'] === undefined || isDeadline(value['deadlineMs']))) return;
  } else if (segments.length === 2 && segments[1] === 'deadlineMs') {
    if (isDeadline(value)) return;
  } else {
    throw new ConfigError('CONFIG_INVALID_KEY', `Not written: the host knows no setting ${key}; the providers section holds only ${PROVIDER_DEADLINE_KEY}.`, {
      hint: `set that one with ${configCommand(to, PROVIDER_DEADLINE_KEY, '<ms>')}`,
    });
  }
  throw new ConfigError(
    'CONFIG_INVALID_VALUE',
    `Not written: ${key} is ${JSON.stringify(value)}, but ${PROVIDER_DEADLINE_KEY} must be a whole number of milliseconds from ${DEADLINE_RANGE.min} to ${DEADLINE_RANGE.max} (how long each provider may take to answer; default 2000).`,
    { hint: setOrUnset(to, PROVIDER_DEADLINE_KEY, '5000') },
  );
}

/** `telemetry.payloads` (or a whole `telemetry` object) is written only as true or false (`CONFIG_INVALID_VALUE`). */
function checkTelemetryWrite(to: HostOwnedWriteTarget, segments: readonly string[], value: unknown, key: string): void {
  if (segments[0] !== 'telemetry') return;
  const payloads = segments.length === 1 ? (isConfigObject(value) ? value['payloads'] : value) : segments[1] === 'payloads' && segments.length === 2 ? value : undefined;
  if (segments.length === 1 && !isConfigObject(value)) {
    throw new ConfigError('CONFIG_INVALID_VALUE', `Not written: ${key} is a section of switches, e.g. ${TELEMETRY_PAYLOADS_KEY} true; got ${JSON.stringify(value)}.`, {
      hint: `set the switch itself: ${configCommand(to, TELEMETRY_PAYLOADS_KEY, 'true')}`,
    });
  }
  if (payloads === undefined || typeof payloads === 'boolean') return;
  throw new ConfigError(
    'CONFIG_INVALID_VALUE',
    `Not written: ${TELEMETRY_PAYLOADS_KEY} is ${JSON.stringify(payloads)}, but it must be true (action arguments, RPC params, results and event bodies may leave in logs, metrics and telemetry) or false (only types, ids, names, outcomes, codes and timing).`,
    { hint: setOrUnset(to, TELEMETRY_PAYLOADS_KEY, 'false') },
  );
}
