import { readdir } from 'node:fs/promises';
import type { Connection, Disposable, RequestOptions } from '@outboard/protocol';
import { ResponseError } from '@outboard/protocol';
import type { ExtensionManifest } from '@outboard/manifest';
import { publishableEventTypes } from '@outboard/manifest';
import type { HostIdentity } from '../identity/host-identity.js';
import type { CapabilityGrants } from '../approvals/approval-record.js';
import type { CapabilityBroker } from '../broker/capability-broker.js';
import type { EventBus } from '../bus/event-bus.js';
import type { ProjectStore } from '../projects/project-store.js';
import type { RpcRegistry } from '../calls/rpc-registry.js';
import { ContributionRegistry } from '../contributions/contribution-registry.js';
import { NotificationCenter } from '../contributions/notification-center.js';
import { normalizeActionResult } from '../contributions/action-result.js';
import { routeContribution } from '../contributions/contribution-owner.js';
import { ActionInputChecker, type ActionInputNames } from '../contributions/action-input.js';
import type { ActionResult } from '../contributions/action-result.js';
import { registerHostServices } from '../broker/services/host-services.js';
import { ExtensionStorage } from '../storage/extension-storage.js';
import { PeerSupervisor } from './peer-supervisor.js';
import type { PeerExtension, PeerSupervisorOptions } from './peer-supervisor.js';
import type { PeerStatus } from './peer-status.js';
import type { ExtensionCatalog, GrantSource, HubLocator, PeerLauncher } from './peer-seams.js';
import { PeerSessions } from './peer-sessions.js';
import { registerPeerServices } from './peer-services.js';
import { serveBrokerOnConnection } from './broker-on-connection.js';
import { PeerActivation } from './peer-activation.js';
import { actionsOf } from './peer-actions.js';
import type { DeclaredAction } from './peer-actions.js';
import { actionVerdictError, decideAction, withheldActionsOf } from './action-verdict.js';
import type { ActionVerdict, WithheldAction } from './action-verdict.js';
import { actionFailure } from './action-failure.js';
import { actionFinishedAttributes } from './action-events.js';
import type { PeerActionError } from './peer-actions.js';
import { TurnMemo } from './turn-budget.js';
import { PeerTraffic } from './peer-flow.js';
import { SeenEvents } from './seen-events.js';
import { ProcessGroupWatchdog } from '../process/process-group-watchdog.js';
import type { GroupWatchdog } from '../process/process-group-watchdog.js';
import type { TurnBudget } from './turn-budget.js';
import type { ProcessTable } from '../process/process-table.js';
import type { ProcessContainment } from '../process/containment.js';
import type { ExtensionChange } from '../live/extension-changes.js';
import { ProviderQueries } from '../providers/provider-fanout.js';
import { ViewRenderer } from '../views/view-renderer.js';
import type { OrganisationPolicy } from '../policy/organisation-policy.js';

/** What a {@link PeerFleet} is built on: the parts of its host it uses, each a narrow seam. */
export interface PeerFleetDeps {
  identity: Pick<HostIdentity, 'id' | 'version'>;
  /** The host's home (peer logs and storage live under `<home>/ext/<name>/`). */
  home: string;
  catalog: ExtensionCatalog;
  grants: GrantSource;
  launcher: PeerLauncher;
  hub: HubLocator;
  broker: CapabilityBroker;
  bus: EventBus;
  projects: ProjectStore;
  /** The host's one RPC registry: a peer's `rpc/call` goes there. Default: only other peers' methods. */
  rpc?: RpcRegistry;
  /** Keeps peers' process groups from outliving the host. Default: a watchdog of the fleet's own. */
  watchdog?: GroupWatchdog;
  /** The host's table of supervised processes: each peer is registered there. Default: none. */
  processes?: ProcessTable;
  /** Applies extensions' resource limits to their peers. Default: none applied. */
  containment?: Pick<ProcessContainment, 'contain'>;
  /** The user's activation override of an extension (`extensions.<name>.activation`, read when needed). Default: none. */
  activationOverride?(name: string): string | undefined;
  /** The user's provider deadline (`providers.deadlineMs`), read per query; undefined means the default. */
  providerDeadlineMs?(): number | undefined;
  /** The organisation policy in force: a capability it never grants is left out of every grant. Default: none. */
  policy?(): OrganisationPolicy | undefined;
}

/** Options of {@link PeerFleet}. */
export interface PeerFleetOptions {
  /** Options of every supervisor. Default: the supervisor's defaults. */
  supervisor?: PeerSupervisorOptions;
}

