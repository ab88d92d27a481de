// A flooding peer cannot starve another peer: while one peer floods the host, each request to another
// peer is answered after a bounded amount of the flood's work, not after whatever backlog the flood built.
// Asserted on counts (the flood's events published while the other peer's request was out), not on time.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { peerHome } from './peer-fixtures.js';
import { percentile, readMarks, waitUntil } from './peer-probes.js';

/** Requests to the other peer during the flood (bounded in count and time). */
const CALLS = 300;
const MAX_MS = 5000;

describe('a flooding peer beside another one', { timeout: 40_000 }, () => {
  it("does not starve the other peer's requests: each waits behind a bounded part of the flood", async () => {
    const env = await peerHome([{ name: 'flooder', mode: 'flood' }, { name: 'steady' }]);
    try {
      const peers = await env.host.peers({ supervisor: { heartbeat: false, stopStepMs: 300 } });
      await peers.invokeAction('steady.hello', {});
      let events = 0;
      env.host.bus.subscribe({ types: ['flooder.happened'] }, () => {
        events++;
      });
      await peers.invokeAction('flooder.hello', {});
      await waitUntil('the flood to start', () => readMarks(env.marks, 'flooder').includes('flooding'), 5000);
      await waitUntil('the flood to reach the bus', () => events > 0, 5000);
      const during: number[] = [];
      const started = Date.now();
      for (let i = 0; i < CALLS && Date.now() - started < MAX_MS; i++) {
        const before = events;
        const result = await peers.invokeAction('steady.hello', { args: { i } });
        assert.equal(result.notifications[0]?.message, `hello {"i":${i}}`);
        during.push(events - before);
      }
      const total = during.reduce((a, b) => a + b, 0);
      assert.ok(during.length >= 20, `only ${during.length} requests to the other peer were answered during the flood`);
      assert.ok(total > 0, 'the flood went on meanwhile (this test measures fairness, not a stopped flood)');
      // The host serves at most 64 of the flooder's calls per turn, and reads its output again only after a
      // pause: the other peer's typical request waits behind at most a few turns of it. Served in arrival
      // order with the flood's backlog first, it would wait behind thousands.
      const median = percentile(during, 50);
      const p90 = percentile(during, 90);
      const seen = `median ${median}, p90 ${p90}, max ${Math.max(...during)} events of the flood per request to the other peer`;
      assert.ok(median <= 64 && p90 <= 128, seen);
    } finally {
      await env.cleanup();
    }
  });
});
