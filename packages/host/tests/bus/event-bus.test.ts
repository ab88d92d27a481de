import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EventBus, type BusEvent, type EventDelivery, type EventSubscription } from '../../src/bus/index.js';
import { deferred, settle, waitUntil } from './bus-test-support.js';

describe('EventBus.publish', () => {
  it('stamps increasing seq and an ISO time, copies attributes and freezes the event', () => {
    let clock = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
    const bus = new EventBus({ now: () => clock++ });
    const attributes = { branch: 'main', dirty: true, files: 3 };
    const first = bus.publish({ type: 'git.changed', source: 'git', scope: { projectId: 'web' }, attributes, body: { n: 1 } });
    const second = bus.publish({ type: 'git.changed', source: 'git' });
    assert.deepEqual(first, {
      seq: 1,
      time: '2026-01-02T03:04:05.678Z',
      type: 'git.changed',
      source: 'git',
      scope: { projectId: 'web' },
      attributes: { branch: 'main', dirty: true, files: 3 },
      body: { n: 1 },
    });
    assert.equal(second.seq, 2);
    assert.equal(second.time, '2026-01-02T03:04:05.679Z');
    assert.deepEqual(second.attributes, {});
    assert.equal('scope' in second, false);
    assert.equal('body' in second, false);
    assert.equal(bus.lastSeq, 2);
    assert.ok(Object.isFrozen(first) && Object.isFrozen(first.attributes) && Object.isFrozen(first.scope));
    attributes.branch = 'changed later';
    assert.equal(first.attributes['branch'], 'main');
  });

  it('refuses malformed events with a TypeError naming the field, and consumes no seq', () => {
    const bus = new EventBus();
    const bad: unknown[] = [
      null,
      { type: '', source: 's' },
      { type: 'a..b', source: 's' },
      { type: 'a.b', source: '' },
      { type: 'a.b', source: 's', scope: { projectId: '' } },
      { type: 'a.b', source: 's', scope: 'p' },
      { type: 'a.b', source: 's', attributes: [] },
      { type: 'a.b', source: 's', attributes: { n: Number.NaN } },
      { type: 'a.b', source: 's', attributes: { o: { nested: 1 } } },
    ];
    for (const input of bad) {
      assert.throws(() => bus.publish(input as never), (error: Error) => error instanceof TypeError && /^Cannot publish: /.test(error.message));
    }
    assert.equal(bus.lastSeq, 0);
  });

  it('delivers asynchronously, never during publish, in publish order', async () => {
    const bus = new EventBus();
    const seen: number[] = [];
    bus.subscribe(undefined, (event) => {
      seen.push(event.seq);
    });
    for (let i = 0; i < 500; i++) bus.publish({ type: 'tick.tock', source: 'test' });
    assert.deepEqual(seen, [], 'no handler runs inside publish');
    await waitUntil('500 deliveries', () => seen.length === 500);
    assert.deepEqual(seen, Array.from({ length: 500 }, (_, i) => i + 1));
  });

  it('waits for a handler promise before the next delivery to that subscriber only', async () => {
    const bus = new EventBus();
    const gate = deferred();
    const slow: number[] = [];
    const fast: number[] = [];
    let active = 0;
    let maxActive = 0;
    bus.subscribe(undefined, async (event) => {
      active++;
      maxActive = Math.max(maxActive, active);
      if (event.seq === 1) await gate.promise;
      slow.push(event.seq);
      active--;
    });
    bus.subscribe(undefined, (event) => {
      fast.push(event.seq);
    });
    for (let i = 0; i < 5; i++) bus.publish({ type: 'a.b', source: 'test' });
    await waitUntil('the fast subscriber', () => fast.length === 5);
    assert.deepEqual(slow, [], 'the slow subscriber is still on event 1');
    gate.resolve();
    await waitUntil('the slow subscriber', () => slow.length === 5);
    assert.deepEqual(slow, [1, 2, 3, 4, 5]);
    assert.equal(maxActive, 1, 'one delivery at a time per subscriber');
  });
});

