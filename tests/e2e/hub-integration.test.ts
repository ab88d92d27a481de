// The real hub daemon in front of a real fixture sidecar (tests/e2e/fixtures/sidecar-recorder, which records
// every request it receives in <state dir>/requests.ndjson): every refused request leaves the sidecar
// unstarted and unwritten; an admitted one arrives without the hub's credentials; the isolated origin works
// end to end; stop through the API, `hub stop` and `kill -9` of the hub leave no sidecar.
// Never skipped: a missing fixture or a hub that cannot run the sidecar fails these security checks.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runCli, tempDir } from './lib/fixture-home.js';
import { isRunning, waitFor } from './actions-home.js';
import { send, sendRaw } from './hub-home.js';

const RECORDER = join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'sidecar-recorder');

describe('the hub daemon with a real sidecar', { timeout: 120_000 }, () => {
  let tmp: { path: string; cleanup(): void };
  let home = '';
  const cli = (args: string[]) => runCli(args, { home, cwd: tmp.path });
  const recorded = (): string => join(home, 'ext', 'recorder', 'requests.ndjson');
  const requests = (): Array<{ method: string; url: string; headers: Record<string, string> }> =>
    existsSync(recorded()) ? readFileSync(recorded(), 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
  const sidecarPid = (): number => (JSON.parse(readFileSync(join(home, 'ext', 'recorder', 'pids.json'), 'utf8')) as { pid: number }).pid;
  let port = 0;
  let token = '';
  before(async () => {
    assert.ok(existsSync(RECORDER), `the fixture sidecar is missing: ${RECORDER}`);
    tmp = tempDir('outboard-hubi-');
    home = join(tmp.path, 'home');
    for (const args of [['extensions', 'link', RECORDER], ['extensions', 'enable', 'recorder', '--yes']]) {
      const r = cli(args);
      assert.equal(r.code, 0, r.stderr);
    }
    const started = cli(['hub', 'start', '--port', '0']);
    assert.equal(started.code, 0, started.stderr);
    port = (JSON.parse(readFileSync(join(home, 'hub.json'), 'utf8')) as { port: number }).port;
    token = readFileSync(join(home, 'token'), 'utf8').trim();
  });
  after(() => {
    cli(['hub', 'stop']);
    tmp.cleanup();
  });

  it('every refused request leaves the sidecar unstarted: not one byte reached it', async () => {
    const auth = { 'x-outboard-token': token };
    const cases: Array<[string, string, Record<string, string>, number]> = [
      ['GET', '/x/recorder/', {}, 401],
      ['GET', '/x/recorder/', { 'x-outboard-token': 'wrong' }, 401],
      ['GET', `/x/recorder/?token=${token}`, {}, 401],
      ['GET', `/api/hub/projects?token=${token}`, {}, 401],
      ['GET', '/x/recorder/', { ...auth, host: `evil.example:${port}` }, 403],
      ['POST', '/x/recorder/upload', { ...auth, origin: 'http://evil.example' }, 403],
      ['GET', '/x/../api/hub/projects', auth, 400],
      ['GET', '/x/recorder/%2e%2e/x', auth, 400],
      ['GET', '/x/recorder/..%2f..%2fapi', auth, 400],
      ['GET', '/x/Recorder/', auth, 404],
      ['GET', '/x/rec_order/', auth, 404],
    ];
    for (const [method, path, headers, status] of cases) {
      const a = await send(port, method, path, headers);
      assert.equal(a.status, status, `${method} ${path}: ${a.body}`);
    }
    const upgrade = await sendRaw(port, `GET /x/recorder/ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Outboard-Token: ${token}\r\nOrigin: http://evil.example\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`);
    assert.match(upgrade, /^HTTP\/1\.1 403 /);
    const big = await sendRaw(port, `GET /x/recorder/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Outboard-Token: ${token}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    assert.match(big, /^HTTP\/1\.1 431 /);
    assert.equal(existsSync(join(home, 'ext', 'recorder', 'pids.json')), false, 'the sidecar was never started');
    assert.deepEqual(requests(), []);
  });

  it('an admitted request arrives without the token header, Authorization or the hub cookie', async () => {
    const a = await send(port, 'GET', '/x/recorder/echo-headers?q=1', { authorization: `Bearer ${token}`, cookie: `outboard_token=${token}; theme=dark` });
    assert.equal(a.status, 200, a.body);
    const got = requests().find((r) => r.url.startsWith('/echo-headers'));
    assert.ok(got, JSON.stringify(requests()));
    assert.equal(got.url, '/echo-headers?q=1');
    assert.equal(got.headers['x-outboard-token'], undefined);
    assert.equal(got.headers.authorization, undefined);
    assert.equal(got.headers.cookie, 'theme=dark');
    assert.equal(got.headers['x-outboard-base-path'], '/x/recorder/');
    assert.ok(!JSON.stringify(requests()).includes(token), 'the token never reached the sidecar');
  });

  it('a browser navigation lands on http://recorder.localhost:<port>/ with a session of that origin', async () => {
    const nav = await send(port, 'GET', '/x/recorder/echo-headers', { 'x-outboard-token': token, 'sec-fetch-mode': 'navigate' });
    assert.equal(nav.status, 302);
    const location = new URL(String(nav.headers.location));
    const exchange = await send(port, 'GET', location.pathname + location.search, { host: `recorder.localhost:${port}` });
    assert.equal(exchange.status, 303);
    const session = String(exchange.headers['set-cookie']).split(';')[0] as string;
    const page = await send(port, 'GET', String(exchange.headers.location), { host: `recorder.localhost:${port}`, cookie: session });
    assert.equal(page.status, 200, page.body);
    const got = requests().at(-1);
    assert.equal(got?.headers['x-outboard-base-path'], '/');
    assert.equal(got?.headers.cookie, undefined, 'the session cookie is not forwarded');
  });

  it('stop through the API, then kill -9 of the hub with a running sidecar leaves none after 2 s', async () => {
    const first = sidecarPid();
    assert.ok(isRunning(first));
    const stop = await send(port, 'POST', '/api/hub/extensions/recorder/stop', { 'x-outboard-token': token });
    assert.deepEqual(JSON.parse(stop.body), { apiVersion: 1, name: 'recorder', stopped: true });
    await waitFor('the stopped sidecar to exit', () => !isRunning(first), 5000);
    assert.equal((await send(port, 'GET', '/x/recorder/', { 'x-outboard-token': token })).status, 200);
    const second = sidecarPid();
    assert.notEqual(second, first);
    const hub = (JSON.parse(readFileSync(join(home, 'hub.json'), 'utf8')) as { pid: number }).pid;
    process.kill(hub, 'SIGKILL');
    await waitFor('the sidecar to be gone', () => !isRunning(second), 2000);
  });
});
