/**
 * The process kit: what the host owns about every process it supervises (peers, the hub's sidecars). One
 * spawn path from a launch plan, the lifetime pipe and process group, the stop ladder, the crash window,
 * the log files, the figures a page shows, resource limits (a cgroup or rlimits), and the host's table.
 */
export { ProcessGroupWatchdog } from './process-group-watchdog.js';
export type { GroupWatchdog, ProcessGroupWatchdogOptions } from './process-group-watchdog.js';
export { SupervisedProcess, describeProcessExit } from './supervised-process.js';
export type { ProcessExit, ProcessFigures, ProcessStopOptions, SpawnPlan, SupervisedProcessOptions } from './supervised-process.js';
export { CrashWindow } from './crash-window.js';
export type { CrashWindowOptions } from './crash-window.js';
export { ProcessLog } from './process-log.js';
export type { ProcessLogOptions } from './process-log.js';
export { ProcSampler, readOpenSockets, readProc } from './proc-sample.js';
export { readCpuThrottling } from './cpu-throttling.js';
export type { CpuThrottling } from './cpu-throttling.js';
export type { ProcFigures, ProcReading } from './proc-sample.js';
export { ProcessTable } from './process-table.js';
export type { LastExit, OpenConnections, ProcessRow, ProcessSource } from './process-table.js';
export { ProcessContainment } from './containment.js';
export type { Containment, ProcessContainmentOptions } from './containment.js';
export { LIMIT_KEYS, OVER_MEMORY_LIMIT, effectiveLimits, hasLimits, limitProblems, limitRaises } from './resource-limits.js';
export type { LimitMode, LimitProblem, LimitRaise, ResourceLimits } from './resource-limits.js';
