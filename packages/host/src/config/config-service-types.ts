import type { ResourceLimits } from '../process/resource-limits.js';
import type { CorruptFileDiagnostic } from '../store/index.js';
import type { ConfigScope } from './config-files.js';
import type { ConfigProblem } from './config-problem.js';
import type { ExtensionConfigSchema } from './schema-source.js';

/** Options of `ConfigService`. */
export interface ConfigServiceOptions {
  /** The host id; the project file is `.<id>.json`. Lowercase slug. Required. */
  hostId: string;
  /** The host home; the user file is `<home>/config.json`. Required. */
  home: string;
  /** Where the command runs; the project root is searched from here. Required. */
  cwd: string;
  /**
   * The project root when the caller already found it with `findProjectRoot` (the host does, so config,
   * approvals and discovery agree); `null` for no project. Default: found from `cwd`.
   */
  projectRoot?: string | null;
  /** Finds an extension's config schema, so `set` validates `extensions.<name>` keys. Default: no schemas. */
  schemaFor?: (name: string) => ExtensionConfigSchema | undefined | Promise<ExtensionConfigSchema | undefined>;
  /** Finds an extension's manifest limits, so `set` refuses a raise of them under `extensions.<name>.limits`. Default: none. */
  limitsFor?: (name: string) => ResourceLimits | undefined | Promise<ResourceLimits | undefined>;
  /** Lock wait and staleness for writes, in ms. Default: `timeoutMs` 10000, `staleMs` 30000. */
  lock?: { timeoutMs?: number; staleMs?: number };
}

/** Options of `ConfigService.set`. */
export interface ConfigSetOptions {
  /** The file written. Default `project`. */
  scope?: ConfigScope;
  /** The schema of the extension the key belongs to; overrides `schemaFor`. Default: from `schemaFor`. */
  schema?: ExtensionConfigSchema;
}

/** The outcome of a write. */
export interface ConfigWriteResult {
  /** The scope written. */
  readonly scope: ConfigScope;
  /** Absolute path of the file written. */
  readonly file: string;
  /** The value now stored at the key in that file (`undefined` after an unset). */
  readonly value: unknown;
  /** False when the file already held exactly this (nothing was written). */
  readonly changed: boolean;
  /** Keys the extension's schema requires that are still missing; they did not stop the write. */
  readonly missing: readonly ConfigProblem[];
  /** Set when the file was corrupt and was moved aside before the write (see `keptAt`). */
  readonly quarantined?: CorruptFileDiagnostic;
}

/** Options of `ConfigService.checkExtensionConfig`. */
export interface ConfigCheckOptions {
  /** Report missing required keys as problems too (before a run). Default true. */
  requireAll?: boolean;
  /** `merged` (project over user, for a command) or `user` alone (for a sidecar). Default `merged`. */
  scope?: 'merged' | 'user';
  /** The extension's schema; overrides `schemaFor`. Default: from `schemaFor`; none → no problems. */
  schema?: ExtensionConfigSchema;
}

/** The checked config section of one extension. */
export interface ExtensionConfigCheck {
  /** The section (`{}` when absent): what the extension's config file should hold. */
  readonly value: unknown;
  /** Every problem (missing keys flagged `missing: true`); empty when the section passes or there is no schema. */
  readonly problems: readonly ConfigProblem[];
}

/** The dev-extension folders after a change. */
export interface DevPathsChange {
  /** The list now stored: absolute, normalised, deduplicated. */
  readonly paths: readonly string[];
  /** Whether the list changed. */
  readonly changed: boolean;
  /** The user config file. */
  readonly file: string;
  /** Set when the user config was corrupt and moved aside first. */
  readonly quarantined?: CorruptFileDiagnostic;
}
