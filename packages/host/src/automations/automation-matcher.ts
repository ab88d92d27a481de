import type { BusEvent } from '../bus/bus-event.js';
import type { Automation, FilterValue } from './automation-types.js';

/** One automation compiled for matching. */
interface Compiled {
  automation: Automation;
  project: string | undefined;
  filter: Array<[string, (value: unknown) => boolean]>;
}

/**
 * Which enabled automations an event starts, indexed by event type: the cost per event is one map lookup
 * plus the filters of the automations on that type, whatever the number of automations on other types.
 * Immutable: build a new one when the automations change.
 */
export class AutomationMatcher {
  readonly #byType = new Map<string, Compiled[]>();

  /** Indexes the enabled, unpaused ones of `automations`. */
  constructor(automations: Iterable<Automation>) {
    for (const automation of automations) {
      if (!automation.enabled || automation.paused) continue;
      const compiled: Compiled = {
        automation,
        project: automation.trigger.project,
        filter: Object.entries(automation.trigger.filter ?? {}).map(([key, want]) => [key, valueMatcher(want)]),
      };
      const list = this.#byType.get(automation.trigger.type);
      if (list) list.push(compiled);
      else this.#byType.set(automation.trigger.type, [compiled]);
    }
  }

  /** How many automations are indexed. */
  get size(): number {
    let n = 0;
    for (const list of this.#byType.values()) n += list.length;
    return n;
  }

  /** The automations `event` starts, in the order they were given. */
  match(event: BusEvent): Automation[] {
    const candidates = this.#byType.get(event.type);
    if (candidates === undefined) return [];
    const matched: Automation[] = [];
    for (const c of candidates) {
      if (c.project !== undefined && event.scope?.projectId !== c.project) continue;
      if (c.filter.every(([key, test]) => Object.hasOwn(event.attributes, key) && test(event.attributes[key]))) matched.push(c.automation);
    }
    return matched;
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
