import { toDisposable, type Disposable } from '@outboard/protocol/disposable';
import type { EventBus } from '../../bus/event-bus.js';
import type { ProjectStore } from '../../projects/project-store.js';
import type { ExtensionStorage } from '../../storage/extension-storage.js';
import { StoreError } from '../../store/store-error.js';
import type { CapabilityBroker } from '../capability-broker.js';
import { ServiceError } from '../../errors/service-error.js';
import type { ServiceHandler } from '../service-definition.js';
import { registerEventServices } from './event-services.js';
import { registerProjectServices } from './project-services.js';
import { registerStorageServices } from './storage-services.js';

/** The methods {@link registerHostServices} registers, by purpose. */
export const HOST_SERVICE_METHODS = Object.freeze({
  projectsList: 'projects.list',
  projectsGet: 'projects.get',
  projectsRegister: 'projects.register',
  eventsPublish: 'events/publish',
  storageGet: 'storage/get',
  storageSet: 'storage/set',
  storageDelete: 'storage/delete',
  storageList: 'storage/list',
} as const);

/** What {@link registerHostServices} needs. */
export interface HostServicesOptions {
  bus: EventBus;
  projects: ProjectStore;
  /** The one `ExtensionStorage` of an extension; the host keeps one per extension. */
  storageFor: (extension: string) => ExtensionStorage;
  /** The event types the extension's approved manifest declares in `contributes.events` and `contributes.listeners` (`undefined`: none). */
  declaredEvents: (extension: string) => readonly string[] | undefined;
  /** Largest `{ attributes, body }` of a published event, in bytes of JSON. Default 65536 (64 KiB). */
  maxEventBytes?: number;
}

const DEFAULT_MAX_EVENT_BYTES = 64 * 1024;

/**
 * Registers the host services that need no peer connection on `broker` (see {@link HOST_SERVICE_METHODS};
 * the project, event and storage service files document params and results). A `StoreError` from a host
 * file becomes `unavailable` with the same message. Disposing the result unregisters them all.
 * (`events/subscribe`, `status/set`, `notifications/show`, `rpc/call`, `hub/request` belong to the supervisor.)
 */
export function registerHostServices(broker: CapabilityBroker, options: HostServicesOptions): Disposable {
  const maxEventBytes = options.maxEventBytes ?? DEFAULT_MAX_EVENT_BYTES;
  if (!Number.isSafeInteger(maxEventBytes) || maxEventBytes < 1) throw new TypeError(`maxEventBytes must be a positive integer, got ${String(options.maxEventBytes)}`);
  for (const name of ['storageFor', 'declaredEvents'] as const) {
    if (typeof options[name] !== 'function') throw new TypeError(`${name} must be a function`);
  }
  const registrations: Disposable[] = [];
  try {
    registrations.push(
      ...registerProjectServices(broker, options.projects, translateStoreErrors),
      ...registerEventServices(broker, { bus: options.bus, projects: options.projects, declaredEvents: options.declaredEvents, maxEventBytes }, translateStoreErrors),
      ...registerStorageServices(broker, { projects: options.projects, storageFor: options.storageFor }, translateStoreErrors),
    );
  } catch (error) {
    for (const registration of registrations) registration.dispose();
    throw error;
  }
  return toDisposable(() => {
    for (const registration of registrations) registration.dispose();
  });
}

function translateStoreErrors(handler: ServiceHandler): ServiceHandler {
  return async (call) => {
    try {
      return await handler(call);
    } catch (error) {
      if (error instanceof StoreError) throw new ServiceError('unavailable', error.message, { reason: error.code }, { cause: error });
      throw error;
    }
  };
}
