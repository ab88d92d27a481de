import type { Disposable } from '@outboard/protocol/disposable';
import type { ProjectStore } from '../../projects/project-store.js';
import type { ExtensionStorage } from '../../storage/extension-storage.js';
import type { StorageScope } from '../../storage/storage-scope.js';
import type { CapabilityBroker } from '../capability-broker.js';
import { ServiceError } from '../../errors/service-error.js';
import type { ServiceCall, ServiceGate, ServiceHandler } from '../service-definition.js';
import { optionalString, requiredString } from './service-params.js';

const PRIVATE_GATE: ServiceGate = Object.freeze({ capability: 'storage.private', scope: 'global' });
const PROJECT_GATE: ServiceGate = Object.freeze({ capability: 'storage.project', scope: 'project' });

/** What the storage services need from the host. */
export interface StorageServiceOptions {
  projects: ProjectStore;
  /** The one `ExtensionStorage` of an extension (keep one per extension: its scopes queue writes in memory). */
  storageFor: (extension: string) => ExtensionStorage;
}

/**
 * `storage/get` `{ scope, projectId?, key }` → `{ found, value? }`, `storage/set` `{ …, key, value }` →
 * `{ bytes }`, `storage/delete` `{ …, key }` → `{ deleted }`, `storage/list` `{ …, prefix? }` → `{ keys }`.
 * `scope: "private"` needs `storage.private`; `scope: "project"` needs `storage.project` and a registered
 * `projectId` inside the project grants.
 */
export function registerStorageServices(broker: CapabilityBroker, options: StorageServiceOptions, wrap: (handler: ServiceHandler) => ServiceHandler): Disposable[] {
  const scopeOf = (call: ServiceCall): StorageScope => {
    const storage = options.storageFor(call.extension);
    if (call.gate === PRIVATE_GATE || call.gate.capability === PRIVATE_GATE.capability) return storage.privateScope();
    const projectId = call.projectId!;
    if (options.projects.get(projectId) === undefined) {
      throw new ServiceError('not_found', `No project "${projectId}" is registered, so it has no storage. Use a registered project id (see projects.list).`, { projectId });
    }
    return storage.projectScope(projectId);
  };
  const register = (method: string, work: (scope: StorageScope, call: ServiceCall) => Promise<unknown>): Disposable =>
    broker.registerService(method, {
      gates: [PRIVATE_GATE, PROJECT_GATE],
      selectGate: (params) => selectStorageGate(method, params),
      handler: wrap((call) => work(scopeOf(call), call)),
    });
  return [
    register('storage/get', (scope, call) => scope.get(requiredString(call.method, call.params, 'key', 'cache/last-run'))),
    register('storage/set', async (scope, call) => {
      const key = requiredString(call.method, call.params, 'key', 'cache/last-run');
      if (!('value' in call.params)) throw new ServiceError('invalid_params', `"${call.method}" needs params.value (any JSON value). To remove a key, call storage/delete.`, { param: 'value' });
      return scope.set(key, call.params['value']);
    }),
    register('storage/delete', async (scope, call) => ({ deleted: await scope.delete(requiredString(call.method, call.params, 'key', 'cache/last-run')) })),
    register('storage/list', async (scope, call) => ({ keys: await scope.list(optionalString(call.method, call.params, 'prefix') ?? '') })),
  ];
}

function selectStorageGate(method: string, params: Readonly<Record<string, unknown>>): ServiceGate {
  const scope = params['scope'];
  if (scope === 'private') return PRIVATE_GATE;
  if (scope === 'project') return PROJECT_GATE;
  throw new ServiceError(
    'invalid_params',
    `"${method}" needs params.scope: "private" (the extension's own storage) or "project" (with params.projectId); got ${JSON.stringify(scope) ?? 'nothing'}.`,
    { param: 'scope' },
  );
}
