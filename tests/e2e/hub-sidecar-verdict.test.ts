// One verdict for a sidecar (issue 21): the redirect to the extension's own origin, the exchange of its
// one-time code and the proxy answer alike right after `extensions disable` returns in another process; and a
// sidecar that crashed is restarted by its router only after the same check as a first start, the code digest
// included, so code changed since the approval never runs. Real hub and router, real fixture sidecars, the CLI.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitFor } from './actions-home.js';
import { CLI_MAIN, tempDir } from './lib/fixture-home.js';
import { send } from './hub-home.js';
import { sidecarHome, startSidecarHub, type SidecarHub } from './hub-sidecar-home.js';
import { installCoreFixture, startRealHub, type RealHub } from './hub-hardened-home.js';

/** Runs the CLI in a child process without blocking this one (requests keep flowing meanwhile). */
function cliAsync(args: string[], home: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI_MAIN, ...args], { env: { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('one verdict for the redirect, the code exchange and the proxy', { timeout: 60_000 }, () => {
  let h: ReturnType<typeof sidecarHome>;
  let hub: RealHub;
  before(async () => {
    h = sidecarHome(['recorder']);
    hub = await startRealHub(h.home);
  });
  after(async () => {
    await hub.stop();
    h.cleanup();
  });

  const navigate = (): ReturnType<RealHub['get']> => hub.get('/x/recorder/page', { 'sec-fetch-mode': 'navigate' });
  const exchange = (location: string): ReturnType<typeof send> => {
    const url = new URL(location);
    return send(hub.port, 'GET', url.pathname + url.search, { host: url.host });
  };

  it('gives no fresh code, no session and no proxied answer once disable has returned', async () => {
    const before = await navigate();
    assert.equal(before.status, 302, before.body);
    const early = before.headers.location as string;
    assert.match(early, new RegExp(`^http://recorder\\.localhost:${hub.port}/__outboard_session\\?code=`));
    // Navigations keep coming while another process disables the extension.
    let navigating = true;
    const loop = (async () => {
      while (navigating) await navigate();
    })();
    const disabled = await cliAsync(['extensions', 'disable', 'recorder'], h.home);
    const after = await navigate();
    navigating = false;
    await loop;
    assert.equal(disabled.code, 0, disabled.stderr);
    assert.equal(after.status, 404, `a navigation after disable returned got ${after.status} ${String(after.headers.location ?? after.body)}`);
    // A navigation is refused with the HTML page (the reason escaped, a link home).
    assert.match(String(after.headers['content-type']), /^text\/html/);
    assert.match(after.body, /recorder(&quot;)? is disabled/);
    const late = await exchange(early);
    assert.notEqual(late.status, 303, 'a code issued before the disable still bought a session');
    assert.equal(late.headers['set-cookie'], undefined);
    assert.equal((await hub.get('/x/recorder/page')).status, 404);
  });
});

describe('a crashed sidecar is restarted only after the checks of a first start', { timeout: 60_000 }, () => {
  let tmp: ReturnType<typeof tempDir>;
  let home = '';
  let fixture = '';
  let hub: SidecarHub;
  before(async () => {
    tmp = tempDir('outboard-verdict-');
    home = join(tmp.path, 'home');
    mkdirSync(home);
    // Installed, not linked: a linked folder is a development source whose edits run as they are (DESIGN §6).
    fixture = installCoreFixture(home, 'mutable');
    // The sidecar router alone (no admission in front), so what is tested is its own restart check.
    hub = await startSidecarHub(home);
  });
  after(async () => {
    await hub.close();
    tmp.cleanup();
  });

  it('refuses the restart when the code changed since the approval, naming what changed', async () => {
    const get = (path: string): ReturnType<typeof send> => send(hub.port, 'GET', `/x/mutable${path}`);
    assert.equal((await get('/')).status, 200);
    const pids = join(home, 'ext', 'mutable', 'pids.json');
    const first = readFileSync(pids, 'utf8');
    // The revocation attack: the code changes under the running sidecar, which then dies.
    appendFileSync(join(fixture, 'server.mjs'), "process.stderr.write('changed code ran\\n');\n");
    process.kill((JSON.parse(first) as { pid: number }).pid, 'SIGKILL');
    const state = (): string | undefined => hub.manager.list().find((s) => s.name === 'mutable')?.state;
    // Crashed, or already stopped by the hub's watch of the home (which saw the code change first).
    await waitFor('the crash seen', () => (state() === 'crashed' || state() === 'stopped' ? true : undefined), 10_000);
    const again = await get('/');
    assert.equal(again.status, 404, again.body);
    assert.match(JSON.parse(again.body).error, /mutable is unapproved: changed since it was approved: server\.mjs changed/);
    assert.equal(readFileSync(pids, 'utf8'), first, 'a process of the changed code started');
    const log = join(home, 'ext', 'mutable', 'logs', 'sidecar.log');
    assert.equal(existsSync(log) && readFileSync(log, 'utf8').includes('changed code ran'), false);
  });
});
