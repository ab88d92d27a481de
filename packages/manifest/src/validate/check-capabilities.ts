import type { JsonPathSegment } from '../json-path.js';
import { isRecord } from '../json-value.js';
import { HUB_ROUTE_METHODS, HUB_ROUTE_SOURCE } from '../patterns.js';
import type { CheckContext } from './check-context.js';
import { didYouMean } from '../suggest-names.js';
import type { ProblemCollector } from './problem-collector.js';
import { fieldLabel, quote } from './wording.js';

const HUB_ROUTE = new RegExp(HUB_ROUTE_SOURCE);

/** Capabilities are known, listed once, and not both required and optional. */
export function checkCapabilities(capabilities: unknown, root: JsonPathSegment[], ctx: CheckContext, problems: ProblemCollector): void {
  if (!isRecord(capabilities)) return;
  const required = new Set<string>();
  for (const list of ['required', 'optional'] as const) {
    const entries = capabilities[list];
    if (!Array.isArray(entries)) continue;
    const seen = new Map<string, number>();
    entries.forEach((name: unknown, i) => {
      if (typeof name !== 'string') return;
      const at: JsonPathSegment[] = ['capabilities', list, i];
      const label = fieldLabel(at);
      if (!ctx.capabilities.has(name)) {
        problems.rule([...root, ...at], 'capability.unknown', `${label} ${quote(name)} is not a capability ${ctx.hostId} knows${didYouMean(name, ctx.capabilities)}.`, `Use a capability from the catalog (${[...ctx.capabilities].join(', ')}), or remove it.`);
      }
      const earlier = seen.get(name);
      if (earlier !== undefined) {
        problems.rule([...root, ...at], 'capability.duplicate', `${label} ${quote(name)} is already listed as capabilities.${list}[${earlier}].`, 'Remove the repeat.');
      } else {
        seen.set(name, i);
      }
      if (list === 'required') required.add(name);
      else if (required.has(name) && earlier === undefined) {
        problems.rule([...root, ...at], 'capability.required-and-optional', `${label} ${quote(name)} is both required and optional.`, 'Keep it in required if the extension cannot work without it, otherwise in optional only.');
      }
    });
  }
}

/** Each `permissions.hub` entry is `METHOD /path` with a known HTTP method and a plain path (what the host can send). */
export function checkPermissions(permissions: unknown, root: JsonPathSegment[], problems: ProblemCollector): void {
  if (!isRecord(permissions) || !Array.isArray(permissions.hub)) return;
  permissions.hub.forEach((route: unknown, i) => {
    if (typeof route !== 'string') return;
    const at: JsonPathSegment[] = ['permissions', 'hub', i];
    if (HUB_ROUTE.test(route)) {
      // The host sends only normal-form paths, so a route that is not one could never match: say so now.
      const path = route.slice(route.indexOf(' ') + 1);
      const segments = path.split('/').slice(1);
      if (!path.includes('\\') && !path.includes('**') && !/%(?:2e|2f|5c)/i.test(path) && !segments.some((s, j) => s === '.' || s === '..' || (s === '' && j < segments.length - 1))) return;
      const clean = `/${segments.filter((s) => s !== '' && s !== '.' && s !== '..').map((s) => (s.includes('**') ? '*' : s)).join('/')}`.replace(/\\/g, '/');
      problems.rule([...root, ...at], 'permissions.hub-route', `${fieldLabel(at)} ${quote(route)} is not a plain path: no "..", ".", "//", "\\", "**" or escaped separators (* matches within one segment).`, `Write the route as the plain path it allows, e.g. ${quote(`${route.slice(0, route.indexOf(' '))} ${clean}`)}.`);
      return;
    }
    const [method = '', path = '', ...extra] = route.trim().split(/\s+/);
    let why: string;
    let fix: string;
    if (HUB_ROUTE_METHODS.includes(method.toUpperCase()) && method !== method.toUpperCase()) {
      why = `writes the method in lowercase`;
      fix = `Write it as ${quote(`${method.toUpperCase()} ${path}`)}.`;
    } else if (!HUB_ROUTE_METHODS.includes(method.toUpperCase())) {
      why = `does not start with a known HTTP method (${HUB_ROUTE_METHODS.join(', ')})`;
      fix = `Write it as "METHOD /path", e.g. ${quote(`GET ${route.trim().startsWith('/') ? route.trim() : '/api/hub/projects'}`)}.`;
    } else if (!path.startsWith('/') || extra.length > 0) {
      why = 'does not give one path starting with "/" after the method';
      fix = `Write it as "METHOD /path", e.g. ${quote(`${method} /${path.replace(/^\/+/, '') || 'api/hub/projects'}`)}.`;
    } else {
      why = 'is not "METHOD /path" with a single space';
      fix = `Write it as ${quote(`${method} ${path}`)}.`;
    }
    problems.rule([...root, ...at], 'permissions.hub-route', `${fieldLabel(at)} ${quote(route)} ${why}.`, fix);
  });
}
