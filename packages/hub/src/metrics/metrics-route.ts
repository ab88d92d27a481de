import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HubContext } from '../server/hub-context.js';
import { sendError, sendText } from '../server/http-reply.js';

/** The path of the hub's Prometheus metrics (behind the hub's token, like every route). */
export const METRICS_PATH = '/metrics';

/**
 * `GET /metrics`: the hub's metrics as Prometheus text (see HubMetrics). 503 naming the fix when this hub
 * runs without metrics (an embedder's server built without them), 405 for other methods.
 */
export async function serveMetrics(ctx: HubContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, 405, `${req.method} is not allowed on ${METRICS_PATH}; use GET`, { allow: 'GET, HEAD' });
  if (!ctx.metrics) return sendError(res, 503, `this hub keeps no metrics: start it with \`${ctx.host.identity.id} hub start\` (an embedding server passes HubServer its \`metrics\`)`);
  sendText(res, 200, ctx.metrics.contentType, await ctx.metrics.text(), req.method === 'HEAD');
}
