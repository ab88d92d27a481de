import { ResponseError } from '@outboard/protocol';
import type { Disposable } from '@outboard/protocol/disposable';
import type { EventBus } from '../bus/event-bus.js';
import { eventFilterProblem } from '../bus/event-filter.js';
import type { ProjectStore } from '../projects/project-store.js';
import type { PeerFleet } from '../peers/peer-fleet.js';
import type { ExtensionInventory } from '../host-core.js';
import { toListEntry } from '../extension-json.js';
import type { RpcHandler, RpcRegistry } from '../calls/rpc-registry.js';
import { providerMethods } from './provider-methods.js';
import { processMethods } from './process-methods.js';
import type { ProcessTable } from '../process/process-table.js';
import { viewMethods } from './view-methods.js';
import { registerAgentMethods, type AgentMethodDeps } from './agent-methods.js';

/** The parts of a host the built-in methods read. */
export interface HostMethodDeps {
  identity: { id: string; version: string };
  home: string;
  bus: EventBus;
  projects: ProjectStore;
  extensions(): Promise<ExtensionInventory>;
  /** The host's peers (created on first use). */
  peers(): Promise<PeerFleet>;
  /** The processes the host supervises (`processes.list`). */
  processes: ProcessTable;
  /** The wire version this host speaks. */
  wireVersion: number;
  /** The approvals (what agents may use is stored with each). */
  approvals: AgentMethodDeps['approvals'];
  /** The organisation policy's word on agents, when a policy is in force. */
  policy?: AgentMethodDeps['policy'];
}

/** The owner name of the built-ins in the registry. */
export const HOST_OWNER = 'host';

/**
 * Registers the host's built-in methods on `registry`: `host.info`, `rpc.methods`, `extensions.list`,
 * `projects.list`, `projects.register`, `events.recent`, `actions.list`, `actions.resolve`, `actions.invoke`, `status.list`,
 * `notifications.list`, `providers.query`, `providers.search`, `views.list`, `views.render`, `processes.list`, `agents.actions` and `agents.record`. Every answer is plain JSON; dispose the result to remove them.
 */
export function registerHostMethods(registry: RpcRegistry, deps: HostMethodDeps): Disposable {
  const methods: Record<string, RpcHandler> = {
    'host.info': () => ({ id: deps.identity.id, version: deps.identity.version, home: deps.home, wireVersion: deps.wireVersion, lastSeq: deps.bus.lastSeq, pid: process.pid, instanceId: deps.bus.instanceId }),
    'rpc.methods': async () => ({ methods: await registry.methods() }),
    'extensions.list': async () => {
      const { extensions, diagnostics } = await deps.extensions();
      return { extensions: extensions.map(toListEntry), diagnostics };
    },
    // A peer approved for some projects only sees those.
    'projects.list': (_params, context) => ({ projects: deps.projects.list().filter((p) => !context.grants?.projects || context.grants.projects.includes(p.id)) }),
    'projects.register': async (params) => {
      const root = optionalString(params, 'root', true) as string;
      const id = optionalString(params, 'id');
      const name = optionalString(params, 'name');
      const { project, created } = await deps.projects.register({ root, ...(id !== undefined ? { id } : {}), ...(name !== undefined ? { name } : {}) });
      return { project, created };
    },
    'events.recent': (params, context) => {
      const scoped = context.grants?.projects;
      if (scoped && Array.isArray(params.projectIds) && params.projectIds.some((id) => !scoped.includes(id as string))) throw new ResponseError('invalid_scope', 'projectIds names projects outside the granted ones');
      const projectIds = params.projectIds ?? scoped;
      const filter = { ...(params.types !== undefined ? { types: params.types } : {}), ...(projectIds !== undefined ? { projectIds, includeUnscoped: params.includeUnscoped === true } : {}) };
      const problem = eventFilterProblem(filter);
      if (problem !== undefined) throw new ResponseError('invalid_params', problem);
      const sinceSeq = params.sinceSeq ?? 0;
      const limit = params.limit ?? 100;
      if (!Number.isSafeInteger(sinceSeq) || (sinceSeq as number) < 0) throw new ResponseError('invalid_params', 'sinceSeq must be a non-negative integer');
      if (!Number.isSafeInteger(limit) || (limit as number) < 1) throw new ResponseError('invalid_params', 'limit must be a positive integer');
      const events = deps.bus.query({ ...(filter as object), sinceSeq: sinceSeq as number, limit: Math.min(limit as number, 10_000) });
      return { events, lastSeq: deps.bus.lastSeq };
    },
    // Compatible with apiVersion 1 of `/api/rpc`: the bare list of declared actions.
    'actions.list': async () => (await deps.peers()).declaredActions(),
    // The one verdict about an action: the action when it can run, else the refusal (reason and fix) every route shows.
    'actions.resolve': async (params) => (await deps.peers()).runnableAction(optionalString(params, 'id', true) as string),
    'actions.invoke': async (params, context) => {
      const id = optionalString(params, 'id', true) as string;
      const projectId = optionalString(params, 'projectId');
      const peers = await deps.peers();
      return peers.invokeAction(id, { ...(projectId !== undefined ? { projectId } : {}), args: params.args ?? {} }, { signal: context.signal, resetTimeoutOnProgress: true, onProgress: context.progress });
    },
    'status.list': async (params) => {
      const projectId = optionalString(params, 'projectId');
      // The bare list, as apiVersion 1 of `/api/rpc` answered it.
      return (await deps.peers()).contributions.statusItems().map((item) => ({
        ...item,
        values: Object.fromEntries(Object.entries(item.values).filter(([scope]) => projectId === undefined || scope === '' || scope === projectId)),
      }));
    },
    'notifications.list': async () => ({ notifications: (await deps.peers()).notifications.current() }),
    ...providerMethods(deps.peers),
    ...processMethods(deps.processes),
    ...viewMethods(deps.peers),
  };
  // What a peer calling through `rpc/call` must hold besides rpc.call: the capability of the same data elsewhere.
  const gates: Record<string, string> = { 'projects.list': 'projects.read', 'projects.register': 'projects.register', 'events.recent': 'events.subscribe', 'extensions.list': 'projects.read', 'processes.list': 'projects.read' };
  const regs = Object.entries(methods).map(([name, handler]) => registry.register(name, handler, HOST_OWNER, gates[name] ? { capability: gates[name] } : {}));
  regs.push(registerAgentMethods(registry, { hostId: deps.identity.id, bus: deps.bus, extensions: deps.extensions, approvals: deps.approvals, ...(deps.policy ? { policy: deps.policy } : {}) }, HOST_OWNER));
  return { dispose: () => regs.forEach((r) => r.dispose()) };
}

function optionalString(params: Record<string, unknown>, key: string, required = false): string | undefined {
  const value = params[key];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.length === 0) throw new ResponseError('invalid_params', `${key} must be a non-empty string${required ? ' (required)' : ''}`);
  return value;
}
