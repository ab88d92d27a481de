import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestOrigin } from '../auth/host-check.js';
import type { HubContext } from './hub-context.js';

/** What a route's handler is given: the request as admitted by the gate, and the parameters its pattern took. */
export interface RouteCall {
  ctx: HubContext;
  req: IncomingMessage;
  /** The path as sent (checked, never decoded), and the query string (`?…` or ''). */
  path: string;
  query: string;
  /** `:name` segments of the pattern, and `rest` for a final `*` (starting with '/'). */
  params: Readonly<Record<string, string>>;
  /** Which origin the request came to (the hub's, or a sidecar's own). */
  origin: RequestOrigin;
}

/** An HTTP request routed to a handler. */
export interface HttpCall extends RouteCall {
  res: ServerResponse;
}

/** A WebSocket upgrade routed to a handler. */
export interface UpgradeCall extends RouteCall {
  socket: Duplex;
  head: Buffer;
}

/**
 * One row of the hub's route table (server/route-table.ts). A request goes to the first row whose origin,
 * path, query and method match; a path some row serves with other methods is answered 405 with `Allow`, any
 * other 404. Rows are plain data: adding a route is adding a row to the list of its area.
 */
export interface Route {
  /**
   * The path pattern: literal segments, `:name` for one non-empty segment, and a final `/*` for the rest of
   * the path (its `rest` parameter, '/' and on; the pattern `/x/:name/*` matches `/x/web/` and `/x/web/a`).
   * `/api/v1/…` is served by the `/api/…` rows (wire version 1 pinned).
   */
  path: string;
  /** Methods of `handle` (`'*'`: any). Default `['GET']`. */
  methods?: readonly string[] | '*';
  /** The origin it is served on. Default `'hub'`; `'sidecar'` rows serve `<name>.localhost`. */
  origin?: RequestOrigin['kind'];
  /** Matches only when the query string has this parameter (the sign-in links on `/`). */
  queryParam?: string;
  /**
   * Served without the token: the sign-in exchanges, which check a one-time code or the token themselves.
   * Default false: the gate refuses a request without the token, and a foreign Origin on anything mutating.
   */
  public?: boolean;
  /** Answers an HTTP request. A row without it serves only upgrades. */
  handle?: (call: HttpCall) => void | Promise<void>;
  /** Completes (or refuses) a WebSocket upgrade. A row without it refuses upgrades with 404. */
  upgrade?: (call: UpgradeCall) => void | Promise<void>;
}
