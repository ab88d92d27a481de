/** A value of an event attribute: flat, like an OpenTelemetry log attribute. */
export type EventAttributeValue = string | number | boolean;

/** Where an event belongs: one registered project. Events without a scope are host-wide. */
export interface EventScope {
  readonly projectId: string;
}

/** What a publisher hands to {@link EventBus.publish}; the bus adds `seq` and `time`. */
export interface PublishInput {
  /** Dotted type, e.g. `git.changed` (see {@link EVENT_TYPE_PATTERN}). */
  type: string;
  /** Who published it: the host's own source name, or the extension name for a peer's event. Non-empty. */
  source: string;
  /** The project the event is about; omit for host-wide events. */
  scope?: { projectId: string };
  /** Flat key/value facts (finite numbers only). Default `{}`. */
  attributes?: Record<string, EventAttributeValue>;
  /**
   * Free-form JSON payload. Shared by reference with every subscriber and the resume buffer, not copied:
   * neither the publisher nor a handler may mutate it afterwards.
   */
  body?: unknown;
}

/**
 * A published event, shaped after the OpenTelemetry log record. Frozen (the body excepted, see
 * {@link PublishInput.body}); every subscriber receives the very same object.
 */
export interface BusEvent {
  /** Position in this bus, from 1, strictly increasing; never reused by the bus instance. */
  readonly seq: number;
  /** When it was published: ISO 8601 UTC with milliseconds, e.g. `2026-01-02T03:04:05.678Z`. */
  readonly time: string;
  readonly type: string;
  readonly source: string;
  readonly scope?: EventScope;
  readonly attributes: Readonly<Record<string, EventAttributeValue>>;
  readonly body?: unknown;
}

/** An event type: identifier segments joined by dots, e.g. `project.registered` or `git.changed`. */
export const EVENT_TYPE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z][A-Za-z0-9_-]*)*$/;

/** The first problem of `input` as one line (naming the field and the expected shape), or `undefined` when publishable. */
export function publishInputProblem(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return 'an event must be an object with type and source';
  const { type, source, scope, attributes } = input as Record<string, unknown>;
  if (typeof type !== 'string' || !EVENT_TYPE_PATTERN.test(type)) {
    return `type must be a dotted name such as "git.changed", got ${JSON.stringify(type)}`;
  }
  if (typeof source !== 'string' || source.length === 0) return `source must be a non-empty string, got ${JSON.stringify(source)}`;
  if (scope !== undefined) {
    const projectId = typeof scope === 'object' && scope !== null ? (scope as Record<string, unknown>)['projectId'] : undefined;
    if (typeof projectId !== 'string' || projectId.length === 0) {
      return `scope must be { "projectId": "<id>" }, got ${JSON.stringify(scope)}`;
    }
  }
  if (attributes !== undefined) {
    if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) {
      return 'attributes must be an object of strings, finite numbers and booleans';
    }
    for (const key in attributes) {
      if (!Object.prototype.hasOwnProperty.call(attributes, key)) continue;
      const value = (attributes as Record<string, unknown>)[key];
      const ok = typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
      if (!ok) return `attribute ${JSON.stringify(key)} must be a string, a finite number or a boolean, got ${JSON.stringify(value) ?? typeof value}`;
    }
  }
  return undefined;
}

/** Builds the frozen stored event. `input` must have passed {@link publishInputProblem}; `time` is ISO 8601 UTC. */
export function freezeEvent(input: PublishInput, seq: number, time: string): BusEvent {
  const attributes = Object.freeze({ ...(input.attributes ?? {}) });
  const event: { -readonly [K in keyof BusEvent]: BusEvent[K] } = {
    seq,
    time,
    type: input.type,
    source: input.source,
    attributes,
  };
  if (input.scope !== undefined) event.scope = Object.freeze({ projectId: input.scope.projectId });
  if (input.body !== undefined) event.body = input.body;
  return Object.freeze(event);
}
