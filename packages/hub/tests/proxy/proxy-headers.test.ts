// The proxy's header rules as pure functions: RFC 9110 hop-by-hop fields, the hub's credentials, forwarding
// facts, cookies, and the Location rewrite.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { forwardRequestHeaders, forwardResponseHeaders, locationInMount, withoutHubCookies } from '../../src/proxy/proxy-headers.js';

const ctx = { ownHeaderPrefix: 'x-outboard-', ownCookiePrefix: 'outboard', basePath: '/x/app/', secret: 's3cret', clientAddress: '127.0.0.1', proto: 'http' };

describe('forwardRequestHeaders', () => {
  it('drops hop-by-hop fields, those Connection names in any case, and Proxy-*', () => {
    const out = forwardRequestHeaders(['Host', 'h:1', 'Connection', 'Keep-Alive, X-A , x-b', 'X-A', '1', 'X-B', '2', 'Keep-Alive', 't', 'TE', 'trailers', 'Trailer', 'x', 'Upgrade', 'h2c', 'Proxy-Authorization', 'p', 'Proxy-Connection', 'c', 'X-C', '3'], ctx);
    assert.deepEqual(Object.keys(out).filter((k) => !k.startsWith('x-outboard-') && !k.startsWith('x-forwarded-')), ['Host', 'X-C']);
  });

  it('drops the hub credentials and forged facts, and sets its own', () => {
    const out = forwardRequestHeaders(['X-Outboard-Token', 't', 'authorization', 'Bearer t', 'X-Outboard-Sidecar-Secret', 'forged', 'Forwarded', 'for=x', 'X-Forwarded-For', '9.9.9.9', 'X-Forwarded-Prefix', '/evil'], ctx);
    assert.deepEqual(out, {
      'x-outboard-base-path': '/x/app/',
      'x-outboard-sidecar-secret': 's3cret',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-proto': 'http',
      'x-forwarded-prefix': '/x/app',
    });
  });

  it('keeps repeated fields as several lines, re-frames a body of unknown length, and keeps an upgrade', () => {
    const out = forwardRequestHeaders(['Accept', 'a', 'Accept', 'b', 'Transfer-Encoding', 'gzip, chunked', 'Connection', 'Upgrade', 'Upgrade', 'websocket'], { ...ctx, upgrade: 'websocket', basePath: '/' });
    assert.deepEqual(out['Accept'], ['a', 'b']);
    assert.equal(out['transfer-encoding'], 'chunked');
    assert.equal(out['connection'], 'Upgrade');
    assert.equal(out['upgrade'], 'websocket');
    assert.equal(out['x-forwarded-prefix'], undefined, 'no prefix at the root');
  });

  it('leaves framing to an upstream client that frames bodies itself: no Transfer-Encoding added, Expect dropped', () => {
    const raw = ['Host', 'h:1', 'Transfer-Encoding', 'chunked', 'Expect', '100-continue', 'Content-Type', 'text/plain'];
    const framed = forwardRequestHeaders(raw, { ...ctx, senderFrames: true });
    assert.equal(framed['transfer-encoding'], undefined);
    assert.equal(framed['Expect'], undefined);
    assert.equal(framed['Content-Type'], 'text/plain');
    assert.equal(framed['x-forwarded-host'], 'h:1');
    const plain = forwardRequestHeaders(raw, ctx);
    assert.equal(plain['transfer-encoding'], 'chunked');
    assert.equal(plain['Expect'], '100-continue');
  });

  it('sends no Cookie field when the client sent none, and a prefix without every trailing slash', () => {
    const out = forwardRequestHeaders(['Host', 'h:1'], { ...ctx, basePath: '/x/app//' });
    assert.equal(out['cookie'], undefined);
    assert.equal(out['x-forwarded-prefix'], '/x/app');
  });

  it('joins the cookies that remain into one field', () => {
    const out = forwardRequestHeaders(['Cookie', 'a=1; outboard_token=t', 'cookie', 'b=2'], ctx);
    assert.equal(out['cookie'], 'a=1; b=2');
    assert.equal(forwardRequestHeaders(['Cookie', 'outboard_token=t'], ctx)['cookie'], undefined);
  });
});

describe('withoutHubCookies', () => {
  it('drops every cookie whose name starts with the prefix, with or without __Host-/__Secure-, and keeps the rest in order', () => {
    assert.equal(withoutHubCookies('z=1; Outboard_token=t; __Host-outboard-x=2; __Secure-outboard=3; theme=dark;; flag', 'outboard'), 'z=1; theme=dark; flag');
  });
});

