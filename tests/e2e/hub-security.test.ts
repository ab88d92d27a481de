// The hub's security matrix: every request below is refused before anything reaches the sidecar router
// (a recording fake), and the few admitted ones reach it with the right mount. Real sockets on 127.0.0.1.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { send, sendRaw } from './hub-home.js';
import { useTestHub } from './lib/test-hub.js';
import type { RecordingRouter } from './hub-home.js';

describe('hub security matrix', { timeout: 60_000 }, () => {
  const hub = useTestHub();
  let port: number;
  let token: string;
  let router: RecordingRouter;
  before(() => void ({ port, token, router } = hub));
  const auth = hub.auth;
  /** Sends and asserts the status, that the answer is `{ apiVersion, error, code, fix }`, and that nothing reached the router. */
  async function refused(status: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<string> {
    const before = router.calls.length;
    const a = await send(port, method, path, headers, body);
    assert.equal(a.status, status, `${method} ${path} ${JSON.stringify(headers)}: ${a.body}`);
    const json = JSON.parse(a.body) as Record<string, unknown>;
    assert.deepEqual(Object.keys(json).sort(), ['apiVersion', 'code', 'error', 'fix']);
    assert.equal(router.calls.length, before, `${method} ${path} reached the router`);
    return json.error as string;
  }

  it('admits a request with the token header, the bearer, and strips the mount', async () => {
    const a = await send(port, 'GET', '/x/web/a/b?c=1', auth());
    assert.equal(a.status, 200, a.body);
    assert.equal(a.body, 'sidecar web /a/b?c=1 /x/web/');
    const b = await send(port, 'POST', '/x/web/', { authorization: `Bearer ${token}`, origin: `http://127.0.0.1:${port}` }, 'x');
    assert.equal(b.status, 200, b.body);
  });

  it('no token, a wrong token, a wrong bearer, a token only in the query string', async () => {
    assert.match(await refused(401, 'GET', '/x/web/', {}), /token/);
    await refused(401, 'GET', '/x/web/', { 'x-outboard-token': `${token}x` });
    await refused(401, 'GET', '/x/web/', { authorization: 'Bearer nope' });
    await refused(401, 'GET', '/x/web/', { 'x-outboard-token': token, authorization: 'Bearer nope' });
    await refused(401, 'GET', '/x/web/', { cookie: 'outboard_token=nope' });
    await refused(401, 'GET', `/api/hub/projects?token=${token}`, {});
    await refused(401, 'GET', `/x/web/?token=${token}`, {});
    await refused(401, 'GET', '/?token=wrong', {});
    // The one-time visit is a GET: a POST carrying the token in its query is just unauthenticated.
    await refused(401, 'POST', `/?token=${token}`, {});
  });

  it('a foreign Host (DNS rebinding), another port, an extension origin that is not enabled', async () => {
    await refused(403, 'GET', '/x/web/', { ...auth(), host: `evil.example:${port}` });
    await refused(403, 'GET', '/api/hub/projects', { ...auth(), host: `127.0.0.1:${port + 1}` });
    await refused(403, 'GET', '/x/web/', { ...auth(), host: `localhost.evil.example:${port}` });
    await refused(404, 'GET', '/', { ...auth(), host: `off.localhost:${port}` });
    await refused(404, 'GET', '/', { ...auth(), host: `nope.localhost:${port}` });
    await refused(404, 'GET', '/', { ...auth(), host: `plain.localhost:${port}` });
  });

  it('a foreign Origin on a POST (another site, a sidecar origin against the hub, null)', async () => {
    await refused(403, 'POST', '/x/web/', { ...auth(), origin: 'http://evil.example' }, '{}');
    await refused(403, 'POST', '/api/hub/extensions/web/stop', { ...auth(), origin: `http://web.localhost:${port}` });
    await refused(403, 'POST', '/api/hub/projects', { ...auth(), origin: 'null', 'content-type': 'application/json' }, '{}');
    await refused(403, 'POST', '/', { ...auth(), host: `web.localhost:${port}`, origin: `http://127.0.0.1:${port}` }, 'x');
  });

  it('WebSocket upgrades: checked exactly like requests', async () => {
    const upgrade = (path: string, extra: string): Promise<string> =>
      sendRaw(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${extra}\r\n`);
    const before = router.calls.length;
    assert.match(await upgrade('/x/web/ws', ''), /^HTTP\/1\.1 401 /);
    assert.match(await upgrade('/x/web/ws', `X-Outboard-Token: ${token}\r\nOrigin: http://evil.example\r\n`), /^HTTP\/1\.1 403 /);
    assert.match(await upgrade(`/x/web/ws?token=${token}`, ''), /^HTTP\/1\.1 401 /);
    assert.match(await upgrade('/x/../api/ws', `X-Outboard-Token: ${token}\r\n`), /^HTTP\/1\.1 400 /);
    assert.match(await upgrade('/x/off/ws', `X-Outboard-Token: ${token}\r\n`), /^HTTP\/1\.1 404 /);
    assert.equal(router.calls.length, before);
    // The same upgrade, with the token and the hub's own Origin, reaches the router.
    assert.match(await upgrade('/x/web/ws', `X-Outboard-Token: ${token}\r\nOrigin: http://127.0.0.1:${port}\r\n`), /^HTTP\/1\.1 418 /);
    assert.equal(router.calls.at(-1)?.kind, 'upgrade');
    assert.equal(router.calls.at(-1)?.mount?.path, '/ws');
  });

  it('WebSocket clients (ws): a foreign Origin, no token, the sidecar origin against the hub are refused before the router', async () => {
    /** The HTTP status the hub answered the upgrade with. */
    const status = (path: string, headers: Record<string, string>, origin?: string): Promise<number> =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, ['chat'], { headers, ...(origin ? { origin } : {}) });
        ws.on('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          ws.terminate();
        });
        ws.on('open', () => reject(new Error('the upgrade was accepted')));
        ws.on('error', () => undefined);
      });
    const before = router.calls.length;
    assert.equal(await status('/x/web/socket', auth(), 'http://evil.example'), 403);
    assert.equal(await status('/x/web/socket', auth(), `http://web.localhost:${port}`), 403);
    assert.equal(await status('/x/web/socket', {}, `http://127.0.0.1:${port}`), 401);
    assert.equal(await status('/x/web/socket', { authorization: 'Bearer wrong' }), 401);
    // The client's URL parser turns this into /api/hub/projects: refused all the same (no WebSocket there).
    assert.equal(await status('/x/%2e%2e/api/hub/projects', auth()), 404);
    assert.equal(router.calls.length, before);
    assert.equal(await status('/x/web/socket', auth(), `http://127.0.0.1:${port}`), 418);
    assert.deepEqual(router.calls.at(-1)?.mount, { name: 'web', path: '/socket', basePath: '/x/web/' });
  });

  it('dot segments, percent-encoded dots and slashes, backslashes, empty segments', async () => {
    for (const path of ['/x/../api/hub/projects', '/x/web/../../api/hub/projects', '/x/web/./a', '/x/%2e%2e/api/hub/projects', '/x/web/%2E%2E/x', '/x/web/..%2fapi', '/x/web%2f..%2fapi/hub/projects', '/x/web/a%5c..', '/x/web/a%00', '/x//web/', '/x/web//a']) {
      assert.match(await refused(400, 'GET', path, auth()), /bad request path/);
    }
    const raw = await sendRaw(port, `GET /x\\web/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Outboard-Token: ${token}\r\nConnection: close\r\n\r\n`);
    assert.match(raw, /^HTTP\/1\.1 400 /);
  });

  it('a mount name with odd characters', async () => {
    for (const path of ['/x/Web/', '/x/we_b/', '/x/web%20/', '/x/-web/', '/x/%77eb/', '/x/web.js/', '/x/', '/x']) {
      await refused(404, 'GET', path, auth());
    }
  });

  it('oversized headers are answered 431 before any handler', async () => {
    const before = router.calls.length;
    const raw = await sendRaw(port, `GET /x/web/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Outboard-Token: ${token}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    assert.match(raw, /^HTTP\/1\.1 431 /);
    assert.equal(router.calls.length, before);
  });

  it('unknown, unapproved and sidecar-less names answer 404 with the reason; /x/<name> redirects to /x/<name>/', async () => {
    assert.match(await refused(404, 'GET', '/x/nope/', auth()), /no extension is called "nope"/);
    assert.match(await refused(404, 'GET', '/x/off/', auth()), /extension "off" is unapproved: not approved yet/);
    assert.match(await refused(404, 'GET', '/x/plain/', auth()), /has no sidecar/);
    const r = await send(port, 'GET', '/x/web?a=1', auth());
    assert.equal(r.status, 308);
    assert.equal(r.headers.location, '/x/web/?a=1');
  });

  it('the one-time /?token= visit sets an HttpOnly SameSite=Strict cookie and redirects without the token', async () => {
    const visit = await send(port, 'GET', `/?token=${encodeURIComponent(token)}`);
    assert.equal(visit.status, 303);
    assert.equal(visit.headers.location, '/');
    const cookie = String(visit.headers['set-cookie']);
    assert.match(cookie, /^outboard_token=[^;]+; Path=\/; HttpOnly; SameSite=Strict$/);
    const home = await send(port, 'GET', '/', { cookie: cookie.split(';')[0] as string });
    assert.equal(home.status, 200);
    assert.match(home.body, /<h1>Extensions<\/h1>/);
  });

  it('a browser navigation to /x/<name>/ moves to the isolated origin, whose one-time code gives a cookie of that origin only', async () => {
    const nav = await send(port, 'GET', '/x/web/page?q=1', { ...auth(), 'sec-fetch-mode': 'navigate' });
    assert.equal(nav.status, 302);
    const location = new URL(String(nav.headers.location));
    assert.equal(location.origin, `http://web.localhost:${port}`);
    const before = router.calls.length;
    const exchange = await send(port, 'GET', location.pathname + location.search, { host: `web.localhost:${port}` });
    assert.equal(exchange.status, 303, exchange.body);
    assert.equal(exchange.headers.location, '/page?q=1');
    const cookie = String(exchange.headers['set-cookie']);
    assert.match(cookie, /; Path=\/; HttpOnly; SameSite=Lax$/);
    assert.doesNotMatch(cookie, /Domain=/i);
    assert.ok(!cookie.includes(token), 'the session is not the hub token');
    assert.equal(router.calls.length, before);
    // The code works once.
    assert.equal((await send(port, 'GET', location.pathname + location.search, { host: `web.localhost:${port}` })).status, 401);
    const session = cookie.split(';')[0] as string;
    const page = await send(port, 'GET', '/page?q=1', { host: `web.localhost:${port}`, cookie: session });
    assert.equal(page.status, 200, page.body);
    assert.equal(page.body, 'sidecar web /page?q=1 /');
    // The session is good on its own origin only: not on the hub's, nor on another extension's.
    await refused(401, 'GET', '/api/hub/projects', { cookie: session });
    assert.equal((await send(port, 'GET', '/', { host: `plain.localhost:${port}`, cookie: session })).status, 404);
  });

  it('the redirect and the code exchange ask the router\'s verdict: a refused name gets no code, and a code issued before buys no session', async () => {
    const nav = await send(port, 'GET', '/x/web/', { ...auth(), 'sec-fetch-mode': 'navigate' });
    assert.equal(nav.status, 302);
    router.refuse.add('web');
    try {
      // A navigation is refused with the HTML page (reason, fix, a link home), and nothing reaches the router.
      const before = router.calls.length;
      const page = await send(port, 'GET', '/x/web/', { ...auth(), 'sec-fetch-mode': 'navigate' });
      assert.equal(page.status, 404, page.body);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.match(page.body, /web is disabled/);
      assert.match(page.body, /<a href="\/">Back to the hub<\/a>/);
      assert.equal(router.calls.length, before);
      const location = new URL(String(nav.headers.location));
      const exchange = await send(port, 'GET', location.pathname + location.search, { host: `web.localhost:${port}` });
      assert.equal(exchange.status, 404, exchange.body);
      assert.equal(exchange.headers['set-cookie'], undefined);
    } finally {
      router.refuse.delete('web');
    }
  });

  it('two Host headers answer 400 before anything else, on the hub\'s routes and on a mount', async () => {
    const before = router.calls.length;
    for (const path of ['/x/web/', '/api/hub/projects']) {
      const answer = await sendRaw(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nHost: evil.example\r\nX-Outboard-Token: ${token}\r\nConnection: close\r\n\r\n`);
      assert.match(answer, /^HTTP\/1\.1 400 /);
    }
    assert.equal(router.calls.length, before);
  });
});
