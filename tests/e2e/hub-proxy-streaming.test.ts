// 50 MiB up and down through the proxy running in a process of its own: the bodies stream (the proxy's peak
// resident memory grows by far less than the body), and every byte arrives.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { peakRss, sidecarHome, startRunner } from './hub-sidecar-home.js';

const BODY = 50 * 1024 * 1024;
/** Peak RSS growth allowed for a 50 MiB body: what a few socket buffers and chunks take, not the body. */
const MAX_GROWTH = 24 * 1024 * 1024;

describe('proxy streaming', () => {
  let home: { home: string; cleanup(): void };
  let runner: Awaited<ReturnType<typeof startRunner>>;
  before(async () => {
    home = sidecarHome(['recorder']);
    runner = await startRunner(home.home);
    // Warm: the sidecar runs, and the proxy's heap has grown to its working size (the first 16 MiB through a
    // fresh process take its young generation to full size: about 30 MiB of peak RSS, once, whatever the size).
    for (const path of ['/health', '/download?bytes=16777216']) await transfer(runner.url('recorder', path), 'GET', 0);
    await transfer(runner.url('recorder', '/upload'), 'POST', 16 * 1024 * 1024);
  });
  after(async () => {
    // `runner` is unset when it did not start (startRunner killed it then).
    if (runner) {
      runner.child.kill('SIGTERM');
      await new Promise((resolve) => runner.child.once('exit', resolve));
    }
    home.cleanup();
  });

  it('streams a 50 MiB upload without holding it', async () => {
    const before = peakRss(runner.child.pid as number);
    const { status, body } = await transfer(runner.url('recorder', '/upload'), 'POST', BODY);
    assert.equal(status, 200);
    assert.equal(JSON.parse(body).bytes, BODY);
    const growth = peakRss(runner.child.pid as number) - before;
    assert.ok(growth < MAX_GROWTH, `peak RSS grew by ${(growth / 1048576).toFixed(1)} MiB`);
  });

  it('streams a 50 MiB download without holding it', async () => {
    const before = peakRss(runner.child.pid as number);
    const { status, received } = await transfer(runner.url('recorder', `/download?bytes=${BODY}`), 'GET', 0);
    assert.equal(status, 200);
    assert.equal(received, BODY);
    const growth = peakRss(runner.child.pid as number) - before;
    assert.ok(growth < MAX_GROWTH, `peak RSS grew by ${(growth / 1048576).toFixed(1)} MiB`);
  });
});

/** Sends `upload` bytes (chunked, generated as they are written, with backpressure) and counts what comes back. */
function transfer(url: string, method: string, upload: number): Promise<{ status: number; received: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: false, headers: upload > 0 ? { 'content-type': 'application/octet-stream' } : {} }, (res) => {
      let received = 0;
      let body = '';
      res.on('data', (c: Buffer) => {
        received += c.length;
        if (body.length < 4096) body += c.toString('utf8');
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, received, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    const chunk = Buffer.alloc(64 * 1024, 121);
    let left = upload;
    const pump = (): void => {
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}
