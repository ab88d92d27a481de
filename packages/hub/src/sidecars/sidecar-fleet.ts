import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import type { Duplex } from 'node:stream';
import type { ExtensionRecord } from '@outboard/host';
import { ProcessGroupWatchdog, type Disposable, type ExtensionChange, type GroupWatchdog, type ProcessContainment } from '@outboard/host';
import { problemOf } from '../http/problem.js';
import { replyProblem, replyProblemOnSocket } from '../http/reply.js';
import { proxyHttp } from '../proxy/proxy-http.js';
import { proxyNames, type ProxyNames, type ProxyTarget } from '../proxy/proxy-target.js';
import { proxyUpgrade } from '../proxy/proxy-upgrade.js';
import type { SidecarMount, SidecarRouter, SidecarVerdict } from '../proxy/sidecar-router.js';
import type { SidecarErrorCode } from '../http/sidecar-codes.js';
import { SidecarError } from './sidecar-error.js';
import { resolveLifecycle, type SidecarLifecycle } from './sidecar-options.js';
import { findServedSidecar, planSidecarLaunch, sidecarLogFile, type SidecarHost } from './sidecar-plan.js';
import { SidecarSupervisor, type SidecarStatus, type SidecarTransition } from './sidecar-supervisor.js';

/** Options of {@link SidecarFleet}: the host, and any lifecycle number to override (see sidecar-limits.ts). */
export interface SidecarFleetOptions extends Partial<SidecarLifecycle> {
  /** The host whose extensions are served (required). Build it with no project: the hub serves none. */
  host: SidecarHost;
  /** Keeps sidecar process groups from outliving the hub. Default: a watchdog of the fleet's own (share the peers' one). */
  watchdog?: GroupWatchdog;
  /** Every sidecar's changes of state (the hub publishes them as `sidecar.state`). Default: none. */
  onTransition?: (transition: SidecarTransition) => void;
  /** A sidecar stopped for going over a resource limit (the hub publishes `extension.process.limit`). Default: none. */
  onLimit?: (event: { extension: string; kind: 'sidecar'; limit: 'memory'; reason: string }) => void;
}

/**
 * The hub's sidecars: one {@link SidecarSupervisor} per extension, the proxy in front of them, and the
 * checks that decide which are served. Freshness is the host's: a request whose name was checked in the
 * inventory's current generation is proxied at once (one comparison), any other is checked against the
 * inventory as it is now; a sidecar whose extension changed (disabled, unapproved, removed, re-approved) is
 * stopped as soon as the host publishes the change, so the next request starts what is approved now.
 * Implements the server's {@link SidecarRouter}; dispose it (or {@link stopAll}) when the hub stops.
 */
export class SidecarFleet implements SidecarRouter, Disposable {
  private readonly host: SidecarHost;
  private readonly lifecycle: SidecarLifecycle;
  private readonly watchdog: GroupWatchdog;
  private readonly ownWatchdog: ProcessGroupWatchdog | undefined;
  private readonly names: ProxyNames;
  private readonly supervisors = new Map<string, SidecarSupervisor>();
  /** Each name last found served, with the inventory generation that verdict was taken in. */
  private readonly served = new Map<string, { ext: ExtensionRecord; generation: number }>();
  private readonly onTransition: ((transition: SidecarTransition) => void) | undefined;
  private readonly onLimit: SidecarFleetOptions['onLimit'];
  /** Each supervisor's row in the host's process table. */
  private readonly rows: Disposable[] = [];
  private readonly followed: Disposable | undefined;

  constructor(options: SidecarFleetOptions) {
    const { host, watchdog, onTransition, onLimit, ...lifecycle } = options;
    this.onTransition = onTransition;
    this.onLimit = onLimit;
    this.host = host;
    this.lifecycle = resolveLifecycle(lifecycle);
    this.ownWatchdog = watchdog ? undefined : new ProcessGroupWatchdog();
    this.watchdog = watchdog ?? (this.ownWatchdog as ProcessGroupWatchdog);
    this.names = proxyNames(host.identity.id);
    this.followed = host.onExtensionsChanged?.((changes) => this.followChanges(changes));
  }

  handleRequest(req: IncomingMessage, res: ServerResponse, mount: SidecarMount): void {
    // The common case, without a promise or any disk: a running sidecar found served in the current generation.
    const ready = this.ready(mount.name);
    if (ready) {
      res.once('close', ready.supervisor.begin());
      proxyHttp(req, res, mount, ready.target, this.names);
      return;
    }
    const refuse = (error: SidecarError): void => replyProblem(req, res, problemOf(this.host.identity, error));
    void this.serve(mount, refuse, (target, supervisor) => {
      const end = supervisor.begin();
      res.once('close', end);
      proxyHttp(req, res, mount, target, this.names);
    }, res);
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, mount: SidecarMount): void {
    socket.on('error', () => undefined);
    void this.serve(mount, (error) => replyProblemOnSocket(socket, problemOf(this.host.identity, error)), (target, supervisor) => {
      // A client gone while the sidecar started: nothing to forward (its 'close' has passed, so nothing would count it out).
      if (socket.destroyed) return;
      // The upgrade counts as a request until it is piped, then as an open WebSocket until it closes.
      const pending = supervisor.begin();
      socket.once('close', pending);
      proxyUpgrade(req, socket, head, mount, target, this.names, () => {
        const open = supervisor.begin();
        pending();
        return open;
      }, this.lifecycle.halfCloseGraceMs);
    });
  }