describe('EventBus bounded queues', () => {
  it('a slow subscriber loses its oldest events, counts them, and learns the gap', async () => {
    const bus = new EventBus({ subscriberQueueSize: 3 });
    const gate = deferred();
    const got: Array<[number, number]> = [];
    const subscription = bus.subscribe(undefined, async (event: BusEvent, delivery: EventDelivery) => {
      got.push([event.seq, delivery.dropped]);
      if (event.seq === 1) await gate.promise;
    });
    bus.publish({ type: 'a.b', source: 'test' });
    await waitUntil('the first delivery', () => got.length === 1);
    for (let i = 0; i < 9; i++) bus.publish({ type: 'a.b', source: 'test' });
    assert.equal(subscription.queued, 3);
    assert.equal(subscription.dropped, 6);
    assert.equal(bus.stats().dropped, 6);
    gate.resolve();
    await waitUntil('the queued deliveries', () => got.length === 4);
    assert.deepEqual(got, [
      [1, 0],
      [8, 6],
      [9, 0],
      [10, 0],
    ]);
    assert.equal(subscription.delivered, 4);
  });

  it('a per-subscription queueSize overrides the bus default; bad sizes are refused', async () => {
    const bus = new EventBus({ subscriberQueueSize: 100 });
    const sub = bus.subscribe(undefined, () => undefined, { queueSize: 2 });
    for (let i = 0; i < 5; i++) bus.publish({ type: 'a.b', source: 'test' });
    assert.equal(sub.queueCapacity, 2);
    assert.equal(sub.queued, 2);
    assert.equal(sub.dropped, 3);
    assert.throws(() => bus.subscribe(undefined, () => undefined, { queueSize: 0 }), /queueSize must be a positive integer/);
    assert.throws(() => new EventBus({ subscriberQueueSize: 1.5 }), /subscriberQueueSize must be a positive integer/);
    assert.throws(() => new EventBus({ historySize: -1 }), /historySize must be a positive integer/);
    sub.dispose();
  });

  it('100k publishes past a stalled subscriber: the queue never exceeds its cap and the publisher never waits', async () => {
    const cap = 1000;
    const bus = new EventBus({ subscriberQueueSize: cap, historySize: 1024 });
    const stall = deferred();
    let handled = 0;
    const stalled = bus.subscribe(undefined, () => {
      handled++;
      return stall.promise;
    });
    const healthy: number[] = [];
    bus.subscribe({ types: ['never.published'] }, (event) => {
      healthy.push(event.seq);
    });
    const heapBefore = process.memoryUsage().heapUsed;
    let maxQueued = 0;
    const started = performance.now();
    for (let chunk = 0; chunk < 100; chunk++) {
      for (let i = 0; i < 1000; i++) {
        bus.publish({ type: 'load.tick', source: 'test', attributes: { i }, body: { payload: 'x'.repeat(64) } });
        maxQueued = Math.max(maxQueued, stalled.queued);
      }
      await new Promise<void>((resolve) => setImmediate(resolve)); // let the stalled handler take event 1
    }
    const elapsedMs = performance.now() - started;
    assert.ok(maxQueued <= cap, `the queue reached ${maxQueued}`);
    assert.equal(stalled.queued, cap);
    assert.equal(handled, 1, 'the handler is stuck on its first event');
    assert.equal(stalled.dropped, 100_000 - 1 - cap);
    assert.equal(bus.query({ limit: 5000 }).length, 1024, 'the history stays at its bound');
    assert.deepEqual(healthy, []);
    assert.ok(elapsedMs < 10_000, `100k publishes took ${elapsedMs.toFixed(0)} ms`);
    // Retained: ~2k events (queue + history), far below the 100k published.
    const grownMiB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    assert.ok(grownMiB < 64, `heap grew by ${grownMiB.toFixed(1)} MiB`);
    stall.resolve();
    await waitUntil('the queue to drain once unstalled', () => handled === 1 + cap);
    assert.equal(stalled.queued, 0);
  });
});

