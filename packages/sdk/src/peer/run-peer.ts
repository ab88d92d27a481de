import { Connection, ResponseError, StdioTransport, servePeerHandshake, type Disposable, type PeerContributions, type PeerSession, type RequestContext } from '@outboard/protocol';
import { readFileSync } from 'node:fs';
import { HostReachability } from '../host-reachability.js';
import { ledger } from '../ledger.js';
import { PollLane } from '../poll.js';
import { PeerScope } from '../scope.js';
import { Declarations } from './declarations.js';
import { readOwnPackage, type OwnPackage } from './own-manifest.js';
import type { ActionHandler, HandlerContext, PeerApi, PeerContext, PeerDefinition, ProviderHandler, RpcHandler, ViewHandler } from './peer-api.js';
import { createPeerApi } from './peer-api-impl.js';

/** Options of {@link runPeer}, for tests and embedders; a peer needs none. */
export interface RunPeerOptions {
  /** The connection to the host. Default: stdin/stdout. */
  readonly connection?: Connection;
  /** The peer's own package. Default: read from the package.json above the entry script. */
  readonly ownPackage?: OwnPackage;
  /** Called once the peer stopped (shutdown, lost host). Default: exit the process. */
  readonly onStopped?: () => void;
  readonly env?: NodeJS.ProcessEnv;
}

/** A running peer. */
export interface RunningPeer {
  /** Resolves once `activate` ran (rejects when it failed). */
  readonly ready: Promise<void>;
  /** Deactivates and unwinds (as on shutdown). */
  stop(): Promise<void>;
}

/**
 * Runs a peer: answers the handshake with the identity and contributions of the peer's own manifest
 * (package.json), calls `activate(api, context)`, serves `actions/invoke` and `rpc/invoke`, and on shutdown
 * or a lost host calls `deactivate` and disposes `context.subscriptions` last first, then exits.
 * console.* goes to stderr, so a stray log cannot corrupt the wire. Started by hand (no launch guard), it
 * says what it is and exits 2.
 */
