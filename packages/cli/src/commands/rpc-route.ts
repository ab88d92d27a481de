import type { CliContext } from '../cli-context.js';
import { t } from '../terminal/text.js';
import { HubClient, type HubCallOptions } from '../hub-client/hub-client.js';
import { HubUnreachableError, type HubEndpoint } from '../hub-client/hub-endpoint.js';
import { findTrustedHub } from '../hub-client/hub-trust.js';

/**
 * Where a command's RPC calls go: the running hub of this home (its shared peers and plugins), else the host's
 * one RPC registry in this process, with this run's own peers wired in. Both serve the same methods with the
 * same verdicts and errors, so a command reads the same whichever route it got.
 */
export interface RpcRoute {
  /** `hub` through the trusted hub, `private` in this process. */
  readonly via: 'hub' | 'private';
  /** The hub the calls go to (its event stream is where changes are followed); absent on the private route. */
  readonly hub?: HubEndpoint;
  /** Calls `method`; rejects with the host's OutboardError (or the protocol's ResponseError) either way. */
  call(method: string, params: Record<string, unknown>, options?: HubCallOptions): Promise<unknown>;
  /** Closes the hub connection, or stops this run's peers. */
  dispose(): Promise<void>;
}

/**
 * Opens the route of this run: the hub when one runs and answered as this home's hub, else (after one warning
 * line when hub.json names a hub that did not) the private route. A hub that stopped accepting connections
 * since it answered is treated as gone.
 */
export async function openRpcRoute(ctx: CliContext): Promise<RpcRoute> {
  const trust = await findTrustedHub(ctx.host());
  if (trust.kind === 'untrusted') warnUntrusted(ctx, trust.url, trust.why);
  if (trust.kind === 'trusted') {
    try {
      const client = await HubClient.connect(trust.hub);
      return { via: 'hub', hub: trust.hub, call: (method, params, options) => client.call(method, params, options), dispose: async () => client.close() };
    } catch (error) {
      if (!(error instanceof HubUnreachableError)) throw error;
    }
  }
  return privateRoute(ctx);
}

/** The one line said when hub.json names a hub that is not this home's: why, and that the run goes on without it. */
export function warnUntrusted(ctx: CliContext, url: string, why: string): void {
  ctx.printError(ctx.err.yellow(t`warning: not using the hub in ${ctx.host().home}/hub.json (${url}): ${why}; running without it`));
}

async function privateRoute(ctx: CliContext): Promise<RpcRoute> {
  const { createHost } = await import('@outboard/host');
  const host = createHost({ identity: ctx.identity, cwd: ctx.io.cwd, env: ctx.io.env });
  // Wires the peers' declared methods into the registry: `rpc <peer method>` and `actions.*` reach this run's peers.
  const peers = await host.peers();
  return {
    via: 'private',
    call: (method, params, options = {}) =>
      host.rpc.call(method, params, { caller: 'cli', ...(options.signal ? { signal: options.signal } : {}), ...(options.onProgress ? { progress: options.onProgress } : {}) }),
    dispose: async () => {
      await peers.dispose();
      host.disposePlugins();
    },
  };
}
