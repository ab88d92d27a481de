// @outboard/hub: the long-lived process serving extension sidecars, the hub API and shared peers (DESIGN §7).
export type { SidecarMount, SidecarRouter } from './server/sidecar-router.js';
