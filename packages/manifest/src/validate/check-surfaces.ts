import type { JsonPathSegment } from '../json-path.js';
import { isRecord } from '../json-value.js';
import { readPackagePath } from '../package-path.js';
import { ACTIVATION_SOURCE, EVENT_TYPE_GLOB_SOURCE, LINK_PLACEHOLDERS, VIEW_PLACEHOLDERS } from '../patterns.js';
import { reportPathFault } from './check-runnable.js';
import { didYouMean } from '../suggest-names.js';
import type { ProblemCollector } from './problem-collector.js';
import { fieldLabel, quote } from './wording.js';

const ACTIVATION = new RegExp(ACTIVATION_SOURCE);
const EVENT_TYPE_GLOB = new RegExp(EVENT_TYPE_GLOB_SOURCE);
const ACTIVATION_WORDS = ['onAction', 'onRpc', 'onProvider', 'onView', 'onStartup', 'onEvent:', 'onProject:'];

/** `sidecar.health` is a path; `sidecar.idleStopMinutes` is positive. */
export function checkSidecar(sidecar: unknown, root: JsonPathSegment[], problems: ProblemCollector): void {
  if (!isRecord(sidecar)) return;
  const { health, idleStopMinutes } = sidecar;
  if (typeof health === 'string' && !health.startsWith('/')) {
    problems.rule([...root, 'sidecar', 'health'], 'sidecar.health', `sidecar.health ${quote(health)} does not start with "/".`, `Write it as a path on the sidecar, e.g. ${quote(`/${health.replace(/^\.?\/*/, '') || 'healthz'}`)}.`);
  }
  if (typeof idleStopMinutes === 'number' && !(idleStopMinutes > 0)) {
    problems.rule([...root, 'sidecar', 'idleStopMinutes'], 'sidecar.idle-stop', `sidecar.idleStopMinutes is ${idleStopMinutes}, but it must be a positive number of minutes.`, 'Use a positive number such as 15, or remove it to get the default of 15 minutes.');
  }
}

/** Every `peer.activation` entry is one of the known activation events. */
export function checkPeerActivation(peer: unknown, root: JsonPathSegment[], problems: ProblemCollector): void {
  if (!isRecord(peer) || !Array.isArray(peer.activation)) return;
  peer.activation.forEach((entry: unknown, i) => {
    if (typeof entry !== 'string') return;
    const at: JsonPathSegment[] = ['peer', 'activation', i];
    if (ACTIVATION.test(entry)) {
      const glob = entry.startsWith('onEvent:') ? entry.slice('onEvent:'.length) : undefined;
      if (glob === undefined || EVENT_TYPE_GLOB.test(glob)) return;
      const fix = `Use the characters of an event type and * (any run of characters, dots included), e.g. ${quote(`onEvent:${glob.replace(/[^A-Za-z0-9_.*-]+/g, '*')}`)}.`;
      problems.rule([...root, ...at], 'peer.activation', `${fieldLabel(at)} ${quote(entry)} is not an event type glob: only * is a wildcard (? and other characters match nothing).`, fix);
      return;
    }
    const head = entry.includes(':') ? `${entry.slice(0, entry.indexOf(':'))}:` : entry;
    const needsGlob = head === 'onEvent:' || head === 'onProject:';
    const message = needsGlob
      ? `${fieldLabel(at)} ${quote(entry)} has no glob after the colon.`
      : `${fieldLabel(at)} ${quote(entry)} is not an activation event${didYouMean(head, ACTIVATION_WORDS)}.`;
    const fix = needsGlob
      ? `Add what to match, e.g. ${quote(head === 'onEvent:' ? 'onEvent:project.*' : 'onProject:package.json')}.`
      : 'Use onAction, onRpc, onProvider, onView, onStartup, onEvent:<event type glob> or onProject:<marker file glob>.';
    problems.rule([...root, ...at], 'peer.activation', message, fix);
  });
}

/** `projectLinks[].path` is a path inside the sidecar using only the known placeholders. */
export function checkProjectLinks(links: unknown, root: JsonPathSegment[], problems: ProblemCollector): void {
  if (!Array.isArray(links)) return;
  links.forEach((link: unknown, i) => {
    if (!isRecord(link) || typeof link.path !== 'string') return;
    const path = link.path;
    const at: JsonPathSegment[] = ['projectLinks', i, 'path'];
    if (!path.startsWith('/') || path.startsWith('//')) {
      problems.rule([...root, ...at], 'project-link.path', `${fieldLabel(at)} ${quote(path)} is not a path inside the sidecar: it must start with a single "/".`, `Write it as a path under /x/<name>/, e.g. ${quote(`/${path.replace(/^\/+/, '')}`)}.`);
    }
    const bad = badPlaceholders(path);
    if (bad.length > 0) {
      problems.rule([...root, ...at], 'project-link.placeholder', `${fieldLabel(at)} ${quote(path)} uses ${bad.map(quote).join(', ')}, but the only placeholders are {projectId} and {repoRoot}.`, `Use {projectId} or {repoRoot}${didYouMean(bad[0]?.replace(/[{}]/g, '') ?? '', LINK_PLACEHOLDERS)}, or remove the braces.`);
    }
  });
}

/**
 * `contributes.views`: a peer view (no `path`) needs a peer to render it, a sidecar view a sidecar to serve
 * it; a sidecar view's path uses no placeholder but `{projectId}`.
 */
export function checkViews(block: Record<string, unknown>, root: JsonPathSegment[], problems: ProblemCollector): void {
  const views = isRecord(block.contributes) ? block.contributes.views : undefined;
  if (!Array.isArray(views)) return;
  views.forEach((view: unknown, i) => {
    if (!isRecord(view)) return;
    const at: JsonPathSegment[] = ['contributes', 'views', i];
    if (typeof view.path !== 'string') {
      if (block.peer === undefined) problems.rule([...root, ...at], 'view.runner', `${fieldLabel(at)} is a peer view (it has no "path"), but the extension declares no peer to render it.`, 'Add a peer that answers views/render, or give the view the "path" of a sidecar page.');
      return;
    }
    if (block.sidecar === undefined) problems.rule([...root, ...at, 'path'], 'view.runner', `${fieldLabel([...at, 'path'])} makes this a sidecar view, but the extension declares no sidecar to serve it.`, 'Add a sidecar, or remove "path" and render the view from the peer (views/render).');
    const bad = badPlaceholders(view.path, VIEW_PLACEHOLDERS);
    if (bad.length > 0) problems.rule([...root, ...at, 'path'], 'view.placeholder', `${fieldLabel([...at, 'path'])} ${quote(view.path)} uses ${bad.map(quote).join(', ')}, but the only placeholder is {projectId}.`, `Use {projectId}${didYouMean(bad[0]?.replace(/[{}]/g, '') ?? '', VIEW_PLACEHOLDERS)}, or remove the braces.`);
  });
}

/** Placeholders other than the known ones, plus any unmatched brace. */
function badPlaceholders(path: string, known: readonly string[] = LINK_PLACEHOLDERS): string[] {
  const bad: string[] = [];
  const rest = path.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
    if (!known.includes(name)) bad.push(whole);
    return '';
  });
  if (/[{}]/.test(rest)) bad.push(rest.includes('{') ? '{' : '}');
  return bad;
}

/** `configSchema` is a relative `.json` file inside the package. */
export function checkConfigSchema(configSchema: unknown, root: JsonPathSegment[], problems: ProblemCollector): void {
  if (typeof configSchema !== 'string' || configSchema === '') return;
  const at: JsonPathSegment[] = ['configSchema'];
  const read = readPackagePath(configSchema);
  if (!read.ok) {
    reportPathFault('config-schema', read.fault, configSchema, at, root, problems);
  } else if (!read.file.endsWith('.json')) {
    problems.rule([...root, ...at], 'config-schema.extension', `configSchema ${quote(configSchema)} is not a .json file.`, 'Point configSchema at a JSON Schema file such as "schema/config.json".');
  }
}
