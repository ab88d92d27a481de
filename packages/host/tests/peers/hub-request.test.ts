// hub/request against real loopback HTTP servers that record what arrives: the allowlist is checked on the
// path actually sent, a path whose normal form differs from its text is refused, and nothing leaves the hub.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { hubRequestUrl, hubRouteAllowed, performHubRequest } from '../../src/peers/hub-request.js';

interface Recorder {
  server: Server;
  port: number;
  seen: Array<{ method: string; url: string; token: string | undefined }>;
}

async function recorder(host: string): Promise<Recorder | undefined> {
  const seen: Recorder['seen'] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', token: req.headers['x-outboard-token'] as string | undefined });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ url: req.url }));
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(0, host, () => resolve(true));
  });
  return listening ? { server, port: (server.address() as AddressInfo).port, seen } : undefined;
}

const refusalOf = async (promise: Promise<unknown>): Promise<{ code?: string; message: string }> => {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  assert.fail('expected a refusal');
};

describe('hub/request', () => {
  let hub: Recorder;
  // Another loopback address: where `/\127.0.0.2:PORT/...` would have sent the token.
  let elsewhere: Recorder | undefined;
  const allow = ['GET /api/hub/projects/*', 'POST /api/hub/projects/*/refresh'];
  const call = (path: string, method = 'GET') =>
    performHubRequest({ method, path }, allow, { url: `http://127.0.0.1:${hub.port}`, token: 'secret-token' }, 'outboard', new AbortController().signal);

  before(async () => {
    hub = (await recorder('127.0.0.1')) as Recorder;
    elsewhere = await recorder('127.0.0.2');
  });
  after(() => {
    hub.server.close();
    elsewhere?.server.close();
  });

  it('never sends a path that normalises to another route, nor leaves the hub origin', async () => {
    const port = elsewhere?.port ?? hub.port;
    const hostile = [
      '/api/hub/projects/..\\..\\..\\admin\\shutdown',
      '/api/hub/projects/../../../admin/shutdown',
      '/api/hub/projects/%2e%2e/%2e%2e/%2e%2e/admin/shutdown',
      '/api/hub/projects/.%2E/admin',
      '/api/hub/projects/a%2F..%2F..%2Fadmin',
      '/api/hub/projects/./web',
      `/\\127.0.0.2:${port}/status`,
      `//127.0.0.2:${port}/api/hub/projects/web`,
      '/api/hub/projects/web#frag',
      '/api/hub/projects/we b',
    ];
    for (const path of hostile) {
      const e = await refusalOf(call(path));
      assert.equal(e.code, 'invalid_params', path);
      assert.match(e.message, /hub\/request path/);
    }
    // The allowed request after them is the only one that arrived, with the token, at the path checked.
    assert.deepEqual(await call('/api/hub/projects/web'), { status: 200, body: { url: '/api/hub/projects/web' } });
    assert.deepEqual(hub.seen, [{ method: 'GET', url: '/api/hub/projects/web', token: 'secret-token' }]);
    assert.deepEqual(elsewhere?.seen ?? [], []);
  });

  it('checks the allowlist segment by segment: * is one segment, no undocumented /**', async () => {
    hub.seen.length = 0;
    for (const path of ['/api/hub/projects', '/api/hub/projects/web/extra', '/api/hub/admin']) {
      assert.equal((await refusalOf(call(path))).code, 'denied', path);
    }
    assert.equal((await refusalOf(call('/api/hub/projects/web', 'DELETE'))).code, 'denied');
    assert.deepEqual((await call('/api/hub/projects/web/refresh', 'POST')).status, 200);
    assert.deepEqual(hub.seen.map((s) => `${s.method} ${s.url}`), ['POST /api/hub/projects/web/refresh']);
    assert.equal(hubRouteAllowed(['GET /api/hub/**'], 'GET', '/api/hub/a/b'), false);
    assert.equal(hubRouteAllowed(['GET /api/hub/p-*'], 'GET', '/api/hub/p-1'), true);
    assert.equal(hubRouteAllowed(['GET /api/hub/p-*'], 'GET', '/api/hub/p-1/x'), false);
    assert.equal(hubRouteAllowed(['GET /api/hub/projects'], 'GET', '/api/hub/projects?x=1'), true);
  });

  it('refuses a hub that is not on loopback', () => {
    assert.throws(() => hubRequestUrl('/api/hub/projects', 'http://192.0.2.1:8080'), /not on loopback/);
  });
});
