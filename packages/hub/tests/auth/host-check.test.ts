import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isSafeMethod, originAllowed, originOfHost } from '../../src/auth/host-check.js';
import { cookieValues, presentedTokens } from '../../src/auth/credentials.js';
import { tokenMatches } from '../../src/auth/token-match.js';
import { SidecarSessions } from '../../src/auth/sidecar-sessions.js';

describe('originOfHost', () => {
  it('accepts the loopback names and <slug>.localhost with the port, case-insensitively', () => {
    for (const host of ['localhost:3117', '127.0.0.1:3117', '[::1]:3117', 'LOCALHOST:3117']) assert.deepEqual(originOfHost(host, 3117), { kind: 'hub' }, host);
    assert.deepEqual(originOfHost('web.localhost:3117', 3117), { kind: 'sidecar', name: 'web' });
  });

  it('refuses other names, ports, missing ports and bad slugs', () => {
    for (const host of ['evil.com:3117', 'localhost', 'localhost:80', '127.0.0.2:3117', 'a.b.localhost:3117', '-a.localhost:3117', 'localhost.evil:3117', 'localhost:3117.evil', '', undefined]) {
      assert.equal(originOfHost(host, 3117), undefined, String(host));
    }
  });
});

describe('originAllowed', () => {
  it('absent is fine; the hub takes its own names; a sidecar origin only itself', () => {
    assert.ok(originAllowed(undefined, { kind: 'hub' }, 1));
    assert.ok(originAllowed('http://localhost:1', { kind: 'hub' }, 1));
    assert.ok(originAllowed('http://127.0.0.1:1', { kind: 'hub' }, 1));
    assert.ok(!originAllowed('http://web.localhost:1', { kind: 'hub' }, 1));
    assert.ok(!originAllowed('null', { kind: 'hub' }, 1));
    assert.ok(!originAllowed('https://localhost:1', { kind: 'hub' }, 1));
    assert.ok(originAllowed('http://web.localhost:1', { kind: 'sidecar', name: 'web' }, 1));
    assert.ok(!originAllowed('http://localhost:1', { kind: 'sidecar', name: 'web' }, 1));
    assert.ok(!originAllowed(['http://localhost:1'], { kind: 'hub' }, 1));
  });

  it('safe methods', () => {
    assert.deepEqual(['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH', undefined].map(isSafeMethod), [true, true, true, false, false, false, false, false]);
  });
});

describe('credentials', () => {
  it('header, bearer and cookie, never the query', () => {
    assert.deepEqual(presentedTokens({ 'x-outboard-token': ' t1 ', authorization: 'Bearer t2', cookie: 'a=1; outboard_token=t3; outboard_token=t4' }, 'outboard'), { header: ['t1', 't2'], cookie: ['t3', 't4'] });
    assert.deepEqual(presentedTokens({ authorization: 'Basic x' }, 'outboard'), { header: [''], cookie: [] });
    assert.deepEqual(cookieValues('outboard_tokenx=1; xoutboard_token=2', 'outboard_token'), []);
  });

  it('tokenMatches compares whole values', () => {
    assert.ok(tokenMatches('abc', 'abc'));
    assert.ok(!tokenMatches('abcd', 'abc'));
    assert.ok(!tokenMatches('', 'abc'));
    assert.ok(!tokenMatches(undefined, 'abc'));
  });

  it('tokenMatches compares with the token passed each time', () => {
    assert.ok(tokenMatches('first-token', 'first-token'));
    assert.ok(!tokenMatches('first-token', 'second-token'), 'a new token is not compared with the old digest');
    assert.ok(tokenMatches('second-token', 'second-token'));
    assert.ok(!tokenMatches('second-token', 'first-token'));
    assert.ok(tokenMatches('first-token', 'first-token'));
  });
});

describe('SidecarSessions', () => {
  it('a code is good once, for its name, within a minute; sessions are per name', () => {
    let now = 0;
    const s = new SidecarSessions({ now: () => now });
    const code = s.issueCode('web', '/a');
    assert.equal(s.redeem('other', code), undefined);
    const code2 = s.issueCode('web', '/b');
    assert.deepEqual(s.redeem('web', code2), { path: '/b', inFrame: false });
    assert.equal(s.redeem('web', code2), undefined);
    const session = s.startSession('web');
    assert.ok(s.isSession('web', session));
    assert.ok(!s.isSession('other', session));
    const late = s.issueCode('web', '/c');
    now += 61_000;
    assert.equal(s.redeem('web', late), undefined);
  });

  it('a sidecar view\'s code says it is for a frame (answered in place), once; a navigation\'s does not', () => {
    const s = new SidecarSessions();
    assert.equal(s.redeem('web', s.issueCode('web', '/a'))?.inFrame, false);
    const framed = s.issueCode('web', '/view?id=p', { inFrame: true });
    assert.deepEqual(s.redeem('web', framed), { path: '/view?id=p', inFrame: true });
    assert.equal(s.redeem('web', framed), undefined, 'used up');
  });

  it("redeeming a frame's code starts no session: however many frames are shown, a navigation's session stays", () => {
    const s = new SidecarSessions();
    const session = s.startSession('web');
    // More frames than the sessions kept per origin: were each a session, the navigation's would be pushed out.
    for (let i = 0; i < 150; i++) assert.equal(s.redeem('web', s.issueCode('web', `/view?i=${i}`, { inFrame: true }))?.inFrame, true);
    assert.ok(s.isSession('web', session));
  });

  it('keeps at most 100 sessions per origin, dropping the oldest', () => {
    const s = new SidecarSessions();
    const first = s.startSession('web');
    const second = s.startSession('web');
    for (let i = 0; i < 99; i++) s.startSession('web');
    assert.ok(!s.isSession('web', first));
    assert.ok(s.isSession('web', second));
  });
});
