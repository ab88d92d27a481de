// The checks of a flooding peer beside a well-behaved one, shared by the Node and Python fixture tests.
import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { peerHome } from './peer-fixtures.js';
import type { PeerFixture } from './peer-fixtures.js';
import { percentile, readMarks, waitUntil } from './peer-probes.js';

const FLOOD_MS = 3000;
const settings = { heartbeat: false as const, stopStepMs: 300, handshakeTimeoutMs: 10_000 };

/**
 * Runs `flooder` beside a good peer for FLOOD_MS and checks responsiveness, the rate limit and memory.
 * Bounds are loose on purpose (the machine is shared): they catch a host that stalls for seconds or grows
 * without bound, not a few milliseconds; bench/peer-flood.ts measures the figures.
 */
export async function assertFloodContained(flooder: PeerFixture): Promise<void> {
  const env = await peerHome([flooder, { name: 'steady' }]);
  try {
    const peers = await env.host.peers({ supervisor: settings });
    await peers.invokeAction('steady.hello', {});
    let events = 0;
    env.host.bus.subscribe({ types: [`${flooder.name}.happened`] }, () => {
      events++;
    });
    // The flood runs from here until the peer stops: the rate limit is checked against that whole time.
    const floodStarted = Date.now();
    await peers.invokeAction(`${flooder.name}.hello`, {});
    await waitUntil('the flood to start', () => readMarks(env.marks, flooder.name).includes('flooding'), 5000);
    const rssBefore = process.memoryUsage().rss;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const latencies: number[] = [];
    const rss: number[] = [];
    const started = Date.now();
    while (Date.now() - started < FLOOD_MS) {
      const t = performance.now();
      const result = await peers.invokeAction('steady.hello', { args: { k: latencies.length } });
      latencies.push(performance.now() - t);
      assert.equal(result.notifications[0]?.message, `hello {"k":${latencies.length - 1}}`);
      rss.push(process.memoryUsage().rss);
    }
    loop.disable();
    const p99 = percentile(latencies, 99);
    // Node's histogram counts the 10 ms sampling interval itself.
    const loopP99 = loop.percentile(99) / 1e6 - 10;
    // The good peer kept answering, many times, none of them stalled for seconds.
    assert.ok(latencies.length >= 10, `only ${latencies.length} actions of the good peer in ${FLOOD_MS} ms`);
    assert.ok(p99 < 750, `the good peer's action p99 was ${p99.toFixed(0)} ms during the flood`);
    assert.ok(loopP99 < 750, `the host's event loop stalled: p99 ${loopP99.toFixed(0)} ms`);
    // The flood got through to the bus (events are not rate-limited, only bounded per subscriber).
    assert.ok(events > 100, `only ${events} events arrived`);
    // Notifications: at most 10 per second shown, the rest dropped and counted, one note per burst.
    const mine = peers.notifications.current().filter((n) => n.extension === flooder.name);
    const floodSeconds = Math.ceil((Date.now() - floodStarted) / 1000);
    const notes = mine.filter((n) => /notifications from .* were dropped \(more than 10 per second\)/.test(n.message));
    const shown = mine.filter((n) => n.message.startsWith('flood '));
    assert.ok(notes.length >= 1, 'the drops were reported');
    assert.ok(notes.length <= floodSeconds + 1, `one note per second-long burst, got ${notes.length} in ${floodSeconds} s`);
    assert.ok(notes.every((n) => Number(/^(\d+) /.exec(n.message)?.[1]) > 0));
    assert.ok(shown.length <= 10 * (floodSeconds + 1), `${shown.length} flood notifications were shown in ${floodSeconds} s`);
    // Memory: bounded queues, a bounded notification list, no growth without bound.
    const growth = (Math.max(...rss) - rssBefore) / 1e6;
    assert.ok(growth < 250, `rss grew by ${growth.toFixed(0)} MB during the flood`);
    assert.ok(peers.notifications.current().length <= 100);
    const supervisor = await peers.supervisor(flooder.name);
    const connection = supervisor?.status().connection;
    assert.ok(connection && connection.queuedIncoming <= 1024 && connection.queuedWriteBytes <= 8 * 1024 * 1024, JSON.stringify(connection));
    // And it can still be stopped in bounded time.
    const stopStarted = Date.now();
    await supervisor?.stop();
    assert.ok(Date.now() - stopStarted < 3000, `stop took ${Date.now() - stopStarted} ms`);
    assert.deepEqual((await peers.invokeAction('steady.hello', { args: { after: true } })).notifications[0]?.message, 'hello {"after":true}');
  } finally {
    await env.cleanup();
  }
}