describe('forwardResponseHeaders', () => {
  const shared = { basePath: '/x/app/', ownCookiePrefix: 'outboard', requestHost: '127.0.0.1:3117' };
  const own = { basePath: '/', ownCookiePrefix: 'outboard', requestHost: 'app.localhost:3117' };
  it('drops hop-by-hop fields and rewrites Location into the mount', () => {
    const out = forwardResponseHeaders(['Connection', 'close, X-Hop', 'X-Hop', '1', 'Transfer-Encoding', 'chunked', 'Location', '/login', 'Set-Cookie', 'a=1', 'Set-Cookie', 'b=2'], shared);
    assert.deepEqual(out, { Location: '/x/app/login', 'Set-Cookie': ['a=1', 'b=2'] });
  });

  it('moves a Location on the hub\'s own origin into the mount, on the shared origin only', () => {
    const location = (value: string, ctx = shared): unknown => forwardResponseHeaders(['Location', value], ctx)['Location'];
    assert.equal(location('http://127.0.0.1:3117/own?a=1'), '/x/app/own?a=1');
    assert.equal(location('HTTP://LOCALHOST:3117/own'), '/x/app/own');
    assert.equal(location('http://[::1]:3117'), '/x/app/');
    assert.equal(location('//localhost:3117/own'), '/x/app/own');
    assert.equal(location('http://127.0.0.1:3117/x/app/in'), '/x/app/in');
    assert.equal(location('http://127.0.0.1:9999/own'), 'http://127.0.0.1:9999/own');
    assert.equal(location('http://evil.example/own'), 'http://evil.example/own');
    assert.equal(location('http://app.localhost:3117/own'), 'http://app.localhost:3117/own');
    assert.equal(location('http://127.0.0.1:3117/own', own), 'http://127.0.0.1:3117/own');
  });

  it('drops the hub\'s cookies, confines the others to the mount, and drops Domain everywhere', () => {
    const cookies = (values: string[], ctx = shared): unknown => forwardResponseHeaders(values.flatMap((v) => ['Set-Cookie', v]), ctx)['Set-Cookie'];
    assert.equal(cookies(['outboard_token=x; Path=/']), undefined);
    assert.equal(cookies(['__Host-Outboard_token=x; Path=/x/app/']), undefined);
    assert.deepEqual(cookies(['a=1; Path=/; HttpOnly', 'b=2; Path=/api; Domain=localhost', 'c=3', 'd=4; path=/x/app/in', 'e=5; Domain=.localhost; Path=relative']), [
      'a=1; Path=/x/app/; HttpOnly',
      'b=2; Path=/x/app/api',
      'c=3',
      'd=4; Path=/x/app/in',
      'e=5; Path=/x/app/',
    ]);
    assert.deepEqual(cookies(['a=1; Path=/; Domain=localhost; Secure', 'outboard_token=x'], own), 'a=1; Path=/; Secure');
  });

  it('keeps Connection and Upgrade of a 101', () => {
    const out = forwardResponseHeaders(['Connection', 'Upgrade', 'Upgrade', 'websocket', 'Sec-WebSocket-Protocol', 'chat', 'Keep-Alive', 'x'], shared, true);
    assert.deepEqual(out, { Connection: 'Upgrade', Upgrade: 'websocket', 'Sec-WebSocket-Protocol': 'chat' });
  });
});

describe('locationInMount', () => {
  it('moves absolute paths only', () => {
    assert.equal(locationInMount('/a?b=/c', '/x/app/'), '/x/app/a?b=/c');
    assert.equal(locationInMount('/', '/x/app/'), '/x/app/');
    assert.equal(locationInMount('/x/app', '/x/app/'), '/x/app');
    assert.equal(locationInMount('/x/app/in', '/x/app/'), '/x/app/in');
    assert.equal(locationInMount('/x/apple', '/x/app/'), '/x/app/x/apple');
    assert.equal(locationInMount('//evil.example/', '/x/app/'), '//evil.example/');
    assert.equal(locationInMount('/\\evil.example/', '/x/app/'), '/\\evil.example/');
    assert.equal(locationInMount('http://a/b', '/x/app/'), 'http://a/b');
    assert.equal(locationInMount('rel', '/x/app/'), 'rel');
    assert.equal(locationInMount('/a', '/'), '/a');
  });
});
