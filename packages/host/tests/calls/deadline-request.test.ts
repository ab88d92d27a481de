import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RequestOptions } from '@outboard/protocol';
import { RequestDeadline, requestWithin } from '../../src/calls/deadline-request.js';
import type { StartablePeer } from '../../src/calls/deadline-request.js';

/** A peer answering after `delayMs` (never when undefined), recording starts, requests and cancellations. */
function fakePeer(options: { delayMs?: number; state?: string; startFails?: string }) {
  const seen = { starts: 0, requests: 0, cancelled: 0 };
  const peer: StartablePeer = {
    ...(options.state !== undefined ? { state: options.state } : {}),
    start: async () => {
      seen.starts++;
      if (options.startFails) throw new Error(options.startFails);
    },
    request: (_method: string, params: unknown, request: RequestOptions) =>
      new Promise((resolve, reject) => {
        seen.requests++;
        const onAbort = (): void => {
          clearTimeout(timer);
          seen.cancelled++;
          reject(new Error('cancelled by its caller'));
        };
        const timer = options.delayMs === undefined ? undefined : setTimeout(() => {
          request.signal?.removeEventListener('abort', onAbort);
          resolve({ echoed: params });
        }, options.delayMs);
        request.signal?.addEventListener('abort', onAbort, { once: true });
      }),
  };
  return { peer, seen };
}

describe('RequestDeadline', () => {
  it('one deadline serves several peers: the quick one answers, the stuck one times out and is cancelled', async () => {
    const deadline = new RequestDeadline({ deadlineMs: 100, timeoutHint: 'set x' });
    const quick = fakePeer({ delayMs: 0, state: 'ready' });
    const stuck = fakePeer({ state: 'ready' });
    const [a, b] = await Promise.allSettled([deadline.request(quick.peer, 'm', 1), deadline.request(stuck.peer, 'm', 2)]);
    deadline.dispose();
    assert.deepEqual(a, { status: 'fulfilled', value: { echoed: 1 } });
    assert.equal(b.status, 'rejected');
    assert.match(String((b as PromiseRejectedResult).reason.message), /^no answer within 100 ms \(set x\)$/);
    assert.equal((b as PromiseRejectedResult).reason.reason, 'timeout');
    assert.deepEqual([quick.seen.cancelled, stuck.seen.cancelled], [0, 1]);
    // A ready peer is asked at once, without a start check.
    assert.deepEqual([quick.seen.starts, stuck.seen.starts], [0, 0]);
  });

  it('starts a peer that is not ready first, and names a start that failed as unavailable with the given data', async () => {
    const cold = fakePeer({ delayMs: 0 });
    assert.deepEqual(await requestWithin(cold.peer, 'm', 'x', { deadlineMs: 1000 }), { echoed: 'x' });
    assert.equal(cold.seen.starts, 1);
    const broken = fakePeer({ delayMs: 0, state: 'stopped', startFails: 'exec not found' });
    await assert.rejects(requestWithin(broken.peer, 'm', 'x', { deadlineMs: 1000, notStartedData: { notReady: true } }), (e: Error & { reason?: string; data?: Record<string, unknown> }) => {
      assert.equal(e.reason, 'unavailable');
      assert.match(e.message, /its peer did not start: exec not found/);
      assert.equal(e.data?.['notReady'], true);
      return true;
    });
    assert.equal(broken.seen.requests, 0);
  });

  it('the caller\'s signal cancels what is pending; a request after dispose is never sent', async () => {
    const outer = new AbortController();
    const deadline = new RequestDeadline({ deadlineMs: 5000, signal: outer.signal });
    const stuck = fakePeer({ state: 'ready' });
    const pending = deadline.request(stuck.peer, 'm', 1);
    outer.abort();
    await assert.rejects(pending, (e: Error & { reason?: string }) => e.reason === 'cancelled');
    assert.equal(deadline.cancelled, true);
    assert.equal(stuck.seen.cancelled, 1);
    deadline.dispose();
    deadline.dispose();
    const late = fakePeer({ delayMs: 0, state: 'ready' });
    await assert.rejects(deadline.request(late.peer, 'm', 2), (e: Error & { reason?: string }) => e.reason === 'cancelled');
    assert.equal(late.seen.requests, 0);
  });

  it('dispose aborts only when a request is still pending', async () => {
    const settled = new RequestDeadline({ deadlineMs: 5000 });
    await settled.request(fakePeer({ delayMs: 0, state: 'ready' }).peer, 'm', 1);
    settled.dispose();
    assert.equal(settled.signal.aborted, false);
    const busy = new RequestDeadline({ deadlineMs: 5000 });
    const stuck = fakePeer({ state: 'ready' });
    const pending = busy.request(stuck.peer, 'm', 1);
    busy.dispose();
    await assert.rejects(pending, (e: Error & { reason?: string }) => e.reason === 'cancelled');
    assert.equal(stuck.seen.cancelled, 1);
  });
});
