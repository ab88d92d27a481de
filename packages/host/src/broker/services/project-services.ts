import type { Disposable } from '@outboard/protocol/disposable';
import type { ProjectStore } from '../../projects/project-store.js';
import type { CapabilityBroker } from '../capability-broker.js';
import { ServiceError } from '../../errors/service-error.js';
import type { ServiceHandler } from '../service-definition.js';
import { optionalString, requiredString } from './service-params.js';

/**
 * `projects.list` `{}` → `{ projects }` (only the granted projects when `grants.projects` is set),
 * `projects.get` `{ projectId }` → `{ project }` (both need `projects.read`; `get` is project-scoped), and
 * `projects.register` `{ root, name?, id? }` → `{ project, created }` (needs `projects.register`).
 */
export function registerProjectServices(broker: CapabilityBroker, projects: ProjectStore, wrap: (handler: ServiceHandler) => ServiceHandler): Disposable[] {
  return [
    broker.registerService('projects.list', {
      capability: 'projects.read',
      scope: 'global',
      handler: wrap((call) => {
        const allowed = call.grants.projects;
        const list = projects.list();
        return { projects: allowed === undefined ? list : list.filter((p) => allowed.includes(p.id)) };
      }),
    }),
    broker.registerService('projects.get', {
      capability: 'projects.read',
      scope: 'project',
      handler: wrap((call) => {
        const project = projects.get(call.projectId!);
        if (project === undefined) {
          throw new ServiceError('not_found', `No project "${call.projectId}" is registered. Call projects.list for the registered ids.`, { projectId: call.projectId });
        }
        return { project };
      }),
    }),
    broker.registerService('projects.register', {
      capability: 'projects.register',
      scope: 'global',
      handler: wrap(async (call) => {
        const root = requiredString(call.method, call.params, 'root', '/home/me/web-app');
        const name = optionalString(call.method, call.params, 'name');
        const id = optionalString(call.method, call.params, 'id');
        return projects.register({ root, ...(name === undefined ? {} : { name }), ...(id === undefined ? {} : { id }) });
      }),
    }),
  ];
}
