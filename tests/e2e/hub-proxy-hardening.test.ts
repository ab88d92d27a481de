// What the proxy passes on and what it lets a sidecar do (issue 21, DESIGN §7), against the real hub and the
// recorder fixture, which appends every byte it receives to bytes.log: the hub's token never reaches it (query,
// Referer, headers, cookies, WebSocket upgrades); its Set-Cookie cannot touch the hub's cookies or leave its
// mount; its redirects to the hub's own origin stay in the mount; a hung sidecar gets a 504 in bounded time
// while a slow body is not cut; two Host headers answer 400 and reach nothing; a crash at start shows the
// log's last lines. Real sockets on 127.0.0.1.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { sidecarHome } from './hub-sidecar-home.js';
import { sendRaw } from './hub-home.js';
import { linkCoreFixture, receivedBytes, startRealHub, upgradeHead, type RealHub } from './hub-hardened-home.js';

/** Sends an upgrade request on a raw socket and resolves with the socket and the answer's head once it is in. */
function rawUpgrade(port: number, path: string, token: string): Promise<{ socket: Socket; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let text = '';
    const onData = (d: Buffer): void => {
      text += d.toString('latin1');
      if (!text.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      resolve({ socket, head: text.slice(0, text.indexOf('\r\n\r\n')) });
    };
    socket.on('data', onData);
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to the upgrade of ${path}`)));
    socket.write(upgradeHead(port, path, token));
  });
}

describe('the sidecar proxy, hardened', { timeout: 90_000 }, () => {
  let h: ReturnType<typeof sidecarHome>;
  let hub: RealHub;
  before(async () => {
    h = sidecarHome(['recorder', 'exit']);
    // Its own wait for response headers, shorter than the hub's.
    linkCoreFixture(h.home, join(h.home, '..', 'quick'), 'quick', { headersTimeoutSeconds: 0.5 });
    hub = await startRealHub(h.home, { headersTimeoutMs: 1500 });
  });
  after(async () => {
    await hub.stop();
    h.cleanup();
  });

  it('never forwards the token: not in the query (token, access_token, anywhere), the Referer, a header, a cookie or an upgrade', async () => {
    const t = hub.token;
    const asked = [
      `/x/recorder/echo-headers?token=${t}`,
      `/x/recorder/echo-headers?a=1&access_token=${t}&b=2`,
      `/x/recorder/echo-headers?a=1;TOKEN=${t}`,
      `/x/recorder/echo-headers?%74oken=${t}`,
    ];
    for (const path of asked) {
      const a = await hub.get(path, { referer: `http://127.0.0.1:${hub.port}/?token=${t}&tab=2`, cookie: `outboard_token=${t}; theme=dark`, authorization: `Bearer ${t}` });
      assert.equal(a.status, 200, a.body);
    }
    const echoed = JSON.parse((await hub.get('/x/recorder/echo-headers?a=1&access_token=x&b=2')).body) as { url: string; headers: Record<string, string> };
    assert.equal(echoed.url, '/echo-headers?a=1&b=2');
    const { socket, head } = await rawUpgrade(hub.port, `/x/recorder/ws?token=${t}`, t);
    assert.match(head, /^HTTP\/1\.1 101 /);
    socket.destroy();
    const bytes = receivedBytes(h.home, 'recorder');
    assert.match(bytes, /theme=dark/, 'the recorder saw the requests');
    assert.match(bytes, /tab=2/);
    assert.equal(bytes.includes(t), false, 'the hub token reached the sidecar');
  });

  it('drops Set-Cookie of the hub\'s names, confines the others to the mount, and drops Domain', async () => {
    const cookies = ['outboard_token=evil; Path=/', 'Outboard_token=evil; Path=/x/recorder/', 'a=1; Path=/', 'b=2; Path=/api; Domain=localhost', 'c=3; Domain=localhost'];
    const a = await hub.get(`/x/recorder/set-cookie?${cookies.map((c) => `c=${encodeURIComponent(c)}`).join('&')}`);
    assert.equal(a.status, 200, a.body);
    assert.deepEqual(a.headers['set-cookie'], ['a=1; Path=/x/recorder/', 'b=2; Path=/x/recorder/api', 'c=3']);
  });

  it('rewrites a redirect to the hub\'s own origin into the mount, as a relative one is', async () => {
    for (const [to, expected] of [
      [`http://127.0.0.1:${hub.port}/own?q=1`, '/x/recorder/own?q=1'],
      [`http://localhost:${hub.port}/own`, '/x/recorder/own'],
      ['/own', '/x/recorder/own'],
      ['http://elsewhere.example/own', 'http://elsewhere.example/own'],
    ] as const) {
      const a = await hub.get(`/x/recorder/redirect?to=${encodeURIComponent(to)}`);
      assert.equal(a.status, 302, a.body);
      assert.equal(a.headers.location, expected, to);
    }
  });

  it('answers 504 naming the sidecar and its log when it never answers, in bounded time; a started slow body is not cut', async () => {
    const started = Date.now();
    const hung = await hub.get('/x/recorder/hang');
    const waited = Date.now() - started;
    assert.equal(hung.status, 504, hung.body);
    assert.match(JSON.parse(hung.body).error, /sidecar of recorder did not answer within 1\.5 s; see its log: .*sidecar\.log/);
    assert.ok(waited < 10_000, `the hung request waited ${waited} ms`);
    const slow = await hub.get('/x/recorder/slow-body?ms=2500');
    assert.equal(slow.status, 200);
    assert.equal(slow.body, 'first\nsecond\n');
  });

  it('takes a sidecar\'s own wait for headers from its manifest (headersTimeoutSeconds)', async () => {
    const hung = await hub.get('/x/quick/hang');
    assert.equal(hung.status, 504, hung.body);
    assert.match(JSON.parse(hung.body).error, /sidecar of quick did not answer within 0\.5 s/);
    // An upgrade too: 504 on the socket, which is then closed.
    const { socket, head } = await rawUpgrade(hub.port, '/x/quick/ws-hang', hub.token);
    socket.destroy();
    assert.match(head, /^HTTP\/1\.1 504 /);
  });

  it('answers 400 to two Host headers, on a mount and on the hub\'s own routes, and forwards nothing', async () => {
    const before = receivedBytes(h.home, 'recorder').length;
    for (const path of ['/x/recorder/echo-headers', '/api/version', '/']) {
      const answer = await sendRaw(hub.port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${hub.port}\r\nHost: localhost:${hub.port}\r\nX-Outboard-Token: ${hub.token}\r\nConnection: close\r\n\r\n`);
      assert.match(answer, /^HTTP\/1\.1 400 /, `${path}: ${answer}`);
      assert.match(answer, /more than one Host header/);
    }
    assert.equal(receivedBytes(h.home, 'recorder').length, before);
  });

  it('a sidecar that dies at start: the 503 shows the last lines of its log, in JSON and on the page (escaped)', async () => {
    const json = await hub.get('/x/exit/');
    assert.equal(json.status, 503, json.body);
    const body = JSON.parse(json.body) as { error: string; logTail?: string[] };
    assert.match(body.error, /see its log: .*sidecar\.log/);
    assert.deepEqual(body.logTail, ['boom: this sidecar exits at once']);
    const page = await hub.get('/x/exit/', { accept: 'text/html,application/xhtml+xml' });
    assert.equal(page.status, 503);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    // The log's last lines: the first start's line is among them too.
    assert.match(page.body, /<pre>(boom: this sidecar exits at once\n)*boom: this sidecar exits at once<\/pre>/);
    assert.match(page.body, /see its log: /);
  });
});
