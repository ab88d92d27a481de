import { contributionIdOwnershipProblem } from '@outboard/manifest';
import type { Disposable } from '@outboard/protocol/disposable';
import { publishInputProblem } from '../../bus/bus-event.js';
import type { EventBus } from '../../bus/event-bus.js';
import type { ProjectStore } from '../../projects/project-store.js';
import type { CapabilityBroker } from '../capability-broker.js';
import { ServiceError } from '../../errors/service-error.js';
import type { ServiceHandler } from '../service-definition.js';
import { checkProjectInput } from './project-input.js';
import { optionalString, requiredString } from './service-params.js';

/** What `events/publish` needs from the host. */
export interface EventServiceOptions {
  bus: EventBus;
  projects: ProjectStore;
  /** The event types the extension's approved manifest declares in `contributes.events` and `contributes.listeners` (`undefined`: none). */
  declaredEvents: (extension: string) => readonly string[] | undefined;
  /** Largest `{ attributes, body }` of one event, in bytes of JSON. */
  maxEventBytes: number;
}

/**
 * `events/publish` `{ type, attributes?, body?, projectId? }` → `{ seq }` (needs `events.publish`). Only a
 * type the manifest declares, exactly, and the extension owns (`<name>.`, never a host namespace such as
 * `project.`): `denied` otherwise. The source is always the calling extension. A
 * `projectId` must be registered (`not_found`) and inside the project grants when those are listed
 * (`invalid_scope`). Attributes are flat strings, finite numbers and booleans.
 */
export function registerEventServices(broker: CapabilityBroker, options: EventServiceOptions, wrap: (handler: ServiceHandler) => ServiceHandler): Disposable[] {
  const { bus, projects, declaredEvents, maxEventBytes } = options;
  return [
    broker.registerService('events/publish', {
      capability: 'events.publish',
      scope: 'global',
      handler: wrap((call) => {
        const { extension, method, params } = call;
        const type = requiredString(method, params, 'type', 'git.changed');
        const declared = declaredEvents(extension) ?? [];
        if (!declared.includes(type)) {
          throw new ServiceError(
            'denied',
            `Extension "${extension}" may not publish "${type}": its manifest declares ${declared.length === 0 ? 'no event types' : `only ${declared.map((t) => `"${t}"`).join(', ')}`} in contributes.events and contributes.listeners. ` +
              `Add "${type}" to contributes.events (or a listener to contributes.listeners), then re-approve the extension with \`${broker.hostId} extensions enable ${extension}\`.`,
            { type },
          );
        }
        // Declared is not enough: only the host publishes in its namespaces, and an extension only in its own.
        const unowned = contributionIdOwnershipProblem(extension, type);
        if (unowned !== undefined) throw new ServiceError('denied', `Extension "${extension}" may not publish "${type}": ${unowned}.`, { type });
        const projectId = optionalString(method, params, 'projectId');
        if (projectId !== undefined) checkProjectInput(extension, projectId, call.grants, projects, 'publish');
        const input = {
          type,
          source: extension,
          ...(projectId === undefined ? {} : { scope: { projectId } }),
          ...(params['attributes'] === undefined ? {} : { attributes: params['attributes'] as Record<string, string | number | boolean> }),
          ...(params['body'] === undefined ? {} : { body: params['body'] }),
        };
        const problem = publishInputProblem(input);
        if (problem !== undefined) throw new ServiceError('invalid_params', `Cannot publish "${type}": ${problem}. Fix the event and publish again.`);
        const size = jsonBytes(method, { attributes: params['attributes'], body: params['body'] });
        if (size > maxEventBytes) {
          throw new ServiceError(
            'too_large',
            `The event "${type}" is ${size} bytes of attributes and body; the limit is ${maxEventBytes} bytes. Publish a smaller event, e.g. an id the subscribers can look up.`,
            { limit: maxEventBytes, size },
          );
        }
        return { seq: bus.publish(input).seq };
      }),
    }),
  ];
}

function jsonBytes(method: string, value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
  } catch (error) {
    throw new ServiceError('invalid_params', `"${method}" needs JSON attributes and body: ${(error as Error).message}.`);
  }
}