export function runPeer(definition: PeerDefinition, options: RunPeerOptions = {}): RunningPeer {
  const env = options.env ?? process.env;
  const guardKey = Object.keys(env).find((key) => /^[A-Z][A-Z0-9]*_PEER_HOST$/.test(key));
  if (!options.connection && guardKey === undefined) {
    process.stderr.write('This is an Outboard peer: the host starts it when one of its actions runs (`outboard actions list`).\n');
    process.exit(2);
  }
  const hostId = guardKey ? (env[guardKey] as string) : 'outboard';
  const prefix = guardKey ? guardKey.slice(0, -'_PEER_HOST'.length) : 'OUTBOARD';
  const own = options.ownPackage ?? readOwnPackage(process.argv[1] ?? '', hostId);
  const declared = new Declarations(own.manifest);
  const actions = new Map<string, ActionHandler>();
  const rpcs = new Map<string, RpcHandler>();
  const providers = new Map<string, ProviderHandler>();
  const views = new Map<string, ViewHandler>();
  for (const id of Object.keys(definition.actions ?? {})) declared.action(id);
  for (const id of Object.keys(definition.providers ?? {})) declared.provider(id);
  for (const id of Object.keys(definition.views ?? {})) declared.view(id);
  for (const method of Object.keys(definition.rpc ?? {})) declared.rpcMethod(method);

  const connection = options.connection ?? new Connection({ transport: new StdioTransport({ exitOnStdinEnd: false, redirectConsole: true }), name: 'host' });
  const subscriptions: Disposable[] = [];
  // This peer's own scope, host reachability and poll lane: nothing of one peer is shared with another run in the process.
  const scope = new PeerScope();
  const reachability = new HostReachability();
  const lane = new PollLane({ scope, reachability });
  let stopped: Promise<void> | undefined;
  const unwind = async (): Promise<void> => {
    reachability.set(false);
    try {
      await definition.deactivate?.();
    } catch (error) {
      process.stderr.write(`deactivate failed: ${(error as Error).stack ?? String(error)}\n`);
    }
    for (const d of subscriptions.splice(0).reverse()) {
      try {
        d.dispose();
      } catch (error) {
        process.stderr.write(`a subscription failed to dispose: ${(error as Error).message}\n`);
      }
    }
  };
  const stop = (): Promise<void> => (stopped ??= unwind());

  const register = <H>(map: Map<string, H>, key: string, handler: H): Disposable => {
    if (map.has(key)) throw new Error(`"${key}" already has a handler; dispose the first one`);
    map.set(key, handler);
    const d = { dispose: () => void (map.get(key) === handler && map.delete(key)) };
    subscriptions.push(d);
    return d;
  };
  const activateAuthor = async (session: PeerSession): Promise<void> => {
    const projectId = typeof session.context.projectId === 'string' ? session.context.projectId : undefined;
    scope.set(projectId);
    reachability.set(true);
    const api: PeerApi = createPeerApi(connection, declared, subscriptions, {
      registerAction: (id, handler) => (declared.action(id), register(actions, id, handler)),
      registerRpc: (method, handler) => (declared.rpcMethod(method), register(rpcs, method, handler)),
      registerProvider: (id, handler) => (declared.provider(id), register(providers, id, handler)),
      registerView: (id, handler) => (declared.view(id), register(views, id, handler)),
    });
    for (const [id, handler] of Object.entries(definition.providers ?? {})) api.providers.register(id, handler);
    for (const [id, handler] of Object.entries(definition.views ?? {})) api.views.register(id, handler);
    for (const [id, handler] of Object.entries(definition.actions ?? {})) api.actions.register(id, handler);
    for (const [method, handler] of Object.entries(definition.rpc ?? {})) api.rpc.register(method, handler);
    const context: PeerContext = {
      subscriptions,
      extension: { name: own.manifest.name, version: own.version },
      grants: session.grants,
      host: session.context,
      stateDir: env[`${prefix}_EXTENSION_STATE_DIR`] ?? process.cwd(),
      config: readConfig(env[`${prefix}_EXTENSION_CONFIG`]),
      scope,
      poll: (pollOptions) => lane.poll(pollOptions),
      ledger: (path) => ledger(path, { scope }),
    };
    try {
      await definition.activate?.(api, context);
    } catch (error) {
      const failure = new Error(`activate failed: ${(error as Error).message}`, { cause: error });
      process.stderr.write(`${own.manifest.name}: ${(error as Error).stack ?? failure.message}\n`);
      throw failure;
    }
  };
  // The author's activate runs while the host's `activate` request is pending, and the answer waits for it
  // (DESIGN §8): grants hold from the moment `activate` is sent, so `await api.status.set(...)` may come first
  // in activate, and the host shows the peer's contributions only once it is ready. A failed activate is
  // the answer's error (the host reports it as the activation failure, with the peer's stderr).
  let activated!: { resolve: () => void; reject: (error: Error) => void };
  const ready = new Promise<void>((resolve, reject) => (activated = { resolve, reject }));
  const handshake = servePeerHandshake(connection, {
    name: own.manifest.name,
    version: own.version,
    contributes: (own.manifest.contributes ?? {}) as PeerContributions,
    capabilities: own.manifest.capabilities ?? {},
    onShutdown: stop,
    onActivate: async (session) => {
      try {
        await activateAuthor(session);
      } catch (error) {
        activated.reject(error as Error);
        throw new ResponseError('unavailable', (error as Error).message);
      }
      activated.resolve();
    },
  });
  // A host gone before activation: `ready` says so (a no-op once activation settled it).
  handshake.ready.catch((error: Error) => activated.reject(error));
  ready.catch(() => undefined);
  /** Requests wait for the author's activate: an action it registers is there before the first call reaches it. */
  const whenActivated = (): Promise<void> => ready;

  const handlerContext = (ctx: RequestContext, projectId: string | undefined): HandlerContext => ({
    get signal() {
      return ctx.signal;
    },
    progress: (value) => ctx.progress(value),
    projectId,
  });
  connection.onRequest('actions/invoke', async (params: unknown, ctx) => {
    const p = (params ?? {}) as { id?: unknown; projectId?: unknown; args?: unknown };
    await whenActivated().catch(() => {
      throw new ResponseError('unavailable', `${own.manifest.name} failed to activate; see its log`);
    });
    const handler = typeof p.id === 'string' ? actions.get(p.id) : undefined;
    if (!handler) throw new ResponseError('not_found', `${own.manifest.name} has no handler for action ${JSON.stringify(p.id)}`);
    return (await handler(p.args ?? {}, handlerContext(ctx, typeof p.projectId === 'string' ? p.projectId : undefined))) ?? {};
  });
  connection.onRequest('rpc/invoke', async (params: unknown, ctx) => {
    const p = (params ?? {}) as { method?: unknown; params?: unknown };
    await whenActivated().catch(() => {
      throw new ResponseError('unavailable', `${own.manifest.name} failed to activate; see its log`);
    });
    const handler = typeof p.method === 'string' ? rpcs.get(p.method) : undefined;
    if (!handler) throw new ResponseError('method_not_found', `${own.manifest.name} serves no RPC method ${JSON.stringify(p.method)}`);
    return (await handler(p.params, handlerContext(ctx, undefined))) ?? null;
  });
  connection.onRequest('views/render', async (params: unknown, ctx) => {
    const p = (params ?? {}) as { id?: unknown; projectId?: unknown };
    await whenActivated().catch(() => {
      throw new ResponseError('unavailable', `${own.manifest.name} failed to activate; see its log`);
    });
    const handler = typeof p.id === 'string' ? views.get(p.id) : undefined;
    if (!handler) throw new ResponseError('not_found', `${own.manifest.name} has no renderer for view ${JSON.stringify(p.id)} (api.views.register)`);
    return handler(handlerContext(ctx, typeof p.projectId === 'string' ? p.projectId : undefined));
  });

  connection.onRequest('providers/query', async (params: unknown, ctx) => {
    const p = (params ?? {}) as { id?: unknown; query?: unknown; projectId?: unknown; limit?: unknown; cursor?: unknown };
    await whenActivated().catch(() => {
      throw new ResponseError('unavailable', `${own.manifest.name} failed to activate; see its log`);
    });
    const handler = typeof p.id === 'string' ? providers.get(p.id) : undefined;
    if (!handler) throw new ResponseError('not_found', `${own.manifest.name} has no handler for provider ${JSON.stringify(p.id)}`);
    const query = { query: typeof p.query === 'string' ? p.query : '', limit: typeof p.limit === 'number' ? p.limit : 50, ...(typeof p.cursor === 'string' ? { cursor: p.cursor } : {}) };
    return handler(query, handlerContext(ctx, typeof p.projectId === 'string' ? p.projectId : undefined));
  });
  connection.onClose(() => {
    void stop().then(options.onStopped ?? (() => process.exit(0)));
  });
  connection.listen();
  return { ready, stop };
}

function readConfig(file: string | undefined): Record<string, unknown> {
  if (!file) return {};
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
