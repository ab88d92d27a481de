import { apiRoutes } from '../api/api-routes.js';
import { automationsRoutes } from '../api/automations-api.js';
import { metricsRoutes } from '../metrics/metrics-route.js';
import { pageRoutes } from '../pages/page-routes.js';
import type { Route } from '../routing/route.js';
import { transportRoutes } from '../transports/transport-routes.js';
import type { WsEndpoint } from '../transports/ws-endpoint.js';
import { mountRoutes } from './mount-routes.js';
import { signInRoutes } from './sign-in.js';

/**
 * The hub's ONE route table, HTTP and upgrades alike: the gate (gate.ts) matches every request against it,
 * and every answer a handler writes goes through http/reply.ts. Order matters only where rows share a path:
 * the sign-in exchanges on `/` (matched by their query parameter) come before the home page.
 *
 * To add a route: add a row to the list of its area (pages/page-routes.ts, api/api-routes.ts,
 * transports/transport-routes.ts...), or a new area's list here. A row is `{ path, methods?, handle?,
 * upgrade?, public?, origin?, queryParam? }` (routing/route.ts).
 */
export function routeTable(hostId: string, ws: WsEndpoint): readonly Route[] {
  return [...signInRoutes(hostId), ...apiRoutes, ...automationsRoutes, ...metricsRoutes, ...transportRoutes(ws), ...pageRoutes, ...mountRoutes];
}
