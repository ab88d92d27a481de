import type { BusEvent } from './bus-event.js';
import { compileTypeGlob, typeGlobProblem } from './type-glob.js';

/**
 * Which events a subscriber or a query wants. Every field narrows; an omitted field does not. An empty
 * list matches nothing (so a filter computed as an intersection, e.g. requested ∩ granted projects, stays
 * safe when the intersection is empty).
 */
export interface EventFilter {
  /** Type globs (see `type-glob.ts`); an event matches when any glob does. Default: every type. */
  types?: readonly string[];
  /**
   * Project ids; an event matches when its `scope.projectId` is one of them. Host-wide events (no scope)
   * match only with `includeUnscoped`. Default: every project and every host-wide event.
   */
  projectIds?: readonly string[];
  /** With `projectIds`, also match host-wide events. Default false. Ignored without `projectIds`. */
  includeUnscoped?: boolean;
}

/** The first problem of `filter` as one line, or `undefined` when usable. `undefined` is a valid filter (everything). */
export function eventFilterProblem(filter: unknown): string | undefined {
  if (filter === undefined) return undefined;
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) return 'a filter must be an object { types?, projectIds?, includeUnscoped? }';
  const { types, projectIds, includeUnscoped } = filter as Record<string, unknown>;
  if (types !== undefined) {
    if (!Array.isArray(types)) return `types must be a list of type globs such as ["git.*"], got ${JSON.stringify(types)}`;
    for (const glob of types) {
      const problem = typeGlobProblem(glob);
      if (problem !== undefined) return problem;
    }
  }
  if (projectIds !== undefined) {
    if (!Array.isArray(projectIds) || projectIds.some((id) => typeof id !== 'string' || id.length === 0)) {
      return `projectIds must be a list of project ids, got ${JSON.stringify(projectIds)}`;
    }
  }
  if (includeUnscoped !== undefined && typeof includeUnscoped !== 'boolean') {
    return `includeUnscoped must be true or false, got ${JSON.stringify(includeUnscoped)}`;
  }
  return undefined;
}

/** A predicate for `filter`, compiled once; throws a `TypeError` naming the problem when the filter is invalid. */
export function compileEventFilter(filter: EventFilter | undefined): (event: BusEvent) => boolean {
  const problem = eventFilterProblem(filter);
  if (problem !== undefined) throw new TypeError(problem);
  const typeTests = filter?.types?.map(compileTypeGlob);
  const projects = filter?.projectIds === undefined ? undefined : new Set(filter.projectIds);
  const includeUnscoped = filter?.includeUnscoped === true;
  return (event) => {
    if (typeTests !== undefined && !typeTests.some((test) => test(event.type))) return false;
    if (projects === undefined) return true;
    return event.scope === undefined ? includeUnscoped : projects.has(event.scope.projectId);
  };
}
