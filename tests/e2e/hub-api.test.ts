// Contract tests of the versioned hub API (apiVersion 1): the exact fields of every answer, so a change to a
// field fails here; and the home and project pages, with every extension string escaped.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { send } from './hub-home.js';
import { useTestHub } from './lib/test-hub.js';

const EXTENSION_FIELDS = ['codePinned', 'compatible', 'manifest', 'mount', 'name', 'packageName', 'policy', 'reason', 'sidecar', 'source', 'state', 'version'];
const PROJECT_FIELDS = ['id', 'lastSeen', 'name', 'outboardBin', 'pid', 'port', 'registeredAt', 'repoRoot', 'status', 'worktrees'];
const PROJECT_STATUS_FIELDS = ['attached', 'lastError', 'lastHealthAt', 'pid', 'port', 'respawns', 'state'];

describe('hub API contract (apiVersion 1)', { timeout: 60_000 }, () => {
  const hub = useTestHub();
  const get = (path: string) => send(hub.port, 'GET', path, hub.auth());
  const post = (path: string, body?: unknown) =>
    send(hub.port, 'POST', path, { ...hub.auth(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
  const json = (body: string) => JSON.parse(body) as Record<string, any>;
  const isError = (body: string, pattern: RegExp) => {
    const j = json(body);
    assert.deepEqual(Object.keys(j).sort(), ['apiVersion', 'code', 'error', 'fix']);
    assert.equal(j.apiVersion, 1);
    assert.match(j.error, pattern);
    assert.match(j.code, /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/);
    assert.ok(j.fix.length > 0);
  };

  it('GET /api/version', async () => {
    const a = await get('/api/version');
    assert.equal(a.status, 200);
    assert.equal(a.headers['content-type'], 'application/json; charset=utf-8');
    const j = json(a.body);
    assert.deepEqual(Object.keys(j).sort(), ['apiVersion', 'home', 'name', 'version', 'wireVersion', 'wireVersions']);
    assert.equal(j.apiVersion, 1);
    assert.equal(j.name, 'outboard');
    // What the CLI checks before it trusts a hub named in hub.json: the host id and the home.
    assert.equal(j.home, hub.home);
  });

  it('GET /api/hub/extensions: every field of every extension', async () => {
    const a = await get('/api/hub/extensions');
    assert.equal(a.status, 200);
    const j = json(a.body);
    assert.deepEqual(Object.keys(j).sort(), ['apiVersion', 'errors', 'extensions']);
    assert.deepEqual(j.errors, []);
    const byName = Object.fromEntries((j.extensions as any[]).map((e) => [e.name, e]));
    assert.deepEqual(Object.keys(byName).sort(), ['off', 'plain', 'web']);
    for (const e of j.extensions) assert.deepEqual(Object.keys(e).sort(), EXTENSION_FIELDS);
    const web = byName.web;
    assert.equal(web.packageName, 'outboard-ext-web');
    assert.equal(web.version, '1.0.0');
    assert.equal(web.source, 'user');
    assert.equal(web.state, 'enabled');
    assert.equal(web.reason, '');
    assert.equal(web.compatible, true);
    assert.equal(web.manifest.name, 'web');
    assert.equal(web.mount, '/x/web/');
    assert.deepEqual(web.sidecar, { state: 'stopped', recentCrashes: 0, lastError: null });
    assert.equal(byName.off.state, 'unapproved');
    assert.equal(byName.off.reason, 'not approved yet');
    assert.equal(byName.plain.mount, null);
    assert.equal(byName.plain.sidecar, null);
    hub.router.running.add('web');
    const running = json((await get('/api/hub/extensions')).body).extensions.find((e: any) => e.name === 'web');
    assert.deepEqual(running.sidecar, { state: 'running', recentCrashes: 1, lastError: 'boom' });
    hub.router.running.clear();
  });

  it('GET /api/hub/extensions?project=<id>: links filled in for enabled extensions; an unknown project is 404', async () => {
    const a = await get('/api/hub/extensions?project=p1');
    assert.equal(a.status, 200);
    const byName = Object.fromEntries((json(a.body).extensions as any[]).map((e) => [e.name, e]));
    for (const e of Object.values(byName) as object[]) assert.deepEqual(Object.keys(e).sort(), [...EXTENSION_FIELDS, 'links'].sort());
    assert.deepEqual(byName.web.links, [{ label: 'Open', url: `/x/web/p/p1?root=${encodeURIComponent(realpathSync(hub.project))}` }]);
    assert.deepEqual(byName.off.links, []);
    const missing = await get('/api/hub/extensions?project=nope');
    assert.equal(missing.status, 404);
    isError(missing.body, /nope/);
  });

  it('POST /api/hub/extensions/:name/stop and /restart through the router', async () => {
    const a = await post('/api/hub/extensions/web/stop');
    assert.equal(a.status, 200);
    assert.deepEqual(json(a.body), { apiVersion: 1, name: 'web', stopped: false });
    hub.router.running.add('web');
    assert.deepEqual(json((await post('/api/hub/extensions/web/restart')).body), { apiVersion: 1, name: 'web', restarted: true });
    assert.deepEqual(json((await post('/api/hub/extensions/web/stop')).body), { apiVersion: 1, name: 'web', stopped: true });
    hub.router.refuseRestart.add('web');
    const refused = await post('/api/hub/extensions/web/restart');
    assert.equal(refused.status, 503);
    assert.equal(refused.headers['retry-after'], '30');
    isError(refused.body, /could not restart the sidecar of web: .*crashed 3 times/);
    hub.router.refuseRestart.clear();
    const bad = await post('/api/hub/extensions/We!/stop');
    assert.equal(bad.status, 404);
    isError(bad.body, /not an extension name/);
    const wrongMethod = await get('/api/hub/extensions/web/stop');
    assert.equal(wrongMethod.status, 405);
    isError(wrongMethod.body, /POST/);
  });

  it('GET and POST /api/hub/projects', async () => {
    const list = json((await get('/api/hub/projects')).body);
    assert.deepEqual(Object.keys(list).sort(), ['apiVersion', 'projects']);
    const p1 = list.projects.find((p: any) => p.id === 'p1');
    assert.deepEqual(Object.keys(p1).sort(), PROJECT_FIELDS);
    assert.deepEqual(Object.keys(p1.status).sort(), PROJECT_STATUS_FIELDS);
    assert.equal(p1.repoRoot, realpathSync(hub.project));
    assert.deepEqual(p1.worktrees, []);
    const dir = join(hub.root, 'second');
    mkdirSync(dir);
    const created = await post('/api/hub/projects', { id: 'second', repoRoot: dir, name: 'Second' });
    assert.equal(created.status, 201, created.body);
    const cj = json(created.body);
    assert.deepEqual(Object.keys(cj).sort(), ['apiVersion', 'project']);
    assert.deepEqual(Object.keys(cj.project).sort(), PROJECT_FIELDS);
    assert.equal(cj.project.name, 'Second');
    const again = await post('/api/hub/projects', { id: 'second', repoRoot: dir });
    assert.equal(again.status, 200);
    assert.equal(json(again.body).project.id, 'second');
    for (const [body, pattern] of [[{ id: 'x', repoRoot: hub.root }, /reserved/], [{ id: 'Bad Id', repoRoot: hub.root }, /slug/], [{ id: 'a' }, /repoRoot/], [[1], /object/], ['{not json', /not valid JSON/], [{ repoRoot: 'relative/path' }, /absolute/]] as const) {
      const r = await post('/api/hub/projects', body);
      assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.body}`);
      isError(r.body, pattern);
    }
  });

  it('unknown API routes and unknown /api/rpc methods answer errors with apiVersion', async () => {
    const a = await get('/api/hub/nope');
    assert.equal(a.status, 404);
    isError(a.body, /nothing at \/api\/hub\/nope/);
    assert.equal(json(a.body).code, 'HUB_NOT_FOUND');
    const rpc = await post('/api/rpc', { jsonrpc: '2.0', id: 1, method: 'no.such' });
    assert.equal(rpc.status, 200);
    const r = json(rpc.body);
    assert.equal(r.apiVersion, 1);
    assert.equal(r.error.data.code, 'method_not_found');
    const unknown = json((await post('/api/rpc', { jsonrpc: '2.0', id: 2, method: 'nope' })).body);
    assert.equal(unknown.error.code, -32601);
  });

  it('the home page: a card for every extension, marked with its reason when not enabled, all escaped', async () => {
    const a = await get('/');
    assert.equal(a.status, 200);
    assert.match(String(a.headers['content-security-policy']), /default-src 'none'/);
    const card = (name: string): string => new RegExp(`<li class="card[^"]*" data-extension="${name}">.*?</li>`, 's').exec(a.body)?.[0] ?? '';
    assert.match(card('web'), /<a href="\/extensions\/web">Web &lt;b&gt;app&lt;\/b&gt;<\/a>/);
    assert.match(card('web'), /<div>A &quot;web&quot; app<\/div>/);
    assert.match(card('web'), /<a href="\/x\/web\/">Open<\/a>/);
    assert.match(card('off'), /^<li class="card off"/);
    assert.match(card('off'), /Off &lt;script&gt;x&lt;\/script&gt;/);
    assert.match(card('off'), /unapproved: not approved yet — fix: <code>outboard extensions enable off<\/code>/);
    assert.match(card('off'), /<a href="\/extensions\/off#approve">Review and approve<\/a>/);
    assert.doesNotMatch(a.body, /<script>|<b>/);
    // Every installed extension shows, with or without a hub block.
    assert.match(card('plain'), /<span class="state s-ok">enabled<\/span>/);
    assert.match(a.body, /<a href="\/projects\/p1">proj<\/a>/);
  });

  it('the project page lists its links; an unknown project is 404', async () => {
    const a = await get('/projects/p1');
    assert.equal(a.status, 200);
    assert.match(a.body, new RegExp(`<a href="/x/web/p/p1\\?root=${encodeURIComponent(realpathSync(hub.project)).replace(/%/g, '%')}">Open</a> <span class="muted">\\(web\\)</span>`));
    const missing = await get('/projects/nope');
    assert.equal(missing.status, 404);
  });
});
