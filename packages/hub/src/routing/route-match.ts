import type { RequestOrigin } from '../auth/host-check.js';
import type { Route } from './route.js';

/** What the table holds for one request: the route and its parameters, or why none serves it. */
export type RouteMatch =
  | { route: Route; params: Record<string, string> }
  | { missing: 'path' }
  | { missing: 'method'; allow: string[] }
  | { missing: 'upgrade' };

/**
 * The first row of `routes` serving this request (an upgrade when `upgrade`): origin, path pattern, query
 * parameter and method. Pure: the table is data, the matching is this function.
 */
export function matchRoute(routes: readonly Route[], request: { origin: RequestOrigin; path: string; query: string; method: string; upgrade: boolean }): RouteMatch {
  const path = request.path.startsWith('/api/v1/') ? `/api/${request.path.slice('/api/v1/'.length)}` : request.path;
  const params = new URLSearchParams(request.query);
  const allow = new Set<string>();
  let pathServed = false;
  for (const route of routes) {
    if ((route.origin ?? 'hub') !== request.origin.kind) continue;
    if (route.queryParam !== undefined && !params.has(route.queryParam)) continue;
    const taken = matchPattern(route.path, path);
    if (!taken) continue;
    pathServed = true;
    if (request.upgrade) {
      if (route.upgrade) return { route, params: taken };
      continue;
    }
    if (!route.handle) continue;
    const methods = route.methods ?? ['GET'];
    if (methods === '*' || methods.includes(request.method)) return { route, params: taken };
    for (const m of methods) allow.add(m);
  }
  if (!pathServed) return { missing: 'path' };
  if (request.upgrade) return { missing: 'upgrade' };
  return allow.size > 0 ? { missing: 'method', allow: [...allow] } : { missing: 'path' };
}

/** The parameters `pattern` takes from `path`, or undefined when it does not match. */
export function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const wanted = pattern.split('/');
  const given = path.split('/');
  const params: Record<string, string> = {};
  for (let i = 0; i < wanted.length; i++) {
    const part = wanted[i] as string;
    if (part === '*' && i === wanted.length - 1) {
      if (i >= given.length) return undefined;
      params.rest = `/${given.slice(i).join('/')}`;
      return params;
    }
    const value = given[i];
    if (value === undefined) return undefined;
    if (part.startsWith(':')) {
      if (value === '') return undefined;
      params[part.slice(1)] = value;
    } else if (part !== value) return undefined;
  }
  return wanted.length === given.length ? params : undefined;
}
