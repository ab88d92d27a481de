/**
 * `@outboard/host/run`: launching extension processes, as an embedder uses it. A launch is planned by the host
 * (`host.planLaunch`, the one place the runnable is resolved and the environment contract built) and a command's
 * plan is run with {@link runCommand}. The building blocks (runnable resolution, the environment, state files)
 * are internals of the plan and are not exported.
 */
export type { LaunchKind, LaunchPlan, LaunchOptions, LaunchDecision, MaterializeHost } from './launch-plan.js';
export { materializeLaunch } from './launch-plan.js';
export { runningHub, runningHubEndpoint, type RunningHub } from './running-hub.js';
export { startInputTrace, type InputTrace, type InputTraceOptions, type TracedInputs } from './input-trace.js';
export { LAUNCH_RECORD_FORMAT, launchRecordFile, launchRecordKey, readLaunchRecord, writeLaunchRecord, type LaunchRecordKey, type RecordedExtension } from './launch-record.js';
export type { CommandVerdict, CommandFix, UnapprovedSuggestion } from './command-verdict.js';
export { runCommand } from './run-command.js';
export { exitCodeOf } from './exit-code.js';
export { EXTENSION_API_VERSION } from './extension-env.js';
export { RUNNABLE_ERROR_CODES, RunnableError } from './runnable-error.js';
export type { RunnableErrorCode } from './runnable-error.js';
export { SIDECAR_CONFIG_FILE_NAME, LOGS_DIR_NAME } from './reserved-state-names.js';
export { HUB_TOKEN_FILE_NAME, hubTokenFile, readHubToken } from './hub-token-file.js';
export { HUB_STATE_FORMAT } from './hub-state-format.js';
export { missingDependencyLine, missingModuleLine, missingPackageLine } from './missing-module.js';
