import { replyText } from '../http/reply.js';
import { refuse } from '../routing/refuse.js';
import type { HttpCall, Route } from '../routing/route.js';

/** The path of the hub's Prometheus metrics (behind the hub's token, like every route). */
export const METRICS_PATH = '/metrics';

/**
 * `GET /metrics`: the hub's metrics as Prometheus text (see HubMetrics), a row of the route table. 503 naming
 * the fix when this hub runs without metrics (an embedder's server built without them).
 */
export const metricsRoutes: readonly Route[] = [{ path: METRICS_PATH, methods: ['GET', 'HEAD'], handle: serveMetrics }];

async function serveMetrics(call: HttpCall): Promise<void> {
  const { ctx, req, res } = call;
  if (!ctx.metrics) {
    return refuse(call, 'HUB_UNAVAILABLE', 'this hub keeps no metrics', { status: 503, fix: `start it with \`${ctx.host.identity.id} hub start\` (an embedding server passes HubServer its \`metrics\`)` });
  }
  replyText(res, 200, ctx.metrics.contentType, await ctx.metrics.text(), req.method === 'HEAD');
}
