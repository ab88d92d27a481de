import type { Connection, Disposable } from '@outboard/protocol';
import type { CapabilityBroker } from '../broker/capability-broker.js';
import type { CapabilityGrants } from '../approvals/approval-record.js';
import { ServiceError, withoutStack } from '../errors/service-error.js';
import type { EventBus } from '../bus/event-bus.js';
import type { ContributionRegistry } from '../contributions/contribution-registry.js';
import type { NotificationCenter } from '../contributions/notification-center.js';
import { checkProjectInput, type ProjectLookup } from '../broker/services/project-input.js';
import { typeGlobProblem } from '../bus/type-glob.js';
import { performHubRequest } from './hub-request.js';

/** The parts of the host the peer services reach. */
export interface PeerServiceDeps {
  broker: CapabilityBroker;
  bus: EventBus;
  contributions: ContributionRegistry;
  notifications: NotificationCenter;
  /** Registered projects: a `projectId` a peer sends must name one. */
  projects: ProjectLookup;
  /** Routes `rpc/call` to whoever serves the method (another peer, the host, a plugin). */
  callRpc(method: string, params: unknown, signal: AbortSignal, caller: { extension: string; grants: Readonly<CapabilityGrants> }): Promise<unknown>;
  /** The `permissions.hub` allowlist of an extension's approved manifest. */
  hubRoutes(extension: string): readonly string[];
  /** The running hub (URL and token), if any. */
  hub(): { url: string; token: string | undefined } | undefined;
  hostId: string;
}

/** Largest number of event subscriptions one peer may hold. */
const MAX_SUBSCRIPTIONS = 32;

/**
 * Registers on the broker the services that need the calling peer itself: `events/subscribe` (events are then
 * sent to the peer as `events/event` notifications), `events/unsubscribe`, `status/set`, `notifications/show`
 * and `rpc/call`. `connectionOf` finds the peer's live connection.
 */
export function registerPeerServices(deps: PeerServiceDeps, connectionOf: (extension: string) => Connection | undefined, subscriptions: Map<string, Map<string, Disposable>>): Disposable {
  const { broker, bus, contributions, notifications } = deps;
  const regs = [
    broker.registerService('events/subscribe', {
      capability: 'events.subscribe',
      scope: 'global',
      handler: (call) => {
        const p = call.params as { types?: unknown; projectIds?: unknown };
        const types = stringList(p.types, 'types') ?? ['*'];
        const badGlob = types.map(typeGlobProblem).find((problem) => problem !== undefined);
        if (badGlob !== undefined) throw new ServiceError('invalid_params', `events/subscribe "types": ${badGlob}`);
        const projectIds = stringList(p.projectIds, 'projectIds');
        const scoped = call.grants.projects;
        if (scoped && projectIds?.some((id) => !scoped.includes(id))) throw new ServiceError('invalid_scope', `projects outside the granted ones: ${projectIds.filter((id) => !scoped.includes(id)).join(', ')}`);
        const mine = subscriptions.get(call.extension) ?? new Map<string, Disposable>();
        if (mine.size >= MAX_SUBSCRIPTIONS) throw new ServiceError('too_large', `at most ${MAX_SUBSCRIPTIONS} subscriptions per peer; unsubscribe first`);
        subscriptions.set(call.extension, mine);
        const id = `sub-${Math.random().toString(36).slice(2, 10)}`;
        const filter = { types, ...(projectIds ?? scoped ? { projectIds: projectIds ?? scoped } : {}) };
        const sub = bus.subscribe(filter, (event) => connectionOf(call.extension)?.notify('events/event', { subscription: id, event }), { name: `peer:${call.extension}` });
        mine.set(id, sub);
        return { subscription: id, seq: bus.lastSeq };
      },
    }),
    broker.registerService('events/unsubscribe', {
      capability: 'events.subscribe',
      scope: 'global',
      handler: (call) => {
        const id = (call.params as { subscription?: unknown }).subscription;
        const sub = typeof id === 'string' ? subscriptions.get(call.extension)?.get(id) : undefined;
        if (!sub) throw new ServiceError('not_found', `no subscription ${JSON.stringify(id)}`);
        sub.dispose();
        subscriptions.get(call.extension)?.delete(id as string);
        return { unsubscribed: true };
      },
    }),
    broker.registerService('status/set', {
      capability: 'ui.status.contribute',
      scope: 'global',
      handler: (call) => {
        const p = call.params as { id?: unknown; text?: unknown; severity?: unknown; tooltip?: unknown; actionId?: unknown; projectId?: unknown };
        if (typeof p.id !== 'string') throw new ServiceError('invalid_params', 'status/set needs "id", the status item declared in contributes.status');
        if (p.projectId !== undefined && (typeof p.projectId !== 'string' || p.projectId === '')) throw new ServiceError('invalid_params', 'status/set "projectId", when given, must be a project id');
        // A project's status is shown on that project: only one the peer may see, and one that exists.
        if (p.projectId !== undefined) checkProjectInput(call.extension, p.projectId, call.grants, deps.projects, 'set status');
        try {
          contributions.setStatus(call.extension, p.id, { text: p.text, severity: p.severity, tooltip: p.tooltip, actionId: p.actionId, projectId: p.projectId });
        } catch (error) {
          throw new ServiceError(error instanceof TypeError ? 'invalid_params' : 'not_found', (error as Error).message);
        }
        return { ok: true };
      },
    }),
    broker.registerService('notifications/show', {
      capability: 'ui.notification',
      scope: 'global',
      handler: (call) => {
        const outcome = notifications.show(call.extension, call.params);
        if ('refused' in outcome) {
          if (outcome.refused === 'invalid') throw new ServiceError('invalid_params', 'a notification needs a non-empty "message" (and optionally severity, detail, expiresInMs)');
          // A flooding peer gets this thousands of times a second: no stack to capture.
          throw withoutStack(() => new ServiceError('unavailable', 'too many notifications: the rest of this second is dropped'));
        }
        return { id: outcome.shown.id };
      },
    }),
    broker.registerService('rpc/call', {
      capability: 'rpc.call',
      scope: 'global',
      handler: (call) => {
        const p = call.params as { method?: unknown; params?: unknown };
        if (typeof p.method !== 'string') throw new ServiceError('invalid_params', 'rpc/call needs "method"');
        return deps.callRpc(p.method, p.params, call.signal, { extension: call.extension, grants: call.grants });
      },
    }),
    broker.registerService('hub/request', {
      capability: 'hub.request',
      scope: 'global',
      handler: (call) => performHubRequest(call.params, deps.hubRoutes(call.extension), deps.hub(), deps.hostId, call.signal),
    }),
  ];
  return { dispose: () => regs.forEach((r) => r.dispose()) };
}

function stringList(value: unknown, name: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw new ServiceError('invalid_params', `"${name}" must be an array of strings`);
  return value as string[];
}
