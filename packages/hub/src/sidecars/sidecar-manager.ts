import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import type { Duplex } from 'node:stream';
import type { ExtensionRecord } from '@outboard/host';
import { ProcessGroupWatchdog, TurnMemo, type Disposable, type GroupWatchdog } from '@outboard/host';
import { answerError, answerErrorOnSocket, wantsHtml } from '../proxy/error-answer.js';
import { proxyHttp } from '../proxy/proxy-http.js';
import { proxyNames, type ProxyNames, type ProxyTarget } from '../proxy/proxy-target.js';
import { proxyUpgrade } from '../proxy/proxy-upgrade.js';
import type { SidecarMount, SidecarRouter } from '../server/sidecar-router.js';
import { ApprovalFileWatch } from './approval-watch.js';
import { SidecarError } from './sidecar-error.js';
import { APPROVAL_SWEEP_MS, REDISCOVER_MIN_INTERVAL_MS, REDISCOVERY_SWEEP_MS } from './sidecar-limits.js';
import { resolveLifecycle, type SidecarLifecycle } from './sidecar-options.js';
import { findServedSidecar, planSidecarLaunch, sidecarLogFile, sidecarRefusal, type SidecarHost } from './sidecar-plan.js';
import { SidecarSupervisor, type SidecarTransition } from './sidecar-supervisor.js';

/** Options of {@link SidecarManager}: the host, and any lifecycle number to override (see sidecar-limits.ts). */
export interface SidecarManagerOptions extends Partial<SidecarLifecycle> {
  /** The host whose extensions are served (required). Build it with no project: the hub serves none. */
  host: SidecarHost;
  /** Keeps sidecar process groups from outliving the hub. Default: a watchdog of the manager's own (share the peers' one). */
  watchdog?: GroupWatchdog;
  /** How often running sidecars are checked against fresh approvals, in ms. Default 5000. */
  approvalSweepMs?: number;
  /** How often that check also rediscovers extensions (a removed, unlinked or changed package), in ms. Default 15000. */
  rediscoverySweepMs?: number;
  /** A request for a name cached discovery does not serve rediscovers at most this often, in ms. Default 2000. */
  rediscoverMinIntervalMs?: number;
  /** Every sidecar's changes of state (the hub publishes them as `sidecar.state`). Default: none. */
  onTransition?: (transition: SidecarTransition) => void;
}

/**
 * The hub's sidecars: one {@link SidecarSupervisor} per extension, the proxy in front of them, and the
 * checks that decide which are served. Every request and upgrade re-checks the approval (read fresh from
 * disk); a periodic sweep stops running sidecars whose extension was disabled, removed or changed.
 * Implements the server's {@link SidecarRouter}; dispose it (or {@link stopAll}) when the hub stops.
 */
export class SidecarManager implements SidecarRouter, Disposable {
  private readonly host: SidecarHost;
  private readonly lifecycle: SidecarLifecycle;
  private readonly watchdog: GroupWatchdog;
  private readonly ownWatchdog: ProcessGroupWatchdog | undefined;
  private readonly names: ProxyNames;
  private readonly supervisors = new Map<string, SidecarSupervisor>();
  /** The record each name was last served from; forgotten whenever discovery is refreshed or the name refused. */
  private readonly served = new Map<string, ExtensionRecord>();
  /** Whether a served record still passes the checks (approval read fresh): once per name and event-loop turn, as peers' grants. */
  private readonly stillServed = new TurnMemo<string, boolean>();
  /** Seen changes of the approvals file, so a running sidecar's verdict is re-read only after one (or a second). */
  private readonly approvalWatch: ApprovalFileWatch | undefined;
  /** The last passing verdict per name: the record it was for, the watch's generation before it was read, and when. */
  private readonly verdicts = new Map<string, { ext: ExtensionRecord; generation: number; at: number }>();
  private readonly sweep: NodeJS.Timeout;
  private readonly rediscoverMinIntervalMs: number;
  private readonly onTransition: ((transition: SidecarTransition) => void) | undefined;
  private readonly rediscoverySweepMs: number;
  private lastRediscovery = 0;
  private lastSweepRediscovery = Date.now();
  private sweeping = false;

