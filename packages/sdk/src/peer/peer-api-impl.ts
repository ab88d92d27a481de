import type { Connection, Disposable } from '@outboard/protocol';
import type { Declarations } from './declarations.js';
import type { ActionHandler, HostEvent, PeerApi, Project, ProviderHandler, RpcHandler, ViewHandler } from './peer-api.js';

/** Where registrations of actions and RPC methods go (the runtime owns the handler tables). */
export interface Registrars {
  registerAction(id: string, handler: ActionHandler): Disposable;
  registerProvider(id: string, handler: ProviderHandler): Disposable;
  registerView(id: string, handler: ViewHandler): Disposable;
  registerRpc(method: string, handler: RpcHandler): Disposable;
}

/** Builds the typed api on the host connection; each check that can be made here fails before the host is asked. */
export function createPeerApi(connection: Connection, declared: Declarations, subscriptions: Disposable[], registrars: Registrars): PeerApi {
  const listeners = new Map<string, (event: HostEvent) => void>();
  let eventHandler: Disposable | undefined;
  const storageParams = (key: string | undefined, projectId: string | undefined): Record<string, unknown> => ({
    scope: projectId === undefined ? 'private' : 'project',
    ...(projectId === undefined ? {} : { projectId }),
    ...(key === undefined ? {} : { key }),
  });
  const storageCapability = (projectId: string | undefined, what: string): void => declared.capability(projectId === undefined ? 'storage.private' : 'storage.project', what);
  const track = (d: Disposable): Disposable => {
    subscriptions.push(d);
    return d;
  };
  return {
    projects: {
      list: async () => (declared.capability('projects.read', 'projects.list'), await connection.request<{ projects: Project[] }>('projects.list', {})).projects,
      get: async (id) => {
        declared.capability('projects.read', 'projects.get');
        // The wire answer is `{ project }` (docs/capabilities.md); the caller gets the project itself.
        const { project } = await connection.request<{ project?: Project }>('projects.get', { projectId: id });
        if (typeof project !== 'object' || project === null) throw new Error(`the host answered projects.get(${JSON.stringify(id)}) without a project`);
        return project;
      },
    },
    events: {
      on(types, listener, options) {
        declared.capability('events.subscribe', 'events.on');
        eventHandler ??= track(
          connection.onNotification('events/event', (params: unknown) => {
            const p = (params ?? {}) as { subscription?: unknown; event?: HostEvent };
            const target = typeof p.subscription === 'string' ? listeners.get(p.subscription) : undefined;
            if (target && p.event) target(p.event);
          }),
        );
        let id: string | undefined;
        let disposed = false;
        const pending = connection
          .request<{ subscription: string }>('events/subscribe', { types: typeof types === 'string' ? [types] : [...types], ...(options?.projectIds ? { projectIds: [...options.projectIds] } : {}) })
          .then(({ subscription }) => {
            id = subscription;
            if (disposed) void connection.request('events/unsubscribe', { subscription }).catch(() => undefined);
            else listeners.set(subscription, listener);
          });
        pending.catch((error: Error) => process.stderr.write(`events.on(${JSON.stringify(types)}) was refused: ${error.message}\n`));
        return track({
          dispose() {
            if (disposed) return;
            disposed = true;
            if (id === undefined) return;
            listeners.delete(id);
            if (connection.state === 'open') void connection.request('events/unsubscribe', { subscription: id }).catch(() => undefined);
          },
        });
      },
      async publish(type, attributes, body, options) {
        declared.eventType(type);
        declared.capability('events.publish', 'events.publish');
        await connection.request('events/publish', { type, ...(attributes ? { attributes } : {}), ...(body !== undefined ? { body } : {}), ...(options?.projectId !== undefined ? { projectId: options.projectId } : {}) });
      },
    },
    status: {
      async set(id, value) {
        declared.statusItem(id);
        declared.capability('ui.status.contribute', 'status.set');
        const { text, severity, projectId, tooltip, actionId } = value;
        await connection.request('status/set', { id, text, ...(severity ? { severity } : {}), ...(projectId ? { projectId } : {}), ...(tooltip !== undefined ? { tooltip } : {}), ...(actionId ? { actionId } : {}) });
      },
    },
    async notify(severity, message, detailOrOptions) {
      declared.capability('ui.notification', 'notify');
      const options = typeof detailOrOptions === 'string' ? { detail: detailOrOptions } : (detailOrOptions ?? {});
      await connection.request('notifications/show', { severity, message, ...options });
    },
    storage: {
      async get<T>(key: string, options?: { projectId?: string }) {
        storageCapability(options?.projectId, 'storage.get');
        const result = await connection.request<{ found?: boolean; value?: T }>('storage/get', storageParams(key, options?.projectId));
        return result.found ? result.value : undefined;
      },
      async set(key, value, options) {
        storageCapability(options?.projectId, 'storage.set');
        await connection.request('storage/set', { ...storageParams(key, options?.projectId), value });
      },
      async delete(key, options) {
        storageCapability(options?.projectId, 'storage.delete');
        await connection.request('storage/delete', storageParams(key, options?.projectId));
      },
      async list(options) {
        storageCapability(options?.projectId, 'storage.list');
        return (await connection.request<{ keys: string[] }>('storage/list', storageParams(undefined, options?.projectId))).keys;
      },
    },
    actions: {
      register: (id, handler) => registrars.registerAction(id, handler),
    },
    providers: {
      register: (id, handler) => registrars.registerProvider(id, handler),
    },
    views: {
      register: (id, handler) => registrars.registerView(id, handler),
      changed: (id, options) => {
        declared.view(id);
        connection.notify('views/changed', { id, ...(options?.projectId !== undefined ? { projectId: options.projectId } : {}) });
      },
    },
    rpc: {
      call: async <T>(method: string, params?: unknown) => {
        declared.capability('rpc.call', 'rpc.call');
        return connection.request<T>('rpc/call', { method, ...(params !== undefined ? { params } : {}) });
      },
      register: (method, handler) => registrars.registerRpc(method, handler),
    },
    hub: {
      async request<T>(method: string, path: string, body?: unknown) {
        declared.hubRoute(method, path);
        declared.capability('hub.request', 'hub.request');
        const answer = await connection.request<{ status: number; body: unknown }>('hub/request', { method, path, ...(body !== undefined ? { body } : {}) });
        if (answer.status >= 400) throw new Error(`the hub answered ${method} ${path} with ${answer.status}`);
        return answer.body as T;
      },
    },
  };
}
