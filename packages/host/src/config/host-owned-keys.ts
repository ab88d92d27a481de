import { ConfigError } from './config-error.js';
import { isConfigObject } from './config-key.js';

/**
 * Keys of an `extensions.<name>` section that the host owns, not the extension (DESIGN §6: the user owns
 * activation). They are never checked against the extension's configSchema nor handed to its processes.
 * - `activation`: `"lazy"` keeps an `onStartup` peer from starting with the hub (it starts on its other
 *   activation events, or on first use); `"manifest"` (or unset) follows the manifest.
 * - `limits`: resource limits of its processes, lowering the manifest's (see config/limits-config.ts).
 */
export const HOST_OWNED_EXTENSION_KEYS = ['activation', 'limits'] as const;

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

/**
 * Refuses a write of a host-owned key with a value the host does not know (`CONFIG_INVALID_VALUE`, naming the
 * accepted values). `segments` is the dotted key written; other keys pass.
 */
export function checkHostOwnedWrite(segments: readonly string[], value: unknown, key: string): void {
  if (segments[0] !== 'extensions' || segments.length !== 3 || segments[2] !== 'activation') return;
  if (ACTIVATION_OVERRIDES.some((v) => v === value)) return;
  throw new ConfigError(
    'CONFIG_INVALID_VALUE',
    `Not written: ${key} is ${JSON.stringify(value)}, but it must be "lazy" (an onStartup peer waits for its other activation events or first use) or "manifest" (as the manifest says). Give one of them, or unset the key.`,
  );
}
