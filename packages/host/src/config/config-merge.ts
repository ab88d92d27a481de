import { isConfigObject, type ConfigObject } from './config-key.js';

/**
 * Merges `over` onto `base` into a new object (neither input is changed): objects merge key by key,
 * recursively; any other value in `over` (array, scalar, null) replaces the one in `base`.
 * Used as `mergeConfig(user, project)`: project over user.
 */
export function mergeConfig(base: ConfigObject, over: ConfigObject): ConfigObject {
  const result: ConfigObject = structuredClone(base);
  for (const [key, value] of Object.entries(over)) {
    if (key === '__proto__') continue; // an untrusted project file must not reach a prototype
    const existing = result[key];
    result[key] = isConfigObject(existing) && isConfigObject(value) ? mergeConfig(existing, value) : structuredClone(value);
  }
  return result;
}
