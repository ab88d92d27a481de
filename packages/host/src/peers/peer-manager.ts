import { readdir } from 'node:fs/promises';
import type { Connection, Disposable, RequestOptions } from '@outboard/protocol';
import type { ExtensionManifest } from '@outboard/manifest';
import { ResponseError } from '@outboard/protocol';
import type { Host } from '../host.js';
import type { ExtensionRecord } from '../extension-record.js';
import type { CapabilityGrants } from '../approvals/approval-record.js';
import type { CapabilityBroker } from '../broker/capability-broker.js';
import type { EventBus } from '../bus/event-bus.js';
import { ContributionRegistry } from '../contributions/contribution-registry.js';
import { NotificationCenter } from '../contributions/notification-center.js';
import { normalizeActionResult } from '../contributions/action-result.js';
import { routeContribution } from '../contributions/contribution-owner.js';
import { ActionInputChecker } from '../contributions/action-input.js';
import type { ActionResult } from '../contributions/action-result.js';
import { PeerSupervisor } from './peer-supervisor.js';
import type { PeerSupervisorOptions } from './peer-supervisor.js';
import { registerPeerServices, serveBrokerOnConnection } from './peer-services.js';
import { matchesActivation } from './activation.js';
import { registerHostServices } from '../broker/services/host-services.js';
import { ExtensionStorage } from '../storage/extension-storage.js';

/** Distinct event types remembered while an activation check runs (more are only checked next time they occur). */
const MAX_PENDING_EVENT_TYPES = 1024;

/** An action as declared by an enabled extension's manifest (it can be listed without starting anything). */
export interface DeclaredAction {
  id: string;
  title: string;
  extension: string;
  targets: readonly string[];
}

/** Options of {@link PeerManager}. */
export interface PeerManagerOptions {
  broker: CapabilityBroker;
  bus: EventBus;
  /** Options of every supervisor. */
  supervisor?: PeerSupervisorOptions;
}

/**
 * Every peer of one host: creates supervisors for enabled extensions that declare a peer, activates them
 * lazily (`onAction`, `onRpc`, `onEvent:<glob>`, `onProject:<glob>` when a project is registered or through
 * {@link activateForProject}, `onStartup` when the host calls {@link startOnStartup}),
 * routes actions and RPC calls to them, and serves them the host services through the capability broker.
 */
export class PeerManager {
  readonly contributions = new ContributionRegistry();
  readonly notifications = new NotificationCenter();
  private readonly actionInput: ActionInputChecker;
  private readonly supervisors = new Map<string, PeerSupervisor>();
  private readonly connections = new Map<string, Connection>();
  private readonly subscriptions = new Map<string, Map<string, Disposable>>();
  private readonly disposables: Disposable[] = [];
  /** Event types waiting for an `onEvent` activation check (see activateOnEvent). */
  private readonly pendingEventTypes = new Set<string>();
  private eventActivation: Promise<void> | undefined;
  /** Grants read in this event-loop turn, by extension name (cleared at the end of the turn). */
  private readonly grantsThisTurn = new Map<string, CapabilityGrants>();
  /** The approved manifests of the peers started so far, by extension name. */
  private readonly manifests = new Map<string, ExtensionManifest>();

  constructor(
    private readonly host: Host,
    private readonly options: PeerManagerOptions,
  ) {
    this.actionInput = new ActionInputChecker({ hostId: host.identity.id, projectExists: (id) => host.projects.get(id) !== undefined });
    this.disposables.push(
      registerPeerServices(
        {
          broker: options.broker,
          bus: options.bus,
          contributions: this.contributions,
          notifications: this.notifications,
          projects: host.projects,
          callRpc: (m, p, signal) => this.callRpc(m, p, { signal }),
          hubRoutes: (ext) => this.manifests.get(ext)?.permissions?.hub ?? [],
          hub: () => host.runningHub(),
          hostId: host.identity.id,
        },
        (ext) => this.connections.get(ext),
        this.subscriptions,
      ),
    );
    const storages = new Map<string, ExtensionStorage>();
    this.disposables.push(
      registerHostServices(options.broker, {
        bus: options.bus,
        projects: host.projects,
        storageFor: (ext) => storages.get(ext) ?? storages.set(ext, new ExtensionStorage({ home: host.home, extension: ext })).get(ext)!,
        declaredEvents: (ext) => this.manifests.get(ext)?.contributes?.events,
      }),
    );
    this.disposables.push(
      options.bus.subscribe({ types: ['*'] }, (event) => {
        if (event.type.startsWith('extension.peer.')) return;
        this.activateOnEvent(event.type);
        // A newly registered project wakes the peers whose `onProject:<glob>` matches a file at its root.
        const root = (event.body as { root?: unknown } | undefined)?.root;
        if (event.type === 'project.registered' && typeof root === 'string') {
          readdir(root).then((names) => this.activateForProject(names), () => undefined);
        }
      }),
    );
  }

  /** The enabled extensions that declare a peer. */
  async peerExtensions(): Promise<ExtensionRecord[]> {
    const { extensions } = await this.host.extensions();
    return extensions.filter((e) => e.state === 'enabled' && e.manifest?.peer && e.name);
  }

