import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Route } from '../../src/routing/route.js';
import { matchPattern, matchRoute } from '../../src/routing/route-match.js';

const noop = (): void => undefined;
const hub = { kind: 'hub' } as const;

describe('matchPattern', () => {
  it('takes :name segments and the rest of a final *', () => {
    assert.deepEqual(matchPattern('/api/hub/extensions/:name/stop', '/api/hub/extensions/web/stop'), { name: 'web' });
    assert.deepEqual(matchPattern('/x/:name/*', '/x/web/'), { name: 'web', rest: '/' });
    assert.deepEqual(matchPattern('/x/:name/*', '/x/web/a/b'), { name: 'web', rest: '/a/b' });
    assert.deepEqual(matchPattern('/*', '/'), { rest: '/' });
  });
  it('refuses another length, an empty :name or a different literal', () => {
    assert.equal(matchPattern('/x/:name/*', '/x/web'), undefined);
    assert.equal(matchPattern('/x/:name', '/x/'), undefined);
    assert.equal(matchPattern('/api/version', '/api/version/'), undefined);
    assert.equal(matchPattern('/projects/:id', '/project/p1'), undefined);
  });
});

describe('matchRoute', () => {
  const routes: Route[] = [
    { path: '/', queryParam: 'code', public: true, handle: noop },
    { path: '/', methods: ['GET', 'HEAD'], handle: noop },
    { path: '/api/items', handle: noop },
    { path: '/api/items', methods: ['POST'], handle: noop },
    { path: '/api/ws', upgrade: noop },
    { path: '/*', origin: 'sidecar', methods: '*', handle: noop, upgrade: noop },
  ];
  const ask = (path: string, method = 'GET', extra: { query?: string; upgrade?: boolean; origin?: { kind: 'hub' } | { kind: 'sidecar'; name: string } } = {}) =>
    matchRoute(routes, { origin: extra.origin ?? hub, path, query: extra.query ?? '', method, upgrade: extra.upgrade ?? false });

  it('the first row of the origin, path, query parameter and method', () => {
    assert.equal((ask('/', 'GET', { query: '?code=x' }) as { route: Route }).route, routes[0]);
    assert.equal((ask('/') as { route: Route }).route, routes[1]);
    assert.equal((ask('/api/items', 'POST') as { route: Route }).route, routes[3]);
    assert.equal((ask('/api/v1/items') as { route: Route }).route, routes[2], '/api/v1/ is served by the /api/ rows');
    assert.equal((ask('/anything', 'DELETE', { origin: { kind: 'sidecar', name: 'web' } }) as { route: Route }).route, routes[5]);
  });
  it('405 with every method of the path, 404 for a path no row of the origin serves', () => {
    assert.deepEqual(ask('/api/items', 'PUT'), { missing: 'method', allow: ['GET', 'POST'] });
    assert.deepEqual(ask('/nope'), { missing: 'path' });
    assert.deepEqual(ask('/api/ws'), { missing: 'path' }, 'a row without handle serves no plain request');
  });
  it('upgrades go to rows with an upgrade handler only', () => {
    assert.equal((ask('/api/ws', 'GET', { upgrade: true }) as { route: Route }).route, routes[4]);
    assert.deepEqual(ask('/api/items', 'GET', { upgrade: true }), { missing: 'upgrade' });
  });
});