/**
 * Every peer of one host: creates supervisors for enabled extensions that declare a peer, activates them
 * lazily (see {@link PeerActivation}), routes actions and RPC calls to them, and serves them the host
 * services through the capability broker. It owns its supervisors, their sessions and its registries.
 */
export class PeerFleet {
  readonly contributions = new ContributionRegistry();
  readonly notifications = new NotificationCenter();
  /** Asks the providers of enabled extensions (`providers/query`), one or every one of a kind. */
  readonly providers: ProviderQueries;
  /** Lists the views of enabled extensions and renders peer views (`views/render`). */
  readonly views: ViewRenderer;
  private readonly actionInput: ActionInputChecker;
  private readonly supervisors = new Map<string, PeerSupervisor>();
  /** Each supervisor's row in the host's process table, removed with it. */
  private readonly rows = new Map<PeerSupervisor, Disposable>();
  private readonly sessions = new PeerSessions();
  private readonly disposables: Disposable[] = [];
  private readonly grantsThisTurn = new TurnMemo<string, CapabilityGrants>();
  /** The approved manifests of the peers started so far, by extension name. */
  private readonly manifests = new Map<string, ExtensionManifest>();
  private readonly activation: PeerActivation;
  private readonly watchdog: GroupWatchdog;
  /** Shared by the peers' pacing: a busy peer yields more while others talk to the host. */
  private readonly traffic = new PeerTraffic();
  /** The last bus event the fleet has seen (see activationSettled). */
  private readonly seen = new SeenEvents();
  /** Action invocations so far: with the bus instance, the `invocation` id of `action.invoked`/`action.finished`. */
  private invocations = 0;

  constructor(
    private readonly deps: PeerFleetDeps,
    private readonly options: PeerFleetOptions = {},
  ) {
    const { broker, bus } = deps;
    // The host's watchdog when it shares one; else one of the fleet's own, disposed with it.
    const own = deps.watchdog ? undefined : new ProcessGroupWatchdog();
    if (own) this.disposables.push(own);
    this.watchdog = deps.watchdog ?? (own as ProcessGroupWatchdog);
    this.activation = new PeerActivation({ peerExtensions: () => this.peerExtensions(), supervisor: (name) => this.supervisor(name), activationOverride: (name) => deps.activationOverride?.(name) });
    this.providers = new ProviderQueries({
      extensions: () => this.peerExtensions(),
      peer: (name) => this.supervisor(name),
      projectExists: (id) => deps.projects.get(id) !== undefined,
      grantedProjects: (name) => this.grantedProjectsOf(name),
      configuredDeadlineMs: () => deps.providerDeadlineMs?.(),
      hostId: deps.identity.id,
    });
    this.views = new ViewRenderer({
      extensions: () => this.viewExtensions(),
      peer: (name) => this.supervisor(name),
      projectExists: (id) => deps.projects.get(id) !== undefined,
      grantedProjects: (name) => this.grantedProjectsOf(name),
      hostId: deps.identity.id,
    });
    this.actionInput = new ActionInputChecker({ hostId: deps.identity.id, projectExists: (id) => deps.projects.get(id) !== undefined });
    this.disposables.push(
      registerPeerServices(
        {
          broker,
          bus,
          contributions: this.contributions,
          notifications: this.notifications,
          projects: deps.projects,
          callRpc: (m, p, signal, caller) => (deps.rpc ? deps.rpc.call(m, p, { signal, caller: `extension ${caller.extension}`, grants: caller.grants }) : this.callRpc(m, p, { signal })),
          hubRoutes: (ext) => this.manifests.get(ext)?.permissions?.hub ?? [],
          hub: () => deps.hub.runningHub(),
          hostId: deps.identity.id,
        },
        (ext) => this.sessions.connectionOf(ext),
        this.sessions.subscriptions,
      ),
    );
    // A disabled, unapproved, removed or changed extension's peer is stopped as soon as the host sees it.
    const followed = deps.catalog.onExtensionsChanged?.((changes) => this.followChanges(changes));
    if (followed) this.disposables.push(followed);
    const storages = new Map<string, ExtensionStorage>();
    this.disposables.push(
      registerHostServices(broker, {
        bus,
        projects: deps.projects,
        storageFor: (ext) => storages.get(ext) ?? storages.set(ext, new ExtensionStorage({ home: deps.home, extension: ext })).get(ext)!,
        declaredEvents: (ext) => publishableEventTypes(this.manifests.get(ext)),
      }),
    );
    this.disposables.push(
      bus.subscribe({ types: ['*'] }, (event) => {
        this.seen.saw(event.seq);
        if (event.type.startsWith('extension.peer.')) return;
        this.activation.onEvent(event.type);
        // A newly registered project wakes the peers whose `onProject:<glob>` matches a file at its root.
        const root = (event.body as { root?: unknown } | undefined)?.root;
        if (event.type === 'project.registered' && typeof root === 'string') {
          void this.activation.track(readdir(root).then((names) => this.activateForProject(names), () => undefined));
        }
      }, { name: 'activation' }),
    );
  }

