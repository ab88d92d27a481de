/** Running extension processes: resolving runnables, the environment contract, state files, foreground runs. */
export { RUNNABLE_ERROR_CODES, RunnableError } from './runnable-error.js';
export type { RunnableErrorCode } from './runnable-error.js';
export { resolveRunnable } from './resolve-runnable.js';
export type { Runnable, ResolveRunnableOptions, ResolvedCommand } from './resolve-runnable.js';
export { findExecutableOnPath } from './find-on-path.js';
export { buildExtensionEnv, extensionEnvVariableNames } from './extension-env.js';
export type { ExtensionEnvInput } from './extension-env.js';
export { ensureStateDir } from './state-dir.js';
export {
  SIDECAR_CONFIG_FILE_NAME,
  LOGS_DIR_NAME,
  commandConfigFileName,
  ownerPidOfReservedFile,
} from './reserved-state-names.js';
export { writeCommandConfigFile } from './command-config-file.js';
export type { DisposableFile } from './command-config-file.js';
export { sweepStaleCommandConfigFiles } from './stale-config-sweep.js';
export { exitCodeOf } from './exit-code.js';
export { runForegroundCommand } from './foreground-command.js';
export type { ForegroundCommand } from './foreground-command.js';
export { planLaunch } from './launch-plan.js';
export type { LaunchKind, LaunchPlan, LaunchOptions, LaunchHost } from './launch-plan.js';
export { runCommand } from './run-command.js';
export { decideCommand } from './command-verdict.js';
export type { CommandVerdict, CommandFix, CommandVerdictInput } from './command-verdict.js';
export { EXTENSION_API_VERSION, hostBinPath } from './extension-env.js';
export { HUB_TOKEN_FILE_NAME, hubTokenFile, readHubToken } from './hub-token.js';
