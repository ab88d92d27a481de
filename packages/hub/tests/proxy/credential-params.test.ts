// The hub's token parameters removed from what the proxy forwards (paths and Referer), wherever they are.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { withoutCredentialParams } from '../../src/proxy/credential-params.js';
import { forwardRequestHeaders } from '../../src/proxy/proxy-headers.js';

describe('withoutCredentialParams', () => {
  it('removes token and access_token anywhere in the query, in any case or encoding, and keeps the rest in order', () => {
    assert.equal(withoutCredentialParams('/a?token=T'), '/a');
    assert.equal(withoutCredentialParams('/a?x=1&token=T&y=2'), '/a?x=1&y=2');
    assert.equal(withoutCredentialParams('/a?x=1&access_token=T'), '/a?x=1');
    assert.equal(withoutCredentialParams('/a?ACCESS_TOKEN=T&x=1'), '/a?x=1');
    assert.equal(withoutCredentialParams('/a?%74oken=T&x=1'), '/a?x=1');
    assert.equal(withoutCredentialParams('/a?x=1;token=T;y=2'), '/a?x=1;y=2');
    assert.equal(withoutCredentialParams('/a?token&x=1'), '/a?x=1');
    assert.equal(withoutCredentialParams('/a?token=T&token=U'), '/a');
    assert.equal(withoutCredentialParams('http://127.0.0.1:3117/x/app/?a=b&token=T'), 'http://127.0.0.1:3117/x/app/?a=b');
  });

  it('leaves other parameters, paths and values alone (the same string when nothing is removed)', () => {
    for (const target of ['/a', '/a?', '/token?x=1', '/a?tokens=1', '/a?my_token=1', '/a?x=token', '/a?x=%7e', '/a?%zz=1']) {
      assert.equal(withoutCredentialParams(target), target);
    }
  });

  it('applies to the Referer the proxy forwards', () => {
    const out = forwardRequestHeaders(['Referer', 'http://127.0.0.1:3117/?token=T&tab=2'], { ownHeaderPrefix: 'x-outboard-', ownCookiePrefix: 'outboard', basePath: '/x/app/', secret: 's', clientAddress: '127.0.0.1', proto: 'http' });
    assert.equal(out['Referer'], 'http://127.0.0.1:3117/?tab=2');
  });
});
