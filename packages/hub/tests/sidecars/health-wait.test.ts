// The health wait against a real loopback server: what it reports when the deadline passes.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { waitForHealth, type HealthWaitOptions } from '../../src/sidecars/health-wait.js';

/** A server whose n-th request is answered by `answers[n]` (a status), or never when it is `'hang'`. */
async function serve(answers: (number | 'hang')[]): Promise<{ port: number; close: () => void }> {
  let n = 0;
  const server = http.createServer((_req, res) => {
    const answer = answers[Math.min(n++, answers.length - 1)]!;
    if (answer !== 'hang') res.writeHead(answer).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => { server.closeAllConnections(); server.close(); } };
}

const base = (port: number): HealthWaitOptions => ({ port, path: '/health', headers: {}, timeoutMs: 400, initialIntervalMs: 20, maxIntervalMs: 50, growth: 2, probeTimeoutMs: 2000, abort: new Promise(() => undefined) });

describe('waitForHealth', () => {
  const closers: (() => void)[] = [];
  after(() => closers.forEach((close) => close()));

  it('keeps the last real answer when the deadline cuts the final probe short', async () => {
    const server = await serve([503, 'hang']);
    closers.push(server.close);
    const outcome = await waitForHealth(base(server.port));
    assert.deepEqual(outcome, { kind: 'timeout', lastProblem: 'the last probe answered 503' });
  });

  it('says the probe got no answer when no probe ever answered', async () => {
    const server = await serve(['hang']);
    closers.push(server.close);
    const outcome = await waitForHealth(base(server.port));
    assert.equal(outcome.kind, 'timeout');
    assert.match((outcome as { lastProblem: string }).lastProblem, /^the last probe failed: no answer within \d+ ms$/);
  });

  it('is healthy on the first 200', async () => {
    const server = await serve([503, 503, 200]);
    closers.push(server.close);
    assert.deepEqual(await waitForHealth({ ...base(server.port), timeoutMs: 5000 }), { kind: 'healthy' });
  });
});