  /** The enabled extensions that declare a peer. */
  async peerExtensions(): Promise<PeerExtension[]> {
    const { extensions } = await this.deps.catalog.extensions();
    return extensions.filter((e): e is PeerExtension => e.state === 'enabled' && !!e.manifest?.peer && !!e.name);
  }

  /** The enabled extensions that declare views (a sidecar view needs no peer). */
  private async viewExtensions(): Promise<Array<PeerExtension>> {
    const { extensions } = await this.deps.catalog.extensions();
    return extensions.filter((e): e is PeerExtension => e.state === 'enabled' && !!e.manifest?.contributes?.views?.length && !!e.name);
  }

  /** The supervisor of an enabled extension's peer (created on first use), or undefined. */
  async supervisor(name: string): Promise<PeerSupervisor | undefined> {
    const existing = this.supervisors.get(name);
    if (existing) return existing;
    const ext = (await this.peerExtensions()).find((e) => e.name === name);
    if (!ext) return undefined;
    // Another call may have created it while the extensions were read.
    const raced = this.supervisors.get(name);
    if (raced) return raced;
    this.manifests.set(ext.name, ext.manifest);
    const supervisor = new PeerSupervisor(
      {
        extension: ext,
        host: this.deps.identity,
        logDir: `${this.deps.home}/ext/${ext.name}/logs`,
        launcher: this.deps.launcher,
        grants: { current: () => this.grantsOf(ext) },
        services: { serve: (connection, extension, grants, budget) => this.serve(connection, extension, grants, budget) },
        watchdog: this.watchdog,
        traffic: this.traffic,
        contributions: this.contributions,
        onTransition: (t) => this.deps.bus.publish({ type: 'extension.peer.state', source: this.deps.identity.id, attributes: { extension: t.extension, from: t.from, to: t.to, reason: t.reason } }),
        onLimit: (e) => this.deps.bus.publish({ type: 'extension.process.limit', source: this.deps.identity.id, attributes: { extension: e.extension, kind: e.kind, limit: e.limit, reason: e.reason } }),
        ...(this.deps.containment ? { containment: this.deps.containment } : {}),
      },
      this.options.supervisor,
    );
    this.supervisors.set(name, supervisor);
    const row = this.deps.processes?.register({ extension: name, kind: 'peer', row: () => supervisor.processRow() });
    if (row) this.rows.set(supervisor, row);
    return supervisor;
  }

  /**
   * What `extensions info` and a failed action show about an extension's peer, or undefined when it has none.
   * `settleMs`: wait up to this long for a peer that just dropped its connection to exit, to say how it ended.
   */
  async peerStatus(name: string, options: { settleMs?: number } = {}): Promise<PeerStatus | undefined> {
    const supervisor = await this.supervisor(name);
    if (supervisor && options.settleMs) await supervisor.settle(options.settleMs);
    return supervisor?.status();
  }

  /** Starts every peer that asks for `onStartup`. */
  async startOnStartup(): Promise<void> {
    await this.activation.startOnStartup();
  }

  /**
   * Resolves once the activation checks of the events and projects seen so far are done (their starts
   * included): a peer not started by then was not activated by them. Waits at most `timeoutMs` (default
   * 10000) for the bus to deliver the events published so far (a bus that dropped the last one never will).
   */
  async activationSettled(timeoutMs = 10_000): Promise<void> {
    await this.seen.reach(this.deps.bus.lastSeq, timeoutMs);
    await this.activation.settled();
  }

  /** Starts the peers whose `onProject:<glob>` activation matches a file name present in the project root. */
  async activateForProject(fileNames: readonly string[]): Promise<void> {
    await this.activation.forProject(fileNames);
  }

  /** Actions declared by enabled extensions' manifests (no peer is started to list them). */
  async declaredActions(): Promise<DeclaredAction[]> {
    return actionsOf(await this.peerExtensions());
  }

