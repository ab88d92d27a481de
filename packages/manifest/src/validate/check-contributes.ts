import type { JsonPathSegment } from '../json-path.js';
import { isRecord } from '../json-value.js';
import { CONTRIBUTION_ID_SOURCE, DOTTED_NAME_SOURCE } from '../patterns.js';
import { contributionIdOwnershipProblem, hostNamespaceOf } from '../contribution-ids.js';
import { isValidSlug } from '../slug.js';
import { toSlug } from './check-names.js';
import type { ProblemCollector } from './problem-collector.js';
import { fieldLabel, quote } from './wording.js';

const CONTRIBUTION_ID = new RegExp(CONTRIBUTION_ID_SOURCE);
const DOTTED_NAME = new RegExp(DOTTED_NAME_SOURCE);
const EXAMPLE_IDS = { actions: 'git.log', status: 'git.branch', providers: 'notes.search', views: 'notes.recent' } as const;

/** Action, status and provider ids, RPC method names and event types: well formed, each declared once, owned by `name`. */
export function checkContributes(contributes: unknown, name: unknown, root: JsonPathSegment[], problems: ProblemCollector): void {
  if (!isRecord(contributes)) return;
  // An invalid name is reported by its own rule; ownership is judged against the name its fix suggests, so
  // the ids that rename needs are reported in the same run, not after the name is mended.
  const owner = typeof name !== 'string' ? undefined : isValidSlug(name) ? name : toSlug(name, '');
  if (owner) checkOwnedIds(contributes, owner, root, problems);
  for (const list of ['actions', 'status', 'providers', 'views'] as const) {
    const entries = contributes[list];
    if (!Array.isArray(entries)) continue;
    const ids = entries.map((e: unknown) => (isRecord(e) && typeof e.id === 'string' ? e.id : undefined));
    ids.forEach((id, i) => {
      if (id === undefined || CONTRIBUTION_ID.test(id)) return;
      const at: JsonPathSegment[] = ['contributes', list, i, 'id'];
      problems.rule([...root, ...at], 'contributes.id', `${fieldLabel(at)} ${quote(id)} is not an id: use letters, digits, "-" and "_" in segments joined by dots.`, `Rename it, e.g. ${quote(EXAMPLE_IDS[list])}.`);
    });
    reportDuplicates(ids, ['contributes', list], (i) => ['contributes', list, i, 'id'], root, problems);
  }
  checkDottedNames(contributes.rpc, 'rpc', root, problems);
  checkDottedNames(contributes.events, 'events', root, problems);
  // A listener is keyed by its event type, a template by its id: each declared once (shape is the schema's).
  for (const [list, key] of [['listeners', 'type'], ['automationTemplates', 'id']] as const) {
    const entries = contributes[list];
    if (!Array.isArray(entries)) continue;
    const ids = entries.map((e: unknown) => (isRecord(e) && typeof e[key] === 'string' ? (e[key] as string) : undefined));
    reportDuplicates(ids, ['contributes', list], (i) => ['contributes', list, i, key], root, problems);
  }
}

function checkDottedNames(entries: unknown, list: 'rpc' | 'events', root: JsonPathSegment[], problems: ProblemCollector): void {
  if (!Array.isArray(entries)) return;
  const names = entries.map((e: unknown) => (typeof e === 'string' ? e : undefined));
  names.forEach((name, i) => {
    if (name === undefined) return;
    const at: JsonPathSegment[] = ['contributes', list, i];
    const label = fieldLabel(at);
    if (list === 'rpc') {
      if (!DOTTED_NAME.test(name)) {
        problems.rule([...root, ...at], 'rpc.method-name', `${label} ${quote(name)} is not a dotted method name such as "git.getLog".`, 'Name the method <namespace>.<method>, using letters, digits, "-" and "_" in each part.');
      } else if (name.startsWith('rpc.')) {
        problems.rule([...root, ...at], 'rpc.method-name', `${label} ${quote(name)} starts with "rpc.", which JSON-RPC 2.0 reserves for itself.`, `Use your extension's own namespace, e.g. ${quote(`ext.${name.slice(4)}`)}.`);
      }
    } else if (!DOTTED_NAME.test(name)) {
      const why = /[*?]/.test(name) ? 'declares a wildcard, but a published event type is concrete' : 'is not a dotted event type such as "git.changed"';
      problems.rule([...root, ...at], 'events.type-name', `${label} ${quote(name)} ${why}.`, 'List each event type the peer publishes as <namespace>.<event>, using letters, digits, "-" and "_" in each part.');
    }
  });
  reportDuplicates(names, ['contributes', list], (i) => ['contributes', list, i], root, problems);
}

/** Reports every repeat of a value already seen earlier in the list, at the repeat. */
function reportDuplicates(
  values: readonly (string | undefined)[],
  listAt: JsonPathSegment[],
  entryAt: (i: number) => JsonPathSegment[],
  root: JsonPathSegment[],
  problems: ProblemCollector,
): void {
  const first = new Map<string, number>();
  values.forEach((value, i) => {
    if (value === undefined) return;
    const seen = first.get(value);
    if (seen === undefined) {
      first.set(value, i);
      return;
    }
    const at = entryAt(i);
    problems.rule([...root, ...at], 'contributes.duplicate-id', `${quote(value)} is declared twice in ${fieldLabel(listAt)} (first at index ${seen}).`, 'Remove the repeat, or give it its own id.');
  });
}

/** Every id starts with `<name>.` and stays out of the host's namespaces (`contributes.owned-id`). */
function checkOwnedIds(contributes: Record<string, unknown>, name: string, root: JsonPathSegment[], problems: ProblemCollector): void {
  for (const list of ['actions', 'status', 'providers', 'views', 'rpc', 'events', 'listeners', 'automationTemplates'] as const) {
    const entries = contributes[list];
    if (!Array.isArray(entries)) continue;
    const key = list === 'listeners' ? 'type' : 'id';
    entries.forEach((entry: unknown, i) => {
      const byId = list !== 'rpc' && list !== 'events';
      const id = byId ? (isRecord(entry) ? entry[key] : undefined) : entry;
      if (typeof id !== 'string' || id === '') return;
      const problem = contributionIdOwnershipProblem(name, id);
      if (problem === undefined) return;
      const at: JsonPathSegment[] = byId ? ['contributes', list, i, key] : ['contributes', list, i];
      const rest = hostNamespaceOf(id) === undefined && id.includes('.') ? id.slice(id.indexOf('.') + 1) : id;
      problems.rule([...root, ...at], 'contributes.owned-id', `${fieldLabel(at)}: ${problem}.`, `Rename it ${quote(`${name}.${rest}`)} (and the peer's use of it).`);
    });
  }
}
