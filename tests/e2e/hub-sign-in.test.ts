// The sign-in link (issue 21, DESIGN §7): `hub start`, `hub status` and `hub open` print a link with a
// one-time login code, never the token; a code signs a browser in once; `hub open` starts the user's browser
// ($BROWSER here: a recorder script) and does not fail where there is none; `/?token=` still works for scripts.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from './lib/fixture-home.js';
import { waitFor } from './actions-home.js';
import { send } from './hub-home.js';

const LINK = /(http:\/\/127\.0\.0\.1:(\d+)\/)\?code=([\w-]+)/;

describe('the sign-in link', { timeout: 90_000 }, () => {
  let tmp: ReturnType<typeof tempDir>;
  let home = '';
  let token = '';
  let startOutput = '';
  before(() => {
    tmp = tempDir('outboard-signin-');
    home = join(tmp.path, 'home');
    mkdirSync(home, { mode: 0o700 });
    const started = runCli(['hub', 'start', '--port', '0'], { home });
    assert.equal(started.code, 0, started.stderr);
    startOutput = started.stdout;
    token = readFileSync(join(home, 'token'), 'utf8').trim();
  });
  after(() => {
    runCli(['hub', 'stop'], { home });
    tmp.cleanup();
  });

  /** Visits a printed link as a browser would, without following the redirect. */
  const visit = (output: string): ReturnType<typeof send> => {
    const link = LINK.exec(output);
    assert.ok(link, `no sign-in link in: ${output}`);
    return send(Number(link[2]), 'GET', `/?code=${link[3]}`);
  };

  it('hub start prints a one-time link, not the token; it signs in once', async () => {
    assert.equal(startOutput.includes(token), false, 'hub start printed the token');
    const first = await visit(startOutput);
    assert.equal(first.status, 303, first.body);
    assert.equal(first.headers.location, '/');
    const cookie = String(first.headers['set-cookie']);
    assert.match(cookie, /^outboard_token=[^;]+; Path=\/; HttpOnly; SameSite=Strict$/);
    const port = Number(LINK.exec(startOutput)?.[2]);
    assert.equal((await send(port, 'GET', '/', { cookie: cookie.split(';')[0] as string })).status, 200);
    const again = await visit(startOutput);
    assert.equal(again.status, 401);
    const refusal = JSON.parse(again.body) as { error: string; code: string; fix: string };
    assert.match(refusal.error, /expired or was used already/);
    assert.equal(refusal.code, 'HUB_SIGN_IN_EXPIRED');
    assert.equal(refusal.fix, '`outboard hub open` prints a fresh sign-in link');
  });

  it('hub status prints a fresh link each time; /?token= still signs a script in', async () => {
    const a = runCli(['hub', 'status'], { home });
    const b = runCli(['hub', 'status'], { home });
    assert.equal(a.code, 0, a.stderr);
    assert.equal(LINK.exec(a.stdout)?.[3] === LINK.exec(b.stdout)?.[3], false, 'the same code twice');
    assert.equal(a.stdout.includes(token), false);
    assert.equal((await visit(b.stdout)).status, 303);
    assert.equal((await visit(a.stdout)).status, 303);
    const port = Number(LINK.exec(a.stdout)?.[2]);
    assert.equal((await send(port, 'GET', `/?token=${token}`)).status, 303);
    assert.equal((await send(port, 'GET', '/?code=made-up')).status, 401);
  });

  it('hub open prints a fresh link and starts the browser with it', async () => {
    const opened = join(tmp.path, 'opened.txt');
    const browser = join(tmp.path, 'fake-browser.sh');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$1" > ${JSON.stringify(opened)}\n`);
    chmodSync(browser, 0o755);
    const r = runCli(['hub', 'open'], { home, env: { ...process.env, BROWSER: browser } });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Opened it in your browser/);
    await waitFor('the browser to be started', () => existsSync(opened), 5000);
    const url = readFileSync(opened, 'utf8').trim();
    assert.equal(LINK.exec(r.stdout)?.[0], url);
    assert.equal((await visit(url)).status, 303);
  });

  it('hub open without any browser still prints the link and exits 0', async () => {
    // A PATH with nothing on it: no xdg-open (the machine may have one, e.g. with Chromium installed for the browser tests).
    const empty = join(tmp.path, 'empty-path');
    mkdirSync(empty, { recursive: true });
    const r = runCli(['hub', 'open'], { home, env: { PATH: empty, BROWSER: undefined } });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /No browser found here: open the link in yours/);
    assert.equal((await visit(r.stdout)).status, 303);
  });

  it('hub open with no hub running says so (HUB_NOT_RUNNING, exit 1)', () => {
    const other = join(tmp.path, 'other-home');
    mkdirSync(other, { mode: 0o700 });
    const r = runCli(['hub', 'open'], { home: other });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /no hub serves this home/);
    assert.match(r.stderr, /outboard hub start/);
  });
});
