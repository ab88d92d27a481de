// One refusal, two readers: a browser navigation gets an HTML page (the reason, the fix, a link home, escaped,
// under a CSP, no script) and an API client the JSON body `{ apiVersion, error, code, fix }` — for the same
// path and the same verdict. Raw-socket refusals (upgrades) carry the same JSON. Real sockets on 127.0.0.1.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { send, sendRaw, type Answer } from './hub-home.js';
import { useTestHub } from './lib/test-hub.js';

describe('hub refusals: HTML for a browser navigation, JSON for an API client', { timeout: 60_000 }, () => {
  const hub = useTestHub();
  const auth = hub.auth;
  const navigate = { 'sec-fetch-mode': 'navigate', accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  /** Asserts an HTML error page: status, CSP, no script, the reason and fix (escaped), a link home. */
  function assertErrorPage(a: Answer, status: number, reason: RegExp, fix: RegExp): void {
    assert.equal(a.status, status, a.body);
    assert.match(String(a.headers['content-type']), /^text\/html; charset=utf-8$/);
    assert.match(String(a.headers['content-security-policy']), /default-src 'none'/);
    assert.match(String(a.headers['content-security-policy']), /frame-ancestors 'none'/);
    assert.doesNotMatch(a.body, /<script/i);
    assert.match(a.body, reason);
    assert.match(a.body, fix);
    assert.match(a.body, /<a href="\/">Back to the hub<\/a>/);
  }

  /** Asserts the JSON refusal: status and exactly `{ apiVersion, error, code, fix }`. */
  function assertJson(a: Answer, status: number, code: string): { error: string; fix: string } {
    assert.equal(a.status, status, a.body);
    assert.match(String(a.headers['content-type']), /^application\/json/);
    const body = JSON.parse(a.body) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body), ['apiVersion', 'error', 'code', 'fix']);
    assert.equal(body.apiVersion, 1);
    assert.equal(body.code, code);
    return body as { error: string; fix: string };
  }

  it('an unknown extension\'s mount: a page with the reason, the fix and a link home; JSON for an API client', async () => {
    const before = hub.router.calls.length;
    assertErrorPage(await send(hub.port, 'GET', '/x/nosuch/', { ...auth(), ...navigate }), 404, /no extension is called &quot;nosuch&quot;/, /To fix it: run `outboard extensions list`/);
    const json = assertJson(await send(hub.port, 'GET', '/x/nosuch/', { ...auth(), accept: 'application/json' }), 404, 'SIDECAR_UNKNOWN');
    assert.equal(json.error, 'no extension is called "nosuch"');
    assert.match(json.fix, /`outboard extensions list`/);
    assert.equal(hub.router.calls.length, before, 'nothing reached the sidecar router');
  });

  it('a mount of an extension with no sidecar, and one not enabled: the same verdict on both surfaces', async () => {
    assertErrorPage(await send(hub.port, 'GET', '/x/plain/', { ...auth(), ...navigate }), 404, /extension &quot;plain&quot; has no sidecar/, /outboard extensions info/);
    assertJson(await send(hub.port, 'GET', '/x/plain/', auth()), 404, 'SIDECAR_UNKNOWN');
    const off = assertJson(await send(hub.port, 'GET', '/x/off/', auth()), 404, 'SIDECAR_NOT_SERVED');
    assert.match(off.error, /extension "off" is unapproved/);
    assert.match(off.fix, /outboard extensions enable off/);
    assertErrorPage(await send(hub.port, 'GET', '/x/off/', { ...auth(), ...navigate }), 404, /extension &quot;off&quot; is unapproved/, /outboard extensions enable off/);
  });

  it('Accept preferring text/html on a GET gets the page; a POST or an Accept preferring JSON gets JSON', async () => {
    assertErrorPage(await send(hub.port, 'GET', '/api/hub/nope', { ...auth(), accept: 'text/html' }), 404, /nothing at \/api\/hub\/nope/, /the hub&#39;s pages start at \//);
    assertJson(await send(hub.port, 'GET', '/api/hub/nope', { ...auth(), accept: 'application/json, text/html;q=0.5' }), 404, 'HUB_NOT_FOUND');
    assertJson(await send(hub.port, 'GET', '/api/hub/nope', { ...auth(), accept: '*/*' }), 404, 'HUB_NOT_FOUND');
    const post = assertJson(await send(hub.port, 'POST', '/api/hub/extensions', { ...auth(), accept: 'text/html' }), 405, 'HUB_METHOD_NOT_ALLOWED');
    assert.match(post.error, /POST is not allowed on \/api\/hub\/extensions; use GET/);
  });

  it('untrusted text in a refusal is escaped on the page', async () => {
    const raw = await sendRaw(hub.port, `GET /projects/"><svg> HTTP/1.1\r\nHost: 127.0.0.1:${hub.port}\r\nX-Outboard-Token: ${hub.token}\r\nSec-Fetch-Mode: navigate\r\nConnection: close\r\n\r\n`);
    assert.match(raw, /^HTTP\/1\.1 404 /);
    assert.match(raw, /\r\ncontent-type: text\/html; charset=utf-8\r\n/i);
    assert.match(raw, /no registered project has the id &quot;\\&quot;&gt;&lt;svg&gt;&quot;/);
    assert.match(raw, /To fix it: run `outboard projects list`/);
    assert.doesNotMatch(raw, /<svg/);
  });

  it('a navigation without the token gets the sign-in page naming the command that prints a link', async () => {
    assertErrorPage(await send(hub.port, 'GET', '/', navigate), 401, /missing or wrong token/, /To fix it: sign this browser in with the link `outboard hub open` prints/);
    const json = assertJson(await send(hub.port, 'GET', '/api/hub/projects', {}), 401, 'HUB_SIGN_IN_REQUIRED');
    assert.match(json.fix, /`outboard hub open`/);
    assert.match(json.fix, /X-Outboard-Token/);
  });

  it('a refused upgrade is answered on the raw socket with the same JSON body', async () => {
    const head = (path: string, extra = ''): string =>
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${hub.port}\r\n${extra}Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`;
    const bodyOf = (raw: string): Record<string, unknown> => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
    const missing = await sendRaw(hub.port, head('/api/nope', `X-Outboard-Token: ${hub.token}\r\n`));
    assert.match(missing, /^HTTP\/1\.1 404 /);
    assert.deepEqual(bodyOf(missing), { apiVersion: 1, error: 'nothing at /api/nope', code: 'HUB_NOT_FOUND', fix: "check the address: the hub's pages start at /, its API under /api/" });
    const plain = await sendRaw(hub.port, head('/api/hub/projects', `X-Outboard-Token: ${hub.token}\r\n`));
    assert.match(plain, /^HTTP\/1\.1 404 /);
    assert.equal(bodyOf(plain).error, 'no WebSocket endpoint at /api/hub/projects');
    const version = await sendRaw(hub.port, head('/api/ws?version=99', `X-Outboard-Token: ${hub.token}\r\n`));
    assert.match(version, /^HTTP\/1\.1 400 /);
    assert.match(version, /"code":"HUB_WIRE_VERSION"/);
    const unsigned = await sendRaw(hub.port, head('/api/ws'));
    assert.match(unsigned, /^HTTP\/1\.1 401 /);
    assert.match(unsigned, /"code":"HUB_SIGN_IN_REQUIRED"/);
  });
});
