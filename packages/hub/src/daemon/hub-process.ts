import { parse } from 'node:path';
import { createHost, ProcessGroupWatchdog } from '@outboard/host';
import { HubError } from './hub-error.js';
import type { CreateHostOptions, GroupWatchdog, Host, HostPlugin, PeerFleet, WatchHomeOptions } from '@outboard/host';
import { ensureHubToken } from './hub-files.js';
import { HubServer } from '../server/hub-server.js';
import type { SidecarRouter } from '../proxy/sidecar-router.js';
import { removeHubState, writeHubState } from './hub-state.js';
import { SidecarFleet } from '../sidecars/sidecar-fleet.js';

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
   * Builds the sidecar router. Default: `new SidecarFleet({ host, watchdog })` (src/sidecars/), whose
   * sidecars share the hub's watchdog with its peers.
   */
  createRouter?: (deps: SidecarRouterDeps) => SidecarRouter;
  /** How the home is watched (poll intervals, polling only). Default: fs.watch with a 5 s safety poll, 500 ms polls where a folder cannot be watched. */
  watch?: WatchHomeOptions;
  /** Lines for the hub's log (never the token); also the host's log (its plugins' failures). Default: none. */
  log?: (line: string) => void;
  /** Keep Prometheus metrics for `/metrics`. Default true. */
  metrics?: boolean;
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
 * ones throw HubError `HUB_FILES_UNSAFE`), a watchdog holding every sidecar's
 * process group, the shared peers (`onStartup` ones started), the server on 127.0.0.1, and hub.json.
 * Throws HubError `HUB_PORT_TAKEN` when the port is in use.
 */
export async function startHub(options: StartHubOptions): Promise<RunningHub> {
  const log = options.log ?? (() => undefined);
  // The hub serves no project: its host looks for none (the filesystem root holds no project's files).
  // The OpenTelemetry export is loaded only when the environment asks for it (its SDK costs start-up time).
  const plugins = [...(options.host.plugins ?? []), ...(await telemetryPlugins(options.host))];
  const host = createHost({ ...(options.log ? { log: options.log } : {}), ...options.host, plugins, cwd: parse(process.cwd()).root });
  await host.ready();
  // Refuses a home others can write or a loose token file (HUB_FILES_UNSAFE), creating both privately when missing.
  const token = ensureHubToken(host.home);
  // The host owns freshness: a change to the home by any process reaches discovery, sidecars, peers, actions and RPC.
  const homeWatch = host.watchHome(options.watch);
  const watchdog = new ProcessGroupWatchdog();
  let port = 0;
  const router = options.createRouter?.({ host, watchdog, port: () => port }) ?? new SidecarFleet({
      host,
      watchdog,
      onTransition: (t) => host.bus.publish({ type: 'sidecar.state', source: host.identity.id, attributes: { extension: t.extension, from: t.from, to: t.to, ...(t.reason ? { reason: t.reason } : {}) } }),
      onLimit: (e) => host.bus.publish({ type: 'extension.process.limit', source: host.identity.id, attributes: { extension: e.extension, kind: e.kind, limit: e.limit, reason: e.reason } }),
    });
  const peers: PeerFleet = await host.peers();
  const metrics = options.metrics === false ? undefined : new (await import('../metrics/hub-metrics.js')).HubMetrics({ host });
  const server = new HubServer({ host, router, token, peers, bin: host.identity.binPath ?? null, ...(metrics ? { metrics } : {}) });
  const wanted = options.port ?? DEFAULT_HUB_PORT;
  try {
    port = await server.listen(wanted);
  } catch (error) {
    homeWatch.dispose();
    metrics?.dispose();
    await Promise.allSettled([peers.dispose(), host.closePlugins()]);
    watchdog.dispose();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new HubError('HUB_PORT_TAKEN', `port ${wanted} on 127.0.0.1 is already in use by another program`, { hint: `pass another port with \`${host.identity.id} hub start --port <n>\`, or stop that program` });
    }
    throw error;
  }
  const url = `http://127.0.0.1:${port}/`;
  // The hub runs the automations: through the one action path, with each extension's own grants.
  const automations = await host.automations.startRunner({ bus: host.bus, invoke: (id, input, signal) => peers.invokeAction(id, input, { signal }), log });
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
        await server.close();
        // Before the peers stop: a run in progress is recorded as interrupted, not as a failure.
        await automations.dispose();
        await Promise.allSettled([router.stopAll(), peers.dispose()]);
        // After the peers: their last events are exported too (the exporter's flush is bounded).
        await host.closePlugins();
        metrics?.dispose();
        watchdog.dispose();
        log('hub stopped');
      })()),
  };
}

/**
 * The OpenTelemetry plugin (`@outboard/otel`) when the process's environment configures an OTLP endpoint (the
 * SDK reads `process.env`, so that is the environment asked), else none.
 */
async function telemetryPlugins(host: StartHubOptions['host']): Promise<HostPlugin[]> {
  if (!(await import('@outboard/otel/env')).isOtelConfigured(process.env)) return [];
  const otel = await import('@outboard/otel');
  return [otel.otelPlugin({ serviceName: host.identity.id, ...(host.identity.version ? { serviceVersion: host.identity.version } : {}) })];
}