  /**
   * Every action on offer, and those withheld because their extension is not enabled as installed (e.g. it
   * changed since it was approved), each with its reason and the command that approves it again.
   */
  async listActions(): Promise<{ actions: DeclaredAction[]; withheld: WithheldAction[] }> {
    const { extensions } = await this.deps.catalog.extensions();
    return { actions: await this.declaredActions(), withheld: withheldActionsOf(extensions, this.deps.identity.id) };
  }

  /**
   * The one verdict about action `id` (see {@link ActionVerdict}): it runs, it is refused (its extension is
   * unapproved, changed since approval, disabled... with the reason and the fix), or nothing offers it. Starts nothing.
   */
  async resolveAction(id: string): Promise<ActionVerdict> {
    const { extensions } = await this.deps.catalog.extensions();
    return decideAction(id, extensions, this.deps.identity.id);
  }

  /**
   * The action `id` if it can run; else throws the verdict's error: {@link ActionRefusedError} (`PEER_NEEDS_APPROVAL`
   * or `ACTION_UNAVAILABLE`, the reason and the fix) or OutboardError `PEER_ACTION_UNKNOWN` (with a did-you-mean).
   */
  async runnableAction(id: string): Promise<DeclaredAction> {
    const verdict = await this.resolveAction(id);
    if (verdict.kind !== 'run') throw actionVerdictError(id, verdict, this.deps.identity.id);
    return verdict.action;
  }

  /**
   * Runs an action: starts its peer when needed (`onAction`), calls `actions/invoke`, checks and bounds the
   * result. Throws the verdict's error when it cannot run (see {@link runnableAction}), or
   * {@link PeerActionError} for every failure of the peer. Refusals of the input name it as
   * `options.inputNames` say (the caller's surface; default the RPC params).
   */
  async invokeAction(id: string, input: { projectId?: string; args?: unknown }, options: RequestOptions & { inputNames?: ActionInputNames } = {}): Promise<ActionResult> {
    const { inputNames, ...request } = options;
    const action = await this.runnableAction(id);
    // One owner or a refusal naming every declarer; then the input is checked before the peer sees it.
    const owner = routeContribution(await this.peerExtensions(), 'action', id, this.deps.identity.id);
    const declared = owner.manifest.contributes?.actions?.find((a) => a.id === id);
    const checked = await this.actionInput.check({ id, extension: owner.name, targets: declared?.targets ?? ['global'], argsSchema: declared?.argsSchema }, input, this.grantsOf(owner), inputNames);
    const supervisor = await this.supervisor(action.extension);
    const scope = checked.projectId ? { scope: { projectId: checked.projectId } } : {};
    const invocation = `${this.deps.bus.instanceId.slice(0, 8)}-${++this.invocations}`;
    this.deps.bus.publish({ type: 'action.invoked', source: this.deps.identity.id, ...scope, attributes: { action: id, extension: action.extension, invocation } });
    const started = performance.now();
    let ok = false;
    let failure: PeerActionError | undefined;
    try {
      if (!supervisor) throw new ResponseError('unavailable', 'it has no peer that can run (is it enabled?)');
      const raw = await supervisor.request('actions/invoke', { id, ...checked }, request);
      const result = normalizeActionResult(raw);
      ok = true;
      return result;
    } catch (error) {
      failure = await actionFailure(action, supervisor, error);
      // A failed action raises a notification (DESIGN §8); one the user cancelled does not.
      if (failure.reason !== 'cancelled') this.notifications.raise(action.extension, { severity: 'error', message: failure.message, ...(failure.details.length ? { detail: failure.details.join('\n') } : {}) });
      throw failure;
    } finally {
      this.deps.bus.publish({ type: 'action.finished', source: this.deps.identity.id, ...scope, attributes: actionFinishedAttributes({ action: id, extension: action.extension, invocation, ok, durationMs: performance.now() - started, failure }) });
    }
  }

  /** Calls an RPC method served by a peer (starting it on `onRpc`). */
  async callRpc(method: string, params: unknown, options: RequestOptions = {}): Promise<unknown> {
    const owner = routeContribution(await this.peerExtensions(), 'rpc', method, this.deps.identity.id);
    const supervisor = await this.supervisor(owner.name);
    if (!supervisor) throw new ResponseError('unavailable', `extension ${owner.name} has no peer that can run (is it enabled?)`);
    try {
      return await supervisor.request('rpc/invoke', { method, params: params ?? null }, options);
    } catch (error) {
      if (error instanceof ResponseError && error.origin === 'local' && error.reason === 'unavailable') throw new ResponseError('unavailable', `${owner.name}: ${error.message}`, error.data);
      throw error;
    }
  }

