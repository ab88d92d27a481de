/** Processes a host starts: keeping their groups from outliving the host. */
export { ProcessGroupWatchdog } from './process-group-watchdog.js';
export type { GroupWatchdog, ProcessGroupWatchdogOptions } from './process-group-watchdog.js';
export { ProcSampler } from './proc-sample.js';
export type { ProcSample } from './proc-sample.js';