  constructor(options: SidecarManagerOptions) {
    const { host, watchdog, approvalSweepMs, rediscoverySweepMs, rediscoverMinIntervalMs, onTransition, ...lifecycle } = options;
    this.onTransition = onTransition;
    // Refreshing discovery (ours: a sweep, an unknown name) forgets the records requests were served from.
    this.host = { identity: host.identity, home: host.home, approvals: host.approvals, findExtension: (name) => host.findExtension(name), planLaunch: (ext, kind, opts) => host.planLaunch(ext, kind, opts), refresh: () => {
      this.served.clear();
      host.refresh();
    } };
    this.lifecycle = resolveLifecycle(lifecycle);
    this.ownWatchdog = watchdog ? undefined : new ProcessGroupWatchdog();
    this.watchdog = watchdog ?? (this.ownWatchdog as ProcessGroupWatchdog);
    this.names = proxyNames(host.identity.id);
    this.rediscoverMinIntervalMs = rediscoverMinIntervalMs ?? REDISCOVER_MIN_INTERVAL_MS;
    this.rediscoverySweepMs = rediscoverySweepMs ?? REDISCOVERY_SWEEP_MS;
    this.approvalWatch = host.approvals.path === undefined ? undefined : new ApprovalFileWatch(host.approvals.path);
    this.sweep = setInterval(() => void this.sweepApprovals(), approvalSweepMs ?? APPROVAL_SWEEP_MS);
    this.sweep.unref();
  }

