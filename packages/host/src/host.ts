import type { CapabilityBroker } from './broker/capability-broker.js';
import type { EventBus } from './bus/event-bus.js';
import type { ProjectStore } from './projects/project-store.js';
import { HostCore, type CreateHostOptions } from './host-core.js';
import { HostServices } from './host-services.js';

export type { CreateHostOptions, ExtensionInventory } from './host-core.js';

/**
 * The embeddable engine: {@link HostCore} (extensions, approvals, config, commands, launches, peers) plus
 * synchronous access to the host's event bus, capability broker and registered projects. Nothing lives in
 * module state, so a process (or a test) can run many hosts side by side.
 */
export class Host extends HostCore {
  readonly #services: HostServices;

  constructor(options: CreateHostOptions) {
    super(options);
    this.#services = new HostServices({ hostId: this.identity.id, home: this.home });
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

  /** The same registries as {@link bus}, {@link broker} and {@link projects} (the peers use these). */
  override services(): Promise<HostServices> {
    return Promise.resolve(this.#services);
  }
}

/** Creates a host for one identity (see {@link CreateHostOptions}). */
export function createHost(options: CreateHostOptions): Host {
  return new Host(options);
}
