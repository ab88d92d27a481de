import { parseEventStreamRequest } from './event-query.js';
import { handleEventStream } from './event-stream.js';
import { handleRpc } from './rpc-over-http.js';
import { agreeWireVersion } from './wire-version.js';
import type { WsEndpoint } from './ws-endpoint.js';
import { refuse } from '../routing/refuse.js';
import type { Route } from '../routing/route.js';

/** The event and RPC transports' rows of the route table: SSE/NDJSON events, JSON-RPC over POST and over WebSocket. */
export function transportRoutes(ws: WsEndpoint): Route[] {
  return [
    {
      path: '/api/events',
      handle: (call) => {
        const lastEventId = call.req.headers['last-event-id'];
        const asked = parseEventStreamRequest(call.query, typeof lastEventId === 'string' ? lastEventId.trim() : undefined);
        if ('refused' in asked) return refuse(call, 'HUB_BAD_REQUEST', asked.refused);
        handleEventStream(call.ctx.host.bus, call.res, asked);
      },
    },
    { path: '/api/rpc', methods: ['POST'], handle: ({ ctx, req, res }) => handleRpc(req, res, ctx.host.rpc) },
    {
      path: '/api/ws',
      upgrade: (call) => {
        const agreed = agreeWireVersion(call.query);
        if ('refused' in agreed) return refuse(call, 'HUB_WIRE_VERSION', agreed.refused);
        ws.handleUpgrade(call.req, call.socket, call.head, agreed.version);
      },
    },
  ];
}
