import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { problem } from '../../src/http/problem.js';
import { wantsHtml } from '../../src/http/reply.js';
import { errorPage } from '../../src/http/error-page.js';

describe('wantsHtml', () => {
  const req = (method: string, headers: Record<string, string>) => ({ method, headers });
  it('a navigation, or a GET preferring text/html, gets a page', () => {
    assert.equal(wantsHtml(req('GET', { 'sec-fetch-mode': 'navigate' })), true);
    assert.equal(wantsHtml(req('POST', { 'sec-fetch-mode': 'navigate' })), true);
    assert.equal(wantsHtml(req('GET', { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' })), true);
    assert.equal(wantsHtml(req('HEAD', { accept: 'text/html' })), true);
  });
  it('an API client, a tie, a wildcard or a POST gets JSON', () => {
    assert.equal(wantsHtml(req('GET', {})), false);
    assert.equal(wantsHtml(req('GET', { accept: '*/*' })), false);
    assert.equal(wantsHtml(req('GET', { accept: 'application/json, text/html' })), false);
    assert.equal(wantsHtml(req('GET', { accept: 'application/json;q=0.5, text/html;q=0.4' })), false);
    assert.equal(wantsHtml(req('GET', { accept: 'text/html;q=0' })), false);
    assert.equal(wantsHtml(req('POST', { accept: 'text/html' })), false);
  });
});

describe('problem and its page', () => {
  it('a hub code takes its status and its fix in the words of the host that serves it', () => {
    const p = problem({ id: 'ndx' }, 'HUB_SIGN_IN_EXPIRED', 'this sign-in link has expired');
    assert.deepEqual(p, { status: 401, error: 'this sign-in link has expired', code: 'HUB_SIGN_IN_EXPIRED', fix: '`ndx hub open` prints a fresh sign-in link' });
  });
  it('a host code takes the host fix and the given status; a precise fix wins', () => {
    assert.equal(problem({ id: 'ndx' }, 'PROJECT_NOT_FOUND', 'no p', { status: 404 }).fix, 'run `ndx projects list` to see the registered projects');
    assert.equal(problem({ id: 'ndx' }, 'SIDECAR_NOT_SERVED', 'off', { status: 404, fix: 'ndx extensions enable off' }).fix, 'ndx extensions enable off');
  });
  it('the page escapes every field and links home, with no script', () => {
    const html = errorPage({ status: 404, error: '<script>x</script>', code: 'HUB_NOT_FOUND', fix: '"quoted" & <b>', logTail: ['<img>'] });
    assert.doesNotMatch(html, /<script>|<img>|<b>/);
    assert.match(html, /&lt;script&gt;x&lt;\/script&gt;/);
    assert.match(html, /To fix it: &quot;quoted&quot; &amp; &lt;b&gt;/);
    assert.match(html, /<a href="\/">Back to the hub<\/a>/);
  });
});