  /** The supervisor of an enabled extension's peer (created on first use), or undefined. */
  async supervisor(name: string): Promise<PeerSupervisor | undefined> {
    const existing = this.supervisors.get(name);
    if (existing) return existing;
    const ext = (await this.peerExtensions()).find((e) => e.name === name);
    if (!ext || !ext.manifest || !ext.name) return undefined;
    this.manifests.set(ext.name, ext.manifest);
    const supervisor = new PeerSupervisor(
      {
        identity: this.host.identity,
        home: this.host.home,
        baseEnv: this.host.env,
        extension: { name: ext.name, dir: ext.dir, version: ext.version, manifest: ext.manifest },
        grants: () => this.grantsOf(ext),
        config: async () => {
          const checked = await this.host.extensionConfig(ext);
          if (checked.problems.length) throw new Error(`its config breaks its schema: ${checked.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
          return checked.value;
        },
        hub: () => this.host.runningHub(),
        serve: (connection, extension, grants) => this.serve(connection, extension, grants),
        contributions: this.contributions,
        onTransition: (t) => this.options.bus.publish({ type: 'extension.peer.state', source: this.host.identity.id, attributes: { extension: t.extension, from: t.from, to: t.to, reason: t.reason } }),
      },
      this.options.supervisor,
    );
    this.supervisors.set(name, supervisor);
    return supervisor;
  }

  /** Starts every peer that asks for `onStartup`. */
  async startOnStartup(): Promise<void> {
    await this.activateFor((a) => a === 'onStartup');
  }

  /** Starts the peers whose `onProject:<glob>` activation matches a file name present in the project root. */
  async activateForProject(fileNames: readonly string[]): Promise<void> {
    await this.activateFor((a) => fileNames.some((f) => matchesActivation(a, 'onProject', f)));
  }

  /** Actions declared by enabled extensions' manifests (no peer is started to list them). */
  async declaredActions(): Promise<DeclaredAction[]> {
    return (await this.peerExtensions())
      .flatMap((e) => (e.manifest?.contributes?.actions ?? []).map((a) => ({ id: a.id, title: a.title, extension: e.name as string, targets: a.targets ?? ['global'] })))
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  /** Runs an action: starts its peer when needed (`onAction`), calls `actions/invoke`, checks and bounds the result. */
  async invokeAction(id: string, input: { projectId?: string; args?: unknown }, options: RequestOptions = {}): Promise<ActionResult> {
    const owner = routeContribution(await this.peerExtensions(), 'action', id, this.host.identity.id);
    const declared = owner.manifest?.contributes?.actions?.find((a) => a.id === id);
    const checked = await this.actionInput.check({ id, extension: owner.name as string, targets: declared?.targets ?? ['global'], argsSchema: declared?.argsSchema }, input, this.grantsOf(owner));
    const supervisor = await this.requireSupervisor(owner.name as string);
    const raw = await supervisor.request('actions/invoke', { id, ...checked }, options);
    return normalizeActionResult(raw);
  }

  /** Calls an RPC method served by a peer (starting it on `onRpc`). */
  async callRpc(method: string, params: unknown, options: RequestOptions = {}): Promise<unknown> {
    const owner = routeContribution(await this.peerExtensions(), 'rpc', method, this.host.identity.id);
    const supervisor = await this.requireSupervisor(owner.name as string);
    return supervisor.request('rpc/invoke', { method, params: params ?? null }, options);
  }

  /** Stops every peer (in parallel) and releases the manager. */
  async dispose(): Promise<void> {
    await Promise.all([...this.supervisors.values()].map((s) => s.stop('the host is shutting down')));
    for (const d of this.disposables.splice(0)) d.dispose();
  }

  private async requireSupervisor(name: string): Promise<PeerSupervisor> {
    const s = await this.supervisor(name);
    if (!s) throw new ResponseError('unavailable', `extension ${name} has no peer that can run (is it enabled?)`);
    return s;
  }

  /**
   * Starts the peers whose `onEvent:<glob>` matches `type`. Checks are coalesced: one runs at a time, for
   * every type seen meanwhile, so a burst of events costs one look at the extensions, not one per event.
   */
  private activateOnEvent(type: string): void {
    if (this.pendingEventTypes.size < MAX_PENDING_EVENT_TYPES) this.pendingEventTypes.add(type);
    if (this.eventActivation) return;
    this.eventActivation = (async () => {
      while (this.pendingEventTypes.size > 0) {
        const types = [...this.pendingEventTypes];
        this.pendingEventTypes.clear();
        await this.activateFor((activation) => types.some((t) => matchesActivation(activation, 'onEvent', t)));
      }
    })()
      .catch(() => undefined)
      .finally(() => {
        this.eventActivation = undefined;
      });
  }

  private async activateFor(match: (activation: string) => boolean): Promise<void> {
    const exts = await this.peerExtensions();
    const starts = exts
      .filter((e) => (e.manifest?.peer?.activation ?? []).some(match))
      .map(async (e) => {
        const s = await this.supervisor(e.name as string);
        if (s && s.state === 'stopped') await s.start().catch(() => undefined);
      });
    await Promise.all(starts);
  }

  private serve(connection: Connection, extension: string, grants: () => CapabilityGrants): Disposable {
    this.connections.set(extension, connection);
    const served = serveBrokerOnConnection(this.options.broker, connection, extension, grants);
    return {
      dispose: () => {
        served.dispose();
        if (this.connections.get(extension) === connection) this.connections.delete(extension);
        for (const sub of this.subscriptions.get(extension)?.values() ?? []) sub.dispose();
        this.subscriptions.delete(extension);
      },
    };
  }

  private grantsOf(ext: ExtensionRecord): CapabilityGrants {
    // Read fresh for every request, but once per event-loop turn: a peer flooding requests would otherwise
    // cost a stat of approvals.json each (a change made by another process lands between turns anyway).
    const key = ext.name as string;
    const known = this.grantsThisTurn.get(key);
    if (known) return known;
    if (this.grantsThisTurn.size === 0) setImmediate(() => this.grantsThisTurn.clear());
    const approval = this.host.approvals.freshFind(ext);
    const grants = approval?.enabled ? approval.grants : { capabilities: [] };
    this.grantsThisTurn.set(key, grants);
    return grants;
  }
}
