// @outboard/hub: the long-lived process serving extension sidecars, the hub API and shared peers (DESIGN §7).
export type { SidecarMount, SidecarRouter } from './server/sidecar-router.js';
export { HubServer, MAX_HEADER_BYTES } from './server/hub-server.js';
export type { HubServerOptions } from './server/hub-server.js';
export { HUB_API_VERSION } from './api/api-version.js';
export { ensureHubToken, tokenMatches } from './auth/hub-token.js';
export { tokenCookieName, tokenHeaderName } from './auth/credentials.js';
export { startHub, DEFAULT_HUB_PORT } from './daemon/hub-process.js';
export type { StartHubOptions, RunningHub, SidecarRouterDeps } from './daemon/hub-process.js';
export { hubStatus, spawnHubDaemon, stopHubDaemon, clearStaleHubState, probeHub, hubLogFile } from './daemon/hub-control.js';
export type { HubStatus, SpawnHubOptions } from './daemon/hub-control.js';
export { readHubState, hubStateFile } from './daemon/hub-state.js';
export type { HubState } from './daemon/hub-state.js';
export { UnavailableSidecarRouter } from './daemon/unavailable-router.js';
