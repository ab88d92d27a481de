import type { BusEvent } from '../bus/bus-event.js';
import type { Automation, FilterValue } from './automation-types.js';

/** One automation compiled for matching. */
interface Compiled {
  automation: Automation;
  keys: string[];
  tests: Array<(value: unknown) => boolean>;
}

/** The automations of one event type: those on any project, and those on one project, by project id. */
interface TypeEntry {
  anyProject: Compiled[];
  byProject: Map<string, Compiled[]>;
}

/**
 * Which enabled automations an event starts, indexed by event type: the cost per event is one map lookup
 * plus the filters of the automations on that type, whatever the number of automations on other types.
 * Immutable: build a new one when the automations change.
 */
export class AutomationMatcher {
  readonly #byType = new Map<string, TypeEntry>();
  #size = 0;

  /** Indexes the enabled, unpaused ones of `automations`. */
  constructor(automations: Iterable<Automation>) {
    for (const automation of automations) {
      if (!automation.enabled || automation.paused) continue;
      const filter = Object.entries(automation.trigger.filter ?? {});
      const compiled: Compiled = { automation, keys: filter.map(([key]) => key), tests: filter.map(([, want]) => valueMatcher(want)) };
      let entry = this.#byType.get(automation.trigger.type);
      if (!entry) this.#byType.set(automation.trigger.type, (entry = { anyProject: [], byProject: new Map() }));
      const project = automation.trigger.project;
      if (project === undefined) entry.anyProject.push(compiled);
      else {
        const list = entry.byProject.get(project);
        if (list) list.push(compiled);
        else entry.byProject.set(project, [compiled]);
      }
      this.#size++;
    }
  }

  /** How many automations are indexed. */
  get size(): number {
    return this.#size;
  }

  /** The automations `event` starts: those on any project, then those on the event's project. */
  match(event: BusEvent): Automation[] {
    const entry = this.#byType.get(event.type);
    if (entry === undefined) return [];
    const matched: Automation[] = [];
    collect(entry.anyProject, event, matched);
    const projectId = event.scope?.projectId;
    const scoped = projectId === undefined ? undefined : entry.byProject.get(projectId);
    if (scoped) collect(scoped, event, matched);
    return matched;
  }
}

function collect(candidates: readonly Compiled[], event: BusEvent, into: Automation[]): void {
  const attributes = event.attributes;
  next: for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i] as Compiled;
    for (let k = 0; k < c.keys.length; k++) {
      const key = c.keys[k] as string;
      if (!Object.hasOwn(attributes, key) || !(c.tests[k] as (value: unknown) => boolean)(attributes[key])) continue next;
    }
    into.push(c.automation);
  }
}

/**
 * The test of one filter value: numbers and booleans by equality; a string by equality, or as a glob when it
 * holds `*` (any run of characters, `/` included), compared with the attribute's text.
 */
export function valueMatcher(want: FilterValue): (value: unknown) => boolean {
  if (typeof want !== 'string') return (value) => value === want;
  if (!want.includes('*')) return (value) => value === want || (typeof value !== 'string' && String(value) === want);
  const regex = new RegExp(`^${want.split(/\*+/).map((part) => part.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')).join('.*')}$`, 's');
  return (value) => regex.test(String(value));
}
