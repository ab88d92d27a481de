/** In-process plugins of the host (createHost({ plugins })). */
export { PluginRunner } from './plugin-runner.js';
export type { PluginRunnerOptions } from './plugin-runner.js';
export type { HostPlugin, PluginContext, PluginEventHandler } from './host-plugin.js';