  /**
   * Follows the inventory: a supervisor holds the record it was made for, so a peer whose extension
   * changed in any way (disabled, unapproved, removed, re-approved, its linked code edited) is stopped and
   * its supervisor dropped. A later use makes a new one from the record as it is now, with a clean crash
   * window; a peer that was running (or starts with the host) and is still enabled is started again at once.
   */
  private followChanges(changes: readonly ExtensionChange[]): void {
    for (const change of changes) {
      const supervisor = this.supervisors.get(change.name);
      if (!supervisor) continue;
      this.supervisors.delete(change.name);
      const wasActive = supervisor.state !== 'stopped' && supervisor.state !== 'failed' && supervisor.state !== 'stopping';
      const why = change.state === 'enabled' ? `extension ${change.name} changed (${change.changed.join(', ')})` : `extension ${change.name} is ${change.state}${change.reason ? `: ${change.reason}` : ''}`;
      const replaced = (async () => {
        await supervisor.stop(why);
        await supervisor.log.close();
        this.dropRow(supervisor);
        if (change.state !== 'enabled') return;
        const ext = (await this.peerExtensions()).find((e) => e.name === change.name);
        if (!ext || !(wasActive || ext.manifest.peer?.activation?.includes('onStartup'))) return;
        await (await this.supervisor(change.name))?.start();
      })();
      void this.activation.track(replaced.catch(() => undefined));
    }
  }

  /** Makes `disposable` part of this manager: disposed with it. */
  own(disposable: Disposable): void {
    this.disposables.push(disposable);
  }

  /** Stops every peer (in parallel) and releases the fleet. */
  async dispose(): Promise<void> {
    await Promise.all([...this.supervisors.values()].map(async (s) => {
      await s.stop('the host is shutting down');
      await s.log.close();
      this.dropRow(s);
    }));
    for (const d of this.disposables.splice(0)) d.dispose();
    this.contributions.dispose();
  }

  private dropRow(supervisor: PeerSupervisor): void {
    this.rows.get(supervisor)?.dispose();
    this.rows.delete(supervisor);
  }

  private serve(connection: Connection, extension: string, grants: () => CapabilityGrants, budget: TurnBudget): Disposable {
    const session = this.sessions.open(extension, connection);
    const served = serveBrokerOnConnection(this.deps.broker, connection, extension, grants, budget);
    // `providers/changed { id }`: consumers keeping results on screen query again. Only a declared provider counts.
    const changed = connection.onNotification('providers/changed', (params) => {
      const id = (params as { id?: unknown } | undefined)?.id;
      if (typeof id !== 'string' || !(this.manifests.get(extension)?.contributes?.providers ?? []).some((p) => p.id === id)) return;
      this.deps.bus.publish({ type: 'extension.provider.changed', source: this.deps.identity.id, attributes: { extension, provider: id } });
    });
    // `views/changed { id, projectId? }`: pages showing the view render it again. Only a declared view counts.
    const viewChanged = connection.onNotification('views/changed', (params) => {
      const { id, projectId } = (params ?? {}) as { id?: unknown; projectId?: unknown };
      if (typeof id !== 'string' || !(this.manifests.get(extension)?.contributes?.views ?? []).some((v) => v.id === id)) return;
      const scope = typeof projectId === 'string' && this.deps.projects.get(projectId) !== undefined ? { scope: { projectId } } : {};
      this.deps.bus.publish({ type: 'extension.view.changed', source: this.deps.identity.id, ...scope, attributes: { extension, view: id } });
    });
    return {
      dispose: () => {
        viewChanged.dispose();
        changed.dispose();
        served.dispose();
        session.dispose();
      },
    };
  }

  /** The projects an enabled extension is approved for (undefined: all of them). */
  private async grantedProjectsOf(name: string): Promise<readonly string[] | undefined> {
    const ext = (await this.peerExtensions()).find((e) => e.name === name);
    return ext ? this.grantsOf(ext).projects : [];
  }

  /** Read fresh for every request, but once per event-loop turn: a peer flooding requests would otherwise cost a stat of approvals.json each. */
  private grantsOf(ext: PeerExtension): CapabilityGrants {
    return this.grantsThisTurn.get(ext.name, () => {
      const approval = this.deps.grants.freshFind(ext);
      if (!approval?.enabled) return { capabilities: [] };
      // Granted before the policy forbade it: the policy wins at every request.
      const policy = this.deps.policy?.();
      return policy && policy.neverGrant.length > 0 ? { ...approval.grants, capabilities: approval.grants.capabilities.filter((c) => policy.mayGrant(c)) } : approval.grants;
    });
  }
}
