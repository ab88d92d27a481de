import { parse } from 'node:path';
import { createHost, OutboardError, ProcessGroupWatchdog, registerProcessMethods } from '@outboard/host';
import type { CreateHostOptions, GroupWatchdog, Host, PeerManager, WatchHomeOptions } from '@outboard/host';
import { ensureHubToken } from '../auth/hub-files.js';
import { HubServer } from '../server/hub-server.js';
import type { SidecarRouter } from '../server/sidecar-router.js';
import { removeHubState, writeHubState } from './hub-state.js';
import { SidecarManager } from '../sidecars/sidecar-manager.js';

/** The default port of the hub. */
export const DEFAULT_HUB_PORT = 3117;

/** What a sidecar router is built from: the hub's host, its watchdog (so sidecars die with the hub) and its port. */
export interface SidecarRouterDeps {
  host: Host;
  watchdog: GroupWatchdog;
  port: () => number;
}

/** Options of {@link startHub}. */
export interface StartHubOptions {
  /** The host's identity, environment and home (`cwd` is ignored: the hub serves no single project). Required. */
  host: Omit<CreateHostOptions, 'cwd'>;
  /** Port on 127.0.0.1; 0 picks a free one. Default {@link DEFAULT_HUB_PORT}. */
  port?: number;
  /**
   * Builds the sidecar router. Default: `new SidecarManager({ host, watchdog })` (src/sidecars/), whose
   * sidecars share the hub's watchdog with its peers.
   */
  createRouter?: (deps: SidecarRouterDeps) => SidecarRouter;
  /** How the home is watched (poll intervals, polling only). Default: fs.watch with a 5 s safety poll, 500 ms polls where a folder cannot be watched. */
  watch?: WatchHomeOptions;
  /** Lines for the hub's log (never the token). Default: none. */
  log?: (line: string) => void;
}

/** A running hub. */
export interface RunningHub {
  readonly url: string;
  readonly port: number;
  readonly host: Host;
  /** A fresh sign-in link (`/?code=`: single use, valid 2 minutes), never the token. */
  signInLink(): { url: string; expiresAt: number };
  /** Orderly stop: no new requests, every sidecar and peer stopped, hub.json removed. Idempotent. */
  stop(reason: string): Promise<void>;
}

/**
 * Starts the hub in this process: the home (0700) and the token (`<home>/token`, a regular 0600 file; looser
 * ones throw OutboardError `HUB_FILES_UNSAFE`), a watchdog holding every sidecar's
 * process group, the shared peers (`onStartup` ones started), the server on 127.0.0.1, and hub.json.
 * Throws OutboardError `HUB_PORT_TAKEN` when the port is in use.
 */
export async function startHub(options: StartHubOptions): Promise<RunningHub> {
  const log = options.log ?? (() => undefined);
  // The hub serves no project: its host looks for none (the filesystem root holds no project's files).
  const host = createHost({ ...options.host, cwd: parse(process.cwd()).root });
  // Refuses a home others can write or a loose token file (HUB_FILES_UNSAFE), creating both privately when missing.
  const token = ensureHubToken(host.home);
  // The host owns freshness: a change to the home by any process reaches discovery, sidecars, peers, actions and RPC.
  const homeWatch = host.watchHome(options.watch);
  const watchdog = new ProcessGroupWatchdog();
  let port = 0;
  const router = options.createRouter?.({ host, watchdog, port: () => port }) ?? new SidecarManager({
      host,
      watchdog,
      onTransition: (t) => host.bus.publish({ type: 'sidecar.state', source: host.identity.id, attributes: { extension: t.extension, from: t.from, to: t.to, ...(t.reason ? { reason: t.reason } : {}) } }),
    });
  const peers: PeerManager = await host.peers();
  // `processes.list` (the Running page, agents): the host's peers and this hub's sidecars.
  const processMethods = registerProcessMethods(host.rpc, { peers: () => host.peers(), sidecars: () => router.list() });
  const server = new HubServer({ host, router, token, peers, bin: host.identity.binPath ?? null });
  const wanted = options.port ?? DEFAULT_HUB_PORT;
  try {
    port = await server.listen(wanted);
  } catch (error) {
    homeWatch.dispose();
    await peers.dispose();
    watchdog.dispose();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new OutboardError('HUB_PORT_TAKEN', `port ${wanted} on 127.0.0.1 is already in use by another program`, { hint: `pass another port with \`${host.identity.id} hub start --port <n>\`, or stop that program` });
    }
    throw error;
  }
  const url = `http://127.0.0.1:${port}/`;
  writeHubState(host.home, { pid: process.pid, port, url, startedAt: new Date().toISOString(), version: host.identity.version });
  log(`hub listening on ${url} (pid ${process.pid})`);
  // Peers that ask to start with the hub; a failing one is logged and does not stop the hub.
  peers.startOnStartup().catch((error: unknown) => log(`a peer failed to start: ${(error as Error).message}`));
  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    host,
    signInLink: () => server.signInLink(),
    stop: (reason) =>
      (stopping ??= (async () => {
        log(`hub stopping: ${reason}`);
        removeHubState(host.home, process.pid);
        homeWatch.dispose();
        processMethods.dispose();
        await server.close();
        await Promise.allSettled([router.stopAll(), peers.dispose()]);
        watchdog.dispose();
        log('hub stopped');
      })()),
  };
}