describe('EventBus subscriptions', () => {
  it('filters by type glob and project', async () => {
    const bus = new EventBus();
    const git: string[] = [];
    const webOnly: string[] = [];
    bus.subscribe({ types: ['git.*'] }, (e) => {
      git.push(e.type);
    });
    bus.subscribe({ projectIds: ['web'], includeUnscoped: true }, (e) => {
      webOnly.push(`${e.type}@${e.scope?.projectId ?? '-'}`);
    });
    bus.publish({ type: 'git.changed', source: 's', scope: { projectId: 'web' } });
    bus.publish({ type: 'git.branch.moved', source: 's', scope: { projectId: 'api' } });
    bus.publish({ type: 'npm.installed', source: 's' });
    bus.publish({ type: 'gitx.changed', source: 's', scope: { projectId: 'web' } });
    await settle();
    assert.deepEqual(git, ['git.changed', 'git.branch.moved']);
    assert.deepEqual(webOnly, ['git.changed@web', 'npm.installed@-', 'gitx.changed@web']);
  });

  it('refuses an invalid filter or handler with a TypeError', () => {
    const bus = new EventBus();
    assert.throws(() => bus.subscribe({ types: ['bad glob'] }, () => undefined), TypeError);
    assert.throws(() => bus.subscribe(undefined, 'nope' as never), TypeError);
    assert.equal(bus.stats().subscribers, 0);
  });

  it('a throwing or rejecting handler is reported through onHandlerError and keeps receiving', async () => {
    const reports: Array<{ message: string; seq: number; subscription: EventSubscription }> = [];
    const bus = new EventBus({
      onHandlerError: (error, info) => {
        reports.push({ message: (error as Error).message, seq: info.event.seq, subscription: info.subscription });
        if (reports.length === 1) throw new Error('the reporter itself failed');
      },
    });
    const seen: number[] = [];
    const sub = bus.subscribe(undefined, async (event) => {
      seen.push(event.seq);
      if (event.seq === 1) throw new Error('sync-ish throw');
      if (event.seq === 2) return Promise.reject(new Error('rejected'));
    });
    const syncSeen: number[] = [];
    bus.subscribe(undefined, (event) => {
      syncSeen.push(event.seq);
      if (event.seq % 2 === 1) throw new Error(`odd ${event.seq}`);
    });
    for (let i = 0; i < 4; i++) bus.publish({ type: 'a.b', source: 'test' });
    await waitUntil('all deliveries', () => seen.length === 4 && syncSeen.length === 4);
    await settle();
    assert.deepEqual(seen, [1, 2, 3, 4]);
    assert.deepEqual(syncSeen, [1, 2, 3, 4]);
    assert.deepEqual(
      reports.map((r) => `${r.seq}:${r.message}`).sort(),
      ['1:odd 1', '1:sync-ish throw', '2:rejected', '3:odd 3'],
    );
    assert.ok(reports.some((r) => r.subscription === sub));
  });

  it('without onHandlerError a throwing handler is silently contained', async () => {
    const bus = new EventBus();
    let calls = 0;
    bus.subscribe(undefined, () => {
      calls++;
      throw new Error('boom');
    });
    bus.publish({ type: 'a.b', source: 'test' });
    bus.publish({ type: 'a.b', source: 'test' });
    await waitUntil('two calls', () => calls === 2);
  });

  it('dispose stops deliveries at once, drops the queue, and is harmless twice', async () => {
    const bus = new EventBus();
    const seen: number[] = [];
    let sub: EventSubscription | undefined = undefined;
    sub = bus.subscribe(undefined, (event) => {
      seen.push(event.seq);
      if (event.seq === 2) sub?.dispose();
    });
    for (let i = 0; i < 10; i++) bus.publish({ type: 'a.b', source: 'test' });
    await settle();
    assert.deepEqual(seen, [1, 2]);
    assert.equal(sub.disposed, true);
    assert.equal(sub.queued, 0);
    assert.equal(bus.stats().subscribers, 0);
    sub.dispose();
    bus.publish({ type: 'a.b', source: 'test' });
    await settle();
    assert.deepEqual(seen, [1, 2]);
  });

  it('disposing the bus disposes every subscription and refuses new ones; publish still works', async () => {
    const bus = new EventBus();
    const a = bus.subscribe(undefined, () => undefined);
    const b = bus.subscribe({ types: ['x.*'] }, () => undefined);
    bus.dispose();
    bus.dispose();
    assert.equal(a.disposed && b.disposed, true);
    assert.throws(() => bus.subscribe(undefined, () => undefined), /event bus was disposed/);
    assert.equal(bus.publish({ type: 'a.b', source: 'test' }).seq, 1);
  });
});

