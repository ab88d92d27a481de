import type { CapabilityBroker } from './broker/capability-broker.js';
import type { EventBus } from './bus/event-bus.js';
import type { ProjectStore } from './projects/project-store.js';
import type { RpcRegistry } from './calls/rpc-registry.js';
import { HostCore, type CreateHostOptions, type ExtensionInventory } from './host-core.js';
import { HostRegistries } from './host-registries.js';
import { LiveInventory, type WatchHomeOptions } from './live/live-inventory.js';
import type { ExtensionChange } from './live/extension-changes.js';
import type { Disposable } from '@outboard/protocol/disposable';
import { PluginRunner } from './plugins/plugin-runner.js';
import { registerHostMethods } from './rpc/host-methods.js';
import { WIRE_VERSION } from './rpc/wire-version.js';
import { AutomationService } from './automations/automation-service.js';
import { registerAutomationMethods } from './automations/automation-methods.js';
import { TelemetryPolicy } from './telemetry/telemetry-policy.js';

export type { CreateHostOptions, ExtensionInventory } from './host-core.js';

/**
 * The embeddable engine: {@link HostCore} (extensions, approvals, config, commands, launches, peers) plus
 * synchronous access to the host's event bus, capability broker, registered projects, RPC registry and its
 * in-process plugins. Nothing lives in module state, so a process (or a test) can run many hosts side by side.
 */
export class Host extends HostCore {
  readonly #services: HostRegistries;
  readonly #plugins: PluginRunner;
  readonly #live: LiveInventory;
  /** What may leave the process in logs, metrics and telemetry (`telemetry.payloads`). */
  readonly telemetry: TelemetryPolicy;
  #watched: Promise<ExtensionInventory> | undefined;
  #automations: AutomationService | undefined;

  /** Throws an OutboardError `PLUGIN_SETUP_FAILED` naming the plugin whose `setup` threw, `PLUGIN_INVALID` for a malformed one. */
  constructor(options: CreateHostOptions) {
    super(options);
    this.#services = new HostRegistries({ hostId: this.identity.id, home: this.home });
    registerHostMethods(this.#services.rpc, {
      identity: this.identity,
      home: this.home,
      bus: this.#services.bus,
      projects: this.#services.projects,
      extensions: () => this.extensions(),
      peers: () => this.peers(),
      processes: this.processes,
      wireVersion: WIRE_VERSION,
      approvals: this.approvals,
      policy: () => {
        const policy = this.policyNow();
        return policy && policy.file ? { agentsMayRunDestructive: policy.agentsMayRunDestructive, file: policy.file } : undefined;
      },
    });
    registerAutomationMethods(this.#services.rpc, () => this.automations);
    this.#live = new LiveInventory({ host: this, bus: this.#services.bus, syncProjects: () => this.#services.projects.sync() });
    this.telemetry = new TelemetryPolicy({ config: this.config });
    this.#plugins = new PluginRunner({ bus: this.bus, rpc: this.rpc, home: this.home, hostId: this.identity.id, payloads: () => this.telemetry.payloads(), ...(options.log ? { log: options.log } : {}) });
    if (options.plugins?.length) this.#plugins.start(options.plugins);
  }

  /** The host's one event bus (DESIGN §9). */
  get bus(): EventBus {
    return this.#services.bus;
  }

  /** The capability broker every peer request goes through; a host registers its own services on it. */
  get broker(): CapabilityBroker {
    return this.#services.broker;
  }

  /** The registered projects (`<home>/projects.json`). */
  get projects(): ProjectStore {
    return this.#services.projects;
  }

  /** The one RPC registry: built-ins, plugins' methods, peers' declared methods. */
  get rpc(): RpcRegistry {
    return this.#services.rpc;
  }

  /**
   * The automations of this home (DESIGN §10): catalogue, store and the runner a hub starts
   * (`automations.startRunner`). Created on first use.
   */
  get automations(): AutomationService {
    this.#automations ??= new AutomationService({ hostId: this.identity.id, home: this.home, extensions: () => this.extensions(), projectExists: (id) => this.projects.get(id) !== undefined });
    return this.#automations;
  }

  /** Resolves once every plugin's async `setup` finished; rejects with `PLUGIN_SETUP_FAILED` naming the plugin. */
  ready(): Promise<void> {
    return this.#plugins.ready;
  }

  /** Every installed extension and its state; each new inventory publishes what changed (`extension.changed`, see LiveInventory). */
  override extensions(): Promise<ExtensionInventory> {
    const generation = this.generation;
    const inventory = super.extensions();
    if (inventory !== this.#watched) {
      this.#watched = inventory;
      inventory.then((found) => this.#live.update(found.extensions, generation), () => undefined);
    }
    return inventory;
  }

  /**
   * Watches the home so that a change made by any process (approvals, enable/disable, links, config,
   * installed packages, projects) starts a new generation at once and is published within a few tens of
   * ms (`extension.changed`, `project.registered`/`project.removed`); polls where watching is unavailable.
   * A long-lived host (the hub) calls it once; dispose to stop.
   */
  watchHome(options?: WatchHomeOptions): Disposable {
    return this.#live.watch(options);
  }

  /** Calls `listener` with the extensions that changed in each new inventory (the peers and sidecars follow it). */
  onExtensionsChanged(listener: (changes: readonly ExtensionChange[]) => void): Disposable {
    return this.#live.onChange(listener);
  }

  /** The same registries as {@link bus}, {@link broker} and {@link projects} (the peers use these). */
  override services(): Promise<HostRegistries> {
    return Promise.resolve(this.#services);
  }

  /** Stops the plugins' deliveries and removes their methods (peers are disposed through `peers()`). Idempotent. */
  disposePlugins(): void {
    this.#plugins.dispose();
  }

  /** {@link disposePlugins}, then each plugin's own `dispose` (an exporter's last flush), awaited. Idempotent. */
  closePlugins(): Promise<void> {
    return this.#plugins.close();
  }
}

/**
 * Creates a host for one identity (see {@link CreateHostOptions}); runs the plugins' `setup` in order. Throws an
 * OutboardError `PLUGIN_SETUP_FAILED` naming the plugin whose `setup` threw.
 */
export function createHost(options: CreateHostOptions): Host {
  return new Host(options);
}
