import { CapabilityBroker } from './broker/capability-broker.js';
import { EventBus } from './bus/event-bus.js';
import { ProjectStore } from './projects/project-store.js';
import { RpcRegistry } from './calls/rpc-registry.js';

/**
 * The host's long-lived registries (DESIGN §9): its one event bus, the capability broker every peer request
 * goes through, the registered projects and the one RPC registry. Each is created on first use. Kept apart
 * from the host's core so running a command never loads them (the core imports this module only when peers start).
 */
export class HostRegistries {
  readonly #hostId: string;
  readonly #home: string;
  #bus: EventBus | undefined;
  #broker: CapabilityBroker | undefined;
  #projects: ProjectStore | undefined;
  #rpc: RpcRegistry | undefined;

  /** @param options `hostId` names the host as an event source and in the broker; `home` holds `projects.json`. */
  constructor(options: { hostId: string; home: string }) {
    this.#hostId = options.hostId;
    this.#home = options.home;
  }

  /** The host's one event bus. */
  get bus(): EventBus {
    this.#bus ??= new EventBus();
    return this.#bus;
  }

  /** The capability broker; a host registers its own services on it. */
  get broker(): CapabilityBroker {
    this.#broker ??= new CapabilityBroker({ hostId: this.#hostId });
    return this.#broker;
  }

  /** The registered projects (`<home>/projects.json`); its lifecycle events go to {@link bus}. */
  get projects(): ProjectStore {
    this.#projects ??= new ProjectStore({ home: this.#home, bus: this.bus, eventSource: this.#hostId });
    return this.#projects;
  }

  /**
   * The one RPC registry. `Host` (host.ts) registers the built-in methods on it; a bare `HostCore` serves only
   * its peers' declared methods through it.
   */
  get rpc(): RpcRegistry {
    this.#rpc ??= new RpcRegistry();
    return this.#rpc;
  }
}
