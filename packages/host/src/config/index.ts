/** User and project configuration: files, dotted keys, merge, schema checks, dev paths, experimental flags. */
export { ConfigError, CONFIG_ERROR_CODES, type ConfigErrorCode } from './config-error.js';
export { formatConfigProblem, type ConfigProblem } from './config-problem.js';
export { parseConfigValue } from './config-value.js';
export { parseConfigKey, getAtPath, setAtPath, unsetAtPath, isConfigObject, type ConfigObject } from './config-key.js';
export { mergeConfig } from './config-merge.js';
export { findProjectRoot, projectConfigFileName } from './project-root.js';
export { readExperimentalFlags, type ExperimentalFlags } from './experimental-flags.js';
export { DEV_PATHS_KEY, normaliseDevPath } from './dev-paths.js';
export type { ExtensionConfigSchema } from './schema-source.js';
export { ExtensionConfigValidator, type CompiledConfigSchema, type ConfigCheckMode } from './extension-config-validator.js';
export type { ConfigScope, ConfigSnapshot } from './config-files.js';
export { ConfigService } from './config-service.js';
export type {
  ConfigServiceOptions,
  ConfigSetOptions,
  ConfigWriteResult,
  ConfigCheckOptions,
  ExtensionConfigCheck,
  DevPathsChange,
} from './config-service-types.js';
