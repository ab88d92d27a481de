// @outboard/hub: the long-lived process serving extension sidecars, the hub API and shared peers (DESIGN §7).
export type { SidecarMount, SidecarRouter } from './server/sidecar-router.js';
export { HubServer, MAX_HEADER_BYTES } from './server/hub-server.js';
export type { HubServerOptions } from './server/hub-server.js';
export { HUB_API_VERSION } from './api/api-version.js';
export { ensureHubToken, tokenMatches } from './auth/hub-token.js';
export { tokenCookieName, tokenHeaderName } from './auth/credentials.js';