  /**
   * Whether `name`'s sidecar is served now, read as every request is (fresh approvals, discovery refreshed
   * when it disagrees): undefined, or the refusal with its status. The hub's redirect to the extension's own
   * origin and its code exchange ask this, so they never hand out a session the proxy would refuse.
   */
  async verdict(name: string): Promise<SidecarVerdict | undefined> {
    try {
      const generation = this.host.generation;
      this.served.set(name, { ext: await findServedSidecar(this.host, name), generation });
      return undefined;
    } catch (error) {
      this.served.delete(name);
      const refusal = asSidecarError(error);
      return { status: refusal.status, error: refusal.message, code: refusal.code as SidecarErrorCode, ...(refusal.hint ? { fix: refusal.hint } : {}) };
    }
  }

  list(): SidecarStatus[] {
    return [...this.supervisors.values()].map((s) => s.status()).sort((a, b) => a.name.localeCompare(b.name));
  }

  async stop(name: string): Promise<boolean> {
    return (await this.supervisors.get(name)?.stop('stop asked for')) ?? false;
  }

  /** Stops the sidecar if it runs and starts it again (checks included); throws the SidecarError of a refused or failed start. */
  async restart(name: string): Promise<boolean> {
    await findServedSidecar(this.host, name);
    return this.supervisorFor(name).restart();
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.supervisors.values()].map((s) => s.stop('the hub is stopping')));
    await Promise.all([...this.supervisors.values()].map((s) => s.log.close()));
  }

  /** Stops the sweep and every sidecar; the fleet's own watchdog goes last. */
  dispose(): void {
    this.followed?.dispose();
    for (const row of this.rows.splice(0)) row.dispose();
    void this.stopAll().finally(() => this.ownWatchdog?.dispose());
  }

  /** Checks the name, starts its sidecar if needed, then hands over; any refusal is answered by `refuse`. */
  private async serve(mount: SidecarMount, refuse: (error: SidecarError) => void, forward: (target: ProxyTarget, supervisor: SidecarSupervisor) => void, res?: ServerResponse): Promise<void> {
    let supervisor: SidecarSupervisor | undefined;
    let end: (() => void) | undefined;
    try {
      // The generation is read before the inventory: a change while it is read moves it on, so the verdict is not kept.
      const generation = this.host.generation;
      this.served.set(mount.name, { ext: await findServedSidecar(this.host, mount.name), generation });
      supervisor = this.supervisorFor(mount.name);
      // Counted from here, so a sidecar never goes idle under a request waiting for it.
      end = supervisor.begin();
      const target = await supervisor.acquire();
      if (res?.destroyed) return;
      forward(target, supervisor);
    } catch (error) {
      const refusal = asSidecarError(error);
      this.served.delete(mount.name);
      // A name no longer served (disabled, removed) stops at once what still runs.
      if (refusal.code !== 'SIDECAR_UNAVAILABLE') void this.supervisors.get(mount.name)?.stop(`no longer served: ${refusal.message}`);
      refuse(refusal);
    } finally {
      end?.();
    }
  }

  /** The target of a running sidecar whose name was found served in the inventory's current generation, else undefined (the full path decides). */
  private ready(name: string): { target: ProxyTarget; supervisor: SidecarSupervisor } | undefined {
    const served = this.served.get(name);
    const supervisor = this.supervisors.get(name);
    const target = supervisor?.ready;
    if (!served || served.generation !== this.host.generation || !supervisor || !target) return undefined;
    return { target, supervisor };
  }

  private supervisorFor(name: string): SidecarSupervisor {
    let supervisor = this.supervisors.get(name);
    if (!supervisor) {
      const logFile = sidecarLogFile(this.host.home, name);
      supervisor = new SidecarSupervisor({
        name,
        // Every start, a restart after a crash included, is checked like a first one: discovery is read
        // afresh, so the code digest compared with the approval is that of the files about to run.
        launch: async (port, secret) => {
          this.host.refresh?.();
          return planSidecarLaunch(this.host, name, { port, secret }, this.lifecycle.headersTimeoutMs);
        },
        watchdog: this.watchdog,
        options: this.lifecycle,
        logDir: dirname(logFile),
        logFile,
        secretHeader: `${this.names.ownHeaderPrefix}sidecar-secret`,
        ...(this.onTransition ? { onTransition: this.onTransition } : {}),
        ...(this.onLimit ? { onLimit: this.onLimit } : {}),
        ...(this.host.containment ? { contain: (limits) => (this.host.containment as ProcessContainment).contain(name, 'sidecar', limits) } : {}),
      });
      this.supervisors.set(name, supervisor);
      const made = supervisor;
      const row = this.host.processes?.register({ extension: name, kind: 'sidecar', row: () => made.processRow() });
      if (row) this.rows.push(row);
    }
    return supervisor;
  }

  /** Stops the sidecar of every extension that changed: one no longer served stays stopped, a changed one restarts on its next request. */
  private followChanges(changes: readonly ExtensionChange[]): void {
    for (const change of changes) {
      this.served.delete(change.name);
      const supervisor = this.supervisors.get(change.name);
      if (!supervisor?.isRunning) continue;
      const why = change.state === 'enabled' ? `extension ${change.name} changed (${change.changed.join(', ')})` : `no longer served: extension ${change.name} is ${change.state}${change.reason ? `: ${change.reason}` : ''}`;
      void supervisor.stop(why);
    }
  }
}

/** Any failure of a start or a check as the SidecarError to answer with (planLaunch's errors become 503s naming them). */
function asSidecarError(error: unknown): SidecarError {
  if (error instanceof SidecarError) return error;
  const e = error as { message?: string; hint?: string };
  const message = `${e.message ?? String(error)}${e.hint ? ` — ${e.hint}` : ''}`;
  return new SidecarError('SIDECAR_UNAVAILABLE', message, { cause: error });
}
