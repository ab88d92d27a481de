// The pages' mutations: every one a POST under the Origin check and with its page's anti-forgery token;
// nothing mutates on GET; an approval from a page goes through the same checks as the terminal's.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { send } from './hub-home.js';
import { useTestHub } from './lib/test-hub.js';
import { runCliJson } from './lib/fixture-home.js';

describe('hub page forms', { timeout: 60_000 }, () => {
  const hub = useTestHub();
  const auth = hub.auth;
  const state = (name: string) => runCliJson<Array<{ name: string; state: string }>>(['extensions', 'list', '--json'], { home: hub.home, cwd: hub.root }).json.find((e) => e.name === name)?.state;
  /** The anti-forgery token of a freshly rendered page. */
  const pageToken = async (path = '/') => /name="_token" value="([^"]+)"/.exec((await send(hub.port, 'GET', path, auth())).body)?.[1] ?? '';
  const postForm = (op: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    send(hub.port, 'POST', `/ui/do/${op}`, { ...auth(), 'content-type': 'application/x-www-form-urlencoded', accept: 'application/x-ndjson', ...headers }, new URLSearchParams(fields).toString());

  it('serves its own script and stylesheet, and pages under a CSP without inline code', async () => {
    const home = await send(hub.port, 'GET', '/', auth());
    const csp = String(home.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(csp, /form-action 'self'/);
    assert.match(home.body, /<script src="\/ui\/pages\.js" defer><\/script>/);
    const js = await send(hub.port, 'GET', '/ui/pages.js', auth());
    assert.equal(js.status, 200);
    assert.match(String(js.headers['content-type']), /^text\/javascript/);
    assert.equal((await send(hub.port, 'GET', '/ui/pages.css', auth())).status, 200);
    assert.equal((await send(hub.port, 'GET', '/ui/pages.js')).status, 401, 'the token is needed for the assets too');
  });

  it('refuses a form without its page token, or with a forged one, and changes nothing', async () => {
    const none = await postForm('disable', { name: 'web' });
    assert.equal(none.status, 403);
    assert.deepEqual(JSON.parse(none.body.trim()), { ok: false, error: "this page's form token is missing or has expired", fix: 'reload the page and try again', code: 'HUB_PAGE_FORM_EXPIRED' });
    const forged = await postForm('disable', { name: 'web', _token: 'abc.99999999999999.def' });
    assert.equal(forged.status, 403);
    assert.equal(state('web'), 'enabled');
  });

  it('refuses a form from a foreign Origin even with a good page token', async () => {
    const token = await pageToken();
    const foreign = await postForm('disable', { name: 'web', _token: token }, { origin: 'http://evil.test' });
    assert.equal(foreign.status, 403);
    const sidecarOrigin = await postForm('disable', { name: 'web', _token: token }, { origin: `http://web.localhost:${hub.port}` });
    assert.equal(sidecarOrigin.status, 403, "a sidecar's own origin is foreign to the hub's");
    assert.equal(state('web'), 'enabled');
  });

  it('never mutates on GET', async () => {
    const token = await pageToken();
    const get = await send(hub.port, 'GET', `/ui/do/disable?name=web&_token=${encodeURIComponent(token)}`, auth());
    // The operation is served for POST only: a GET is refused 405 (Allow: POST) and changes nothing.
    assert.equal(get.status, 405);
    assert.equal(state('web'), 'enabled');
  });

  it('disables and enables with a page token; an unapproved one is refused enable and sent to approval', async () => {
    const token = await pageToken();
    const off = await postForm('disable', { name: 'web', _token: token });
    assert.equal(off.status, 200);
    assert.deepEqual(JSON.parse(off.body.trim()), { ok: true, message: 'Disabled web (its approval, grants and config are kept).' });
    assert.equal(state('web'), 'disabled');
    const on = await postForm('enable', { name: 'web', _token: token });
    assert.equal(JSON.parse(on.body.trim()).ok, true);
    assert.equal(state('web'), 'enabled');
    const refused = JSON.parse((await postForm('enable', { name: 'off', _token: token })).body.trim()) as { ok: boolean; code: string; error: string };
    assert.deepEqual([refused.ok, refused.code], [false, 'HUB_APPROVAL_REFUSED']);
    assert.equal(state('off'), 'unapproved');
  });

  it('approves only the copy the page showed', async () => {
    const page = (await send(hub.port, 'GET', '/extensions/off', auth())).body;
    assert.match(page, /outboard wants to run extension &quot;off&quot;/);
    const token = /name="_token" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const stale = JSON.parse((await postForm('approve', { name: 'off', _token: token, shown: 'not-the-copy-shown' })).body.trim()) as { ok: boolean; error: string };
    assert.equal(stale.ok, false);
    assert.match(stale.error, /changed while you were deciding; nothing was approved/);
    assert.equal(state('off'), 'unapproved');
    const shown = /name="shown" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const approved = JSON.parse((await postForm('approve', { name: 'off', _token: token, shown })).body.trim()) as { ok: boolean; message: string };
    assert.equal(approved.ok, true, JSON.stringify(approved));
    assert.equal(state('off'), 'enabled');
  });

  it('without the script, a form answers an HTML page with the outcome and a way home', async () => {
    const token = await pageToken();
    const res = await send(hub.port, 'POST', '/ui/do/add-project', { ...auth(), 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' }, new URLSearchParams({ _token: token, root: 'relative/path' }).toString());
    assert.equal(res.status, 400);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(res.body, /the folder must be an absolute path/);
    assert.match(res.body, /<a href="\/">Back to the home page<\/a>/);
  });
});
