// @outboard/hub: the long-lived process serving extension sidecars, the hub API and shared peers (DESIGN §7).
export type { SidecarMount, SidecarRouter } from './server/sidecar-router.js';
export { SidecarManager } from './sidecars/sidecar-manager.js';
export type { SidecarManagerOptions } from './sidecars/sidecar-manager.js';
export type { SidecarState } from './sidecars/sidecar-supervisor.js';
export { SidecarError } from './sidecars/sidecar-error.js';
export type { SidecarErrorCode } from './sidecars/sidecar-error.js';
export { planSidecarLaunch, describeSidecarLaunch, sidecarLogFile } from './sidecars/sidecar-plan.js';
export type { SidecarHost, SidecarLaunch, SidecarPlanView } from './sidecars/sidecar-plan.js';
export type { SidecarLifecycle } from './sidecars/sidecar-options.js';
export { proxyHttp } from './proxy/proxy-http.js';
export { proxyUpgrade } from './proxy/proxy-upgrade.js';
export { proxyNames } from './proxy/proxy-target.js';
export type { ProxyNames, ProxyTarget } from './proxy/proxy-target.js';
export { forwardRequestHeaders, forwardResponseHeaders, locationInMount } from './proxy/proxy-headers.js';
export type { ForwardContext, HeaderBag } from './proxy/proxy-headers.js';
