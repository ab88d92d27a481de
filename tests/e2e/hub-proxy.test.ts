// The sidecar proxy with the recording fixture: what is dropped and added on the way in and out, the mount
// stripped, Location moved into the mount, SSE passing through live, WebSockets piped with their subprotocol,
// and a refused upgrade relayed.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { fetchText, rawRequest, recordedRequests, sidecarHome, startSidecarHub, type SidecarHub } from './hub-sidecar-home.js';

describe('sidecar proxy', () => {
  let home: { home: string; cleanup(): void };
  let hub: SidecarHub;
  before(async () => {
    home = sidecarHome(['recorder']);
    hub = await startSidecarHub(home.home);
  });
  after(async () => {
    await hub.close();
    home.cleanup();
  });

  it('drops the hub credentials, hop-by-hop fields and client-sent forwarding facts, and adds its own', async () => {
    const res = await rawRequest(hub.url('recorder', '/echo-headers?x=1'), {
      headers: {
        'X-Outboard-Token': 'hub-token',
        Authorization: 'Bearer hub-token',
        Cookie: 'outboard_token=hub-token; theme=dark; __Host-outboard-origin=abc; lang=en',
        Connection: 'keep-alive, X-Private',
        'X-Private': 'named by Connection',
        'Keep-Alive': 'timeout=5',
        TE: 'trailers',
        'Proxy-Authorization': 'Basic eA==',
        'X-Forwarded-For': '203.0.113.9',
        'X-Forwarded-Host': 'evil.example',
        Forwarded: 'for=203.0.113.9',
        'X-Outboard-Sidecar-Secret': 'forged',
        'X-Outboard-Base-Path': '/forged/',
        'X-Kept': 'yes',
      },
    });
    assert.equal(res.status, 200, res.body);
    const seen = (JSON.parse(res.body) as { url: string; headers: Record<string, string> });
    assert.equal(seen.url, '/echo-headers?x=1', 'the mount is stripped, the query kept');
    const h = seen.headers;
    for (const gone of ['x-outboard-token', 'authorization', 'x-private', 'keep-alive', 'te', 'proxy-authorization', 'forwarded']) assert.equal(h[gone], undefined, `${gone} is not forwarded`);
    assert.equal(h['cookie'], 'theme=dark; lang=en', 'only the hub cookies are dropped');
    assert.equal(h['x-kept'], 'yes');
    assert.equal(h['x-outboard-base-path'], '/x/recorder/');
    assert.notEqual(h['x-outboard-sidecar-secret'], 'forged');
    assert.equal(h['x-forwarded-for'], '127.0.0.1');
    assert.equal(h['x-forwarded-host'], `127.0.0.1:${hub.port}`);
    assert.equal(h['x-forwarded-proto'], 'http');
    assert.equal(h['x-forwarded-prefix'], '/x/recorder');
    assert.equal(h['host'], `127.0.0.1:${hub.port}`, 'Host is kept');
  });

  it('drops hop-by-hop fields of the answer, those its Connection names included', async () => {
    const res = await rawRequest(hub.url('recorder', '/health'));
    assert.equal(res.status, 200);
    assert.equal(res.headers['x-hop'], undefined);
    assert.notEqual(res.headers['keep-alive'], 'timeout=5');
  });

  it('streams a request body of unknown length (chunked) and one sent after Expect: 100-continue', async () => {
    const chunked = await new Promise<string>((resolve, reject) => {
      const req = http.request(hub.url('recorder', '/upload'), { method: 'POST', agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.write('a'.repeat(1000));
      req.end('b'.repeat(24));
    });
    assert.equal(JSON.parse(chunked).bytes, 1024);
    const expecting = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(hub.url('recorder', '/upload'), { method: 'PUT', agent: false, headers: { expect: '100-continue', 'content-length': 5 } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('continue', () => req.end('12345'));
      req.on('error', reject);
    });
    assert.equal(expecting.status, 200, expecting.body);
    assert.equal(JSON.parse(expecting.body).bytes, 5);
  });

  it('moves an absolute-path Location into the mount and leaves the others', async () => {
    const location = async (to: string) => (await fetchText(hub.url('recorder', `/redirect?to=${encodeURIComponent(to)}`))).headers.get('location');
    assert.equal(await location('/login?next=/a'), '/x/recorder/login?next=/a');
    assert.equal(await location('/'), '/x/recorder/');
    assert.equal(await location('/x/recorder/already'), '/x/recorder/already');
    assert.equal(await location('relative/path'), 'relative/path');
    assert.equal(await location('https://example.com/a'), 'https://example.com/a');
    assert.equal(await location('//example.com/a'), '//example.com/a');
  });

  it('passes server-sent events through live', async () => {
    const events = await new Promise<string[]>((resolve, reject) => {
      const seen: string[] = [];
      http.get(hub.url('recorder', '/sse'), { agent: false }, (res) => {
        assert.equal(res.headers['content-type'], 'text/event-stream');
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          seen.push(chunk.trim());
          // The first event arrived while the stream is still open: only now ask for the second.
          if (seen.length === 1) void fetchText(hub.url('recorder', '/sse-next'));
        });
        res.on('end', () => resolve(seen));
        res.on('error', reject);
      }).on('error', reject);
    });
    assert.deepEqual(events.join('\n').split(/\n+/), ['data: one', 'data: two']);
  });

  it('pipes a WebSocket with its subprotocol, text and binary', async () => {
    const ws = new WebSocket(hub.url('recorder', '/ws').replace('http:', 'ws:'), ['first', 'second'], { headers: { 'X-Outboard-Token': 'hub-token' } });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    assert.equal(ws.protocol, 'second');
    const echo = (data: string | Buffer) =>
      new Promise<{ data: Buffer; binary: boolean }>((resolve) => {
        ws.once('message', (d, binary) => resolve({ data: d as Buffer, binary }));
        ws.send(data);
      });
    const text = await echo('hello through the hub');
    assert.equal(text.data.toString(), 'hello through the hub');
    assert.equal(text.binary, false);
    const bytes = Buffer.from([0, 1, 2, 255]);
    const bin = await echo(bytes);
    assert.deepEqual(bin.data, bytes);
    assert.equal(bin.binary, true);
    ws.close();
    const upgrade = recordedRequests(home.home, 'recorder').find((r) => r.upgrade);
    assert.equal(upgrade?.url, '/ws');
    assert.equal(upgrade?.headers['x-outboard-token'], undefined);
    assert.equal(upgrade?.headers['x-outboard-base-path'], '/x/recorder/');
  });

  it('relays a refused upgrade', async () => {
    const ws = new WebSocket(hub.url('recorder', '/not-ws').replace('http:', 'ws:'));
    const status = await new Promise<number>((resolve) => {
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('error', () => resolve(-1));
    });
    assert.equal(status, 403);
  });
});