  handleRequest(req: IncomingMessage, res: ServerResponse, mount: SidecarMount): void {
    // The common case, without a promise: a running sidecar of a record served before, approval read fresh.
    const ready = this.ready(mount.name);
    if (ready) {
      res.once('close', ready.supervisor.begin());
      proxyHttp(req, res, mount, ready.target, this.names);
      return;
    }
    const refuse = (error: SidecarError): void => answerError(res, error.status, error.message, { retryAfterSeconds: error.retryAfterSeconds, logTail: error.logTail, html: wantsHtml(req) });
    void this.serve(mount, refuse, (target, supervisor) => {
      const end = supervisor.begin();
      res.once('close', end);
      proxyHttp(req, res, mount, target, this.names);
    }, res);
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, mount: SidecarMount): void {
    socket.on('error', () => undefined);
    void this.serve(mount, (error) => answerErrorOnSocket(socket, error.status, error.message, error.retryAfterSeconds), (target, supervisor) => {
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
  async verdict(name: string): Promise<{ status: number; error: string } | undefined> {
    try {
      this.served.set(name, await findServedSidecar(this.host, name, () => this.mayRediscover()));
      return undefined;
    } catch (error) {
      this.served.delete(name);
      const refusal = asSidecarError(error);
      return { status: refusal.status, error: `${refusal.message}${refusal.hint ? ` — ${refusal.hint}` : ''}` };
    }
  }

  list(): Array<{ name: string; state: string; recentCrashes: number; lastError: string | null }> {
    return [...this.supervisors.values()].map((s) => s.status()).sort((a, b) => a.name.localeCompare(b.name));
  }

  async stop(name: string): Promise<boolean> {
    return (await this.supervisors.get(name)?.stop('stop asked for')) ?? false;
  }

  /** Stops the sidecar if it runs and starts it again (checks included); throws the SidecarError of a refused or failed start. */
  async restart(name: string): Promise<boolean> {
    await findServedSidecar(this.host, name, () => this.mayRediscover());
    return this.supervisorFor(name).restart();
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.supervisors.values()].map((s) => s.stop('the hub is stopping')));
    await Promise.all([...this.supervisors.values()].map((s) => s.log.close()));
  }

  /** Stops the sweep and every sidecar; the manager's own watchdog goes last. */
  dispose(): void {
    clearInterval(this.sweep);
    this.approvalWatch?.dispose();
    void this.stopAll().finally(() => this.ownWatchdog?.dispose());
  }

  /** Checks the name, starts its sidecar if needed, then hands over; any refusal is answered by `refuse`. */
  private async serve(mount: SidecarMount, refuse: (error: SidecarError) => void, forward: (target: ProxyTarget, supervisor: SidecarSupervisor) => void, res?: ServerResponse): Promise<void> {
    let supervisor: SidecarSupervisor | undefined;
    let end: (() => void) | undefined;
    try {
      this.served.set(mount.name, await findServedSidecar(this.host, mount.name, () => this.mayRediscover()));
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

  /** The target of a running sidecar whose last served record the fresh approval still covers, else undefined (the full path decides). */
  private ready(name: string): { target: ProxyTarget; supervisor: SidecarSupervisor } | undefined {
    const ext = this.served.get(name);
    const supervisor = this.supervisors.get(name);
    const target = supervisor?.ready;
    if (!ext || !supervisor || !target || !this.stillServes(name, ext)) return undefined;
    return { target, supervisor };
  }

  /**
   * Whether `ext` still passes the checks with the approvals as they are on disk now: the fresh read
   * (once per turn), unless a passing verdict for this very record was read in the approvals file's current
   * watch generation less than a second ago (nothing in its folder changed since; see ApprovalFileWatch).
   */
  private stillServes(name: string, ext: ExtensionRecord): boolean {
    const now = Date.now();
    const last = this.verdicts.get(name);
    if (last && last.ext === ext && this.approvalWatch?.vouches(last.generation, last.at, now)) return true;
    // Read before the check: a change while it runs moves the generation on, so the verdict is not reused.
    const generation = this.approvalWatch?.generation();
    const served = this.stillServed.get(name, () => sidecarRefusal(this.host, ext) === undefined);
    if (served && generation !== undefined) this.verdicts.set(name, { ext, generation, at: now });
    else this.verdicts.delete(name);
    return served;
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
          this.host.refresh();
          return planSidecarLaunch(this.host, name, { port, secret }, () => false, this.lifecycle.headersTimeoutMs);
        },
        watchdog: this.watchdog,
        options: this.lifecycle,
        logDir: dirname(logFile),
        logFile,
        secretHeader: `${this.names.ownHeaderPrefix}sidecar-secret`,
        ...(this.onTransition ? { onTransition: this.onTransition } : {}),
      });
      this.supervisors.set(name, supervisor);
    }
    return supervisor;
  }

  private mayRediscover(): boolean {
    const now = Date.now();
    if (now - this.lastRediscovery < this.rediscoverMinIntervalMs) return false;
    this.lastRediscovery = now;
    return true;
  }

  /** Stops running sidecars whose extension is no longer served (approvals read fresh; discovery now and then). */
  private async sweepApprovals(): Promise<void> {
    const running = [...this.supervisors.entries()].filter(([, s]) => s.isRunning);
    if (this.sweeping || running.length === 0) return;
    this.sweeping = true;
    try {
      if (Date.now() - this.lastSweepRediscovery >= this.rediscoverySweepMs) {
        this.lastSweepRediscovery = Date.now();
        this.host.refresh();
      }
      for (const [name, supervisor] of running) {
        const ext = await this.host.findExtension(name).catch(() => undefined);
        const refusal = ext && ext.name === name ? sidecarRefusal(this.host, ext) : new SidecarError('SIDECAR_UNKNOWN', `no installed extension is called "${name}" any more`);
        if (refusal) await supervisor.stop(`no longer served: ${refusal.message}`);
      }
    } finally {
      this.sweeping = false;
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
