import { OutboardError } from '../errors/outboard-error.js';
import type { ConfigProblem } from './config-problem.js';

/**
 * Stable codes of {@link ConfigError}:
 * - `CONFIG_NO_PROJECT`: a project write was asked for outside any project.
 * - `CONFIG_INVALID_KEY`: a dotted key is empty, has an empty segment or a forbidden name.
 * - `CONFIG_NOT_AN_OBJECT`: a key goes through a value that is not an object.
 * - `CONFIG_INVALID_VALUE`: the written value breaks a rule (schema, dev-path list); see `problems`.
 * - `CONFIG_USER_ONLY`: `extensions.paths` may only be written to the user config.
 * - `CONFIG_RESERVED_NAME`: `paths` was used as an extension name.
 * - `CONFIG_CORRUPT`: a config file is not valid JSON or not an object.
 * - `CONFIG_SCHEMA_INVALID`: an extension's config schema is not a valid JSON Schema or a `$ref` fails.
 * - `CONFIG_SCHEMA_UNSUPPORTED`: the schema's `$schema` names a draft that is not supported.
 * - `CONFIG_DEV_PATH_MISSING`: a folder to link does not exist or is not a folder.
 * - `CONFIG_LIMIT_RAISED`: `extensions.<name>.limits` raises a limit of the extension's manifest.
 */
export type ConfigErrorCode =
  | 'CONFIG_NO_PROJECT'
  | 'CONFIG_INVALID_KEY'
  | 'CONFIG_NOT_AN_OBJECT'
  | 'CONFIG_INVALID_VALUE'
  | 'CONFIG_USER_ONLY'
  | 'CONFIG_RESERVED_NAME'
  | 'CONFIG_CORRUPT'
  | 'CONFIG_SCHEMA_INVALID'
  | 'CONFIG_SCHEMA_UNSUPPORTED'
  | 'CONFIG_DEV_PATH_MISSING'
  | 'CONFIG_LIMIT_RAISED';

/** Every code {@link ConfigError} can carry, for docs and exhaustiveness tests. */
export const CONFIG_ERROR_CODES: readonly ConfigErrorCode[] = [
  'CONFIG_NO_PROJECT',
  'CONFIG_INVALID_KEY',
  'CONFIG_NOT_AN_OBJECT',
  'CONFIG_INVALID_VALUE',
  'CONFIG_USER_ONLY',
  'CONFIG_RESERVED_NAME',
  'CONFIG_CORRUPT',
  'CONFIG_SCHEMA_INVALID',
  'CONFIG_SCHEMA_UNSUPPORTED',
  'CONFIG_DEV_PATH_MISSING',
  'CONFIG_LIMIT_RAISED',
];

/** A local (never serialised) config failure; `message` names the problem and the fix. */
export class ConfigError extends OutboardError {
  override name = 'ConfigError';
  /** Stable code, see {@link ConfigErrorCode}. */
  declare readonly code: ConfigErrorCode;
  /** The rule violations behind a `CONFIG_INVALID_VALUE`; empty for other codes. */
  readonly problems: readonly ConfigProblem[];

  constructor(code: ConfigErrorCode, message: string, options: { problems?: readonly ConfigProblem[]; hint?: string; details?: readonly string[]; cause?: unknown } = {}) {
    super(code, message, {
      ...(options.hint === undefined ? {} : { hint: options.hint }),
      ...(options.details === undefined ? {} : { details: options.details }),
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.problems = options.problems ?? [];
  }
}
