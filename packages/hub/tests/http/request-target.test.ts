import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseRequestTarget } from '../../src/http/request-target.js';

describe('parseRequestTarget', () => {
  it('splits path and query, untouched', () => {
    assert.deepEqual(parseRequestTarget('/x/web/a%20b?c=%2e&d'), { path: '/x/web/a%20b', query: '?c=%2e&d' });
    assert.deepEqual(parseRequestTarget('/'), { path: '/', query: '' });
    assert.deepEqual(parseRequestTarget('/x/web/'), { path: '/x/web/', query: '' });
  });

  it('refuses dot segments, encoded dots, slashes, backslashes and NULs, empty segments and non-path targets', () => {
    for (const url of ['/x/../api', '/..', '/x/./a', '/x/%2e%2E/a', '/a%2fb', '/a%2Fb', '/a%5cb', '/a%00', '/a\\b', '//a', '/a//b', 'http://evil/', '*', '', '/a\u0001']) {
      assert.ok('refused' in parseRequestTarget(url), url);
    }
    assert.ok('refused' in parseRequestTarget(undefined));
  });

  it('a trailing empty segment (a folder) is fine, and dots inside a segment are not dot segments', () => {
    assert.ok(!('refused' in parseRequestTarget('/x/web/a/')));
    assert.ok(!('refused' in parseRequestTarget('/x/web/a..b/.well-known/x.js')));
  });
});
