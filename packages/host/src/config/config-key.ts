import { ConfigError } from './config-error.js';

/** A JSON object as stored in a config file. */
export type ConfigObject = Record<string, unknown>;

// Names that would reach Object.prototype through a dotted key.
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);

/** Whether `value` is a plain JSON object (not null, not an array). */
export function isConfigObject(value: unknown): value is ConfigObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Splits a dotted key (`extensions.git.depth`) into its segments. Throws {@link ConfigError}
 * `CONFIG_INVALID_KEY` for an empty key, an empty segment (`a..b`) or `__proto__`/`prototype`/`constructor`.
 */
export function parseConfigKey(key: string): string[] {
  if (typeof key !== 'string' || key.length === 0) {
    throw new ConfigError('CONFIG_INVALID_KEY', `Config key ${JSON.stringify(key)} is empty. Give a dotted key such as extensions.<name>.<key>.`);
  }
  const segments = key.split('.');
  // The file's own format version (store/file-format.ts), kept out of the settings.
  if (segments[0] === 'format') {
    throw new ConfigError('CONFIG_INVALID_KEY', 'Config key "format" is the config file\'s format version, not a setting. Choose another key, e.g. extensions.<name>.format.');
  }
  for (const segment of segments) {
    if (segment.length === 0) {
      throw new ConfigError('CONFIG_INVALID_KEY', `Config key "${key}" has an empty part. Write it as dot-separated names, e.g. extensions.git.depth.`);
    }
    if (FORBIDDEN_SEGMENTS.has(segment)) {
      throw new ConfigError('CONFIG_INVALID_KEY', `Config key "${key}" uses the reserved name "${segment}". Choose another key name.`);
    }
  }
  return segments;
}

/** The value at `segments` (own properties only; numeric segments index arrays), or `undefined`. */
export function getAtPath(root: unknown, segments: readonly string[]): unknown {
  let current: unknown = root;
  for (const segment of segments) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) current = current[Number(segment)];
    else if (isConfigObject(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

/**
 * Sets `value` at `segments` in `root` (mutated), creating objects on the way. Throws `CONFIG_NOT_AN_OBJECT`
 * when a segment on the way holds a non-object (`a` is 5 and the key is `a.b`).
 */
export function setAtPath(root: ConfigObject, segments: readonly string[], value: unknown): void {
  let current = root;
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i]!;
    const next = current[segment];
    if (next === undefined) {
      const created: ConfigObject = {};
      current[segment] = created;
      current = created;
    } else if (isConfigObject(next)) {
      current = next;
    } else {
      const at = segments.slice(0, i + 1).join('.');
      throw new ConfigError(
        'CONFIG_NOT_AN_OBJECT',
        `Cannot set ${segments.join('.')}: ${at} holds ${describe(next)}, not an object. Unset ${at} first, or set ${at} to a JSON object.`,
      );
    }
  }
  current[segments[segments.length - 1]!] = value;
}

/**
 * Removes the key at `segments` from `root` (mutated) and then any object on its way that became empty.
 * Returns whether a key was removed.
 */
export function unsetAtPath(root: ConfigObject, segments: readonly string[]): boolean {
  const trail: ConfigObject[] = [root];
  for (let i = 0; i < segments.length - 1; i++) {
    const next = trail[i]![segments[i]!];
    if (!isConfigObject(next)) return false;
    trail.push(next);
  }
  const last = segments[segments.length - 1]!;
  const parent = trail[trail.length - 1]!;
  if (!Object.hasOwn(parent, last)) return false;
  delete parent[last];
  // Tidy: `a.b.c` unset from {a:{b:{c:1}}} leaves {} rather than {a:{b:{}}}.
  for (let i = trail.length - 1; i > 0 && Object.keys(trail[i]!).length === 0; i--) {
    delete trail[i - 1]![segments[i - 1]!];
  }
  return true;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return `a ${typeof value} (${JSON.stringify(value)})`;
}