describe('EventBus resume and query', () => {
  function busWith(count: number, historySize: number): EventBus {
    const bus = new EventBus({ historySize });
    for (let i = 1; i <= count; i++) {
      bus.publish({ type: i % 2 === 0 ? 'even.tick' : 'odd.tick', source: 'test', ...(i % 3 === 0 ? { scope: { projectId: 'p3' } } : {}) });
    }
    return bus;
  }

  it('since returns the buffered events after seq, with nothing lost while they are all buffered', () => {
    const bus = busWith(10, 16);
    assert.deepEqual(bus.since(7).events.map((e) => e.seq), [8, 9, 10]);
    assert.equal(bus.since(7).lost, false);
    assert.deepEqual(bus.since(0).events.map((e) => e.seq), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.equal(bus.since(0).lost, false);
    assert.deepEqual(bus.since(10), { events: [], lost: false });
    assert.deepEqual(bus.since(4, { types: ['even.*'] }).events.map((e) => e.seq), [6, 8, 10]);
  });

  it('since reports loss once the events after seq were evicted, or for a seq this bus never issued', () => {
    const bus = busWith(10, 4); // keeps 7..10
    assert.deepEqual(bus.since(6), { events: bus.since(6).events, lost: false });
    assert.deepEqual(bus.since(6).events.map((e) => e.seq), [7, 8, 9, 10]);
    const behind = bus.since(3);
    assert.equal(behind.lost, true);
    assert.deepEqual(behind.events.map((e) => e.seq), [7, 8, 9, 10]);
    assert.equal(bus.since(0).lost, true);
    assert.deepEqual(bus.since(99), { events: [], lost: true });
    assert.throws(() => bus.since(-1), /seq must be a non-negative integer/);
    assert.throws(() => bus.since(1.5), TypeError);
  });

  it('query returns the newest matches after sinceSeq, oldest first, bounded by limit', () => {
    const bus = busWith(30, 64);
    assert.deepEqual(bus.query({ limit: 3 }).map((e) => e.seq), [28, 29, 30]);
    assert.deepEqual(bus.query({ types: ['odd.*'], limit: 2 }).map((e) => e.seq), [27, 29]);
    assert.deepEqual(bus.query({ projectIds: ['p3'], sinceSeq: 20 }).map((e) => e.seq), [21, 24, 27, 30]);
    assert.deepEqual(bus.query({ sinceSeq: 28 }).map((e) => e.seq), [29, 30]);
    assert.equal(bus.query().length, 30);
    assert.throws(() => bus.query({ limit: 0 }), /limit must be a positive integer/);
    assert.throws(() => bus.query({ sinceSeq: -2 }), /sinceSeq/);
    assert.throws(() => bus.query({ types: ['a b'] }), TypeError);
  });

  it('each bus has its own instance id and seq counter', () => {
    const a = new EventBus();
    const b = new EventBus({ instanceId: 'fixed' });
    assert.notEqual(a.instanceId, new EventBus().instanceId);
    assert.equal(b.instanceId, 'fixed');
    a.publish({ type: 'a.b', source: 's' });
    assert.equal(b.publish({ type: 'a.b', source: 's' }).seq, 1);
  });
});
