// The per-turn budget and the pacing of a peer's output, in memory (linked transports, no processes).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, createLinkedTransports } from '@outboard/protocol';
import type { Disposable } from '@outboard/protocol';
import { TurnBudget, TurnMemo } from '../../src/peers/turn-budget.js';
import { chargeDeliveries, paceReading, PeerTraffic } from '../../src/peers/peer-flow.js';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('TurnBudget', () => {
  it('lets perTurn calls through in a turn; the others go in later turns, in order', async () => {
    const budget = new TurnBudget(2);
    const order: number[] = [];
    const calls = [0, 1, 2, 3, 4].map(async (i) => {
      const wait = budget.take();
      if (wait) await wait;
      order.push(i);
    });
    assert.deepEqual(order, [0, 1], 'two now');
    assert.equal(budget.waiting, 3);
    await Promise.all(calls);
    assert.deepEqual(order, [0, 1, 2, 3, 4]);
    assert.equal(budget.waiting, 0);
  });

  it('lets the waiting calls of a turn through together, oldest first, before anything else of that turn', async () => {
    const budget = new TurnBudget(3);
    const order: string[] = [];
    const calls = Array.from({ length: 8 }, async (_, i) => {
      const wait = budget.take();
      if (wait) await wait;
      order.push(`call ${i}`);
    });
    assert.equal(budget.waiting, 5);
    // An immediate queued after the waiting calls: the three let through in the next turn all ran before it.
    await new Promise<void>((resolve) => setImmediate(resolve));
    order.push('next immediate');
    assert.equal(budget.waiting, 2);
    await Promise.all(calls);
    assert.deepEqual(order, ['call 0', 'call 1', 'call 2', 'call 3', 'call 4', 'call 5', 'next immediate', 'call 6', 'call 7']);
  });

  it('whenIdle fires in a later turn, only once nothing waits for the budget, and not after dispose', async () => {
    const budget = new TurnBudget(1);
    void budget.take();
    const order: string[] = [];
    const waited = budget.take()?.then(() => order.push('served'));
    assert.equal(budget.waiting, 1);
    budget.whenIdle(() => order.push('idle'));
    budget.whenIdle(() => order.push('cancelled')).dispose();
    assert.deepEqual(order, [], 'never synchronously');
    await waited;
    await nextTurn();
    await nextTurn();
    assert.deepEqual(order, ['served', 'idle']);
  });

  it('measure charges the time taken, nested measurements once', () => {
    const budget = new TurnBudget(1);
    const spin = (ms: number): void => {
      const end = performance.now() + ms;
      while (performance.now() < end) {
        // busy
      }
    };
    const started = performance.now();
    budget.measure(() => {
      spin(5);
      budget.measure(() => spin(5));
    });
    const took = performance.now() - started;
    assert.ok(budget.spentMs >= 10 && budget.spentMs <= took, `${budget.spentMs} ms charged for ${took} ms`);
    assert.throws(() => new TurnBudget(0), TypeError);
  });
});

describe('TurnMemo', () => {
  it('computes a key once per turn', async () => {
    const memo = new TurnMemo<string, number>();
    let computed = 0;
    assert.equal(memo.get('a', () => ++computed), 1);
    assert.equal(memo.get('a', () => ++computed), 1);
    await nextTurn();
    assert.equal(memo.get('a', () => ++computed), 2);
  });
});

describe('paceReading', () => {
  it('reads one chunk, then waits until what the peer sent is served before reading the next', async () => {
    const [hostSide, peerSide] = createLinkedTransports();
    const budget = new TurnBudget(4);
    const host = new Connection({ transport: chargeDeliveries(hostSide, budget), name: 'peer' });
    const peer = new Connection({ transport: peerSide, name: 'host' });
    let served = 0;
    host.onRequest('work', async () => {
      const wait = budget.take();
      if (wait) await wait;
      served++;
      return served;
    });
    const paced = paceReading(hostSide, host, budget);
    host.listen();
    peer.listen();
    try {
      // 20 requests in one write: one chunk; the budget serves 4 per turn, and reading waits meanwhile.
      const answers = await Promise.all(Array.from({ length: 20 }, () => peer.request('work', {})));
      assert.equal(answers.length, 20);
      assert.equal(served, 20);
      assert.ok(budget.spentMs > 0, 'the chunk was charged');
      // A second burst after the first is served still goes through (reading resumed).
      assert.equal((await peer.request('work', {})) as number, 21);
    } finally {
      paced.dispose();
      host.dispose();
      peer.dispose();
    }
  });
});

describe('paceReading with requests queued', () => {
  it('does not read the next chunk while requests of the last one wait in the queue (calls in progress counted)', async () => {
    const [hostSide, peerSide] = createLinkedTransports();
    const budget = new TurnBudget(64);
    const host = new Connection({ transport: chargeDeliveries(hostSide, budget), name: 'peer', maxIncomingInFlight: 2 });
    const peer = new Connection({ transport: peerSide, name: 'host' });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    host.onRequest('work', async () => {
      budget.callStarted();
      try {
        await gate;
        return 'done';
      } finally {
        budget.callEnded();
      }
    });
    const paced = paceReading(hostSide, host, budget);
    host.listen();
    peer.listen();
    try {
      const first = Array.from({ length: 10 }, () => peer.request('work', {}));
      // The first ten leave in one chunk; the next ten in another, after it.
      await new Promise<void>((resolve) => setImmediate(resolve));
      const second = Array.from({ length: 10 }, () => peer.request('work', {}));
      for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
      assert.equal(budget.callsInProgress, 2);
      const queued = host.diagnostics().queuedIncoming;
      assert.ok(queued > 0 && queued <= 8, `${queued} requests queued: what came after the first ten stays unread while some of them wait`);
      release();
      assert.deepEqual(await Promise.all([...first, ...second]), Array(20).fill('done'));
      assert.equal(budget.callsInProgress, 0);
    } finally {
      paced.dispose();
      host.dispose();
      peer.dispose();
    }
  });
});

describe('paceReading between peers (PeerTraffic)', () => {
  /** A fake connection, transport and budget: the test plays the read, the turn and the host time charged. */
  function paced(traffic: PeerTraffic, costMs: number): { read(): void; served(): void; paused(): number; resumed(): number; nextResume(): Promise<void>; dispose(): void } {
    let onRead: (() => void) | undefined;
    let idle: (() => void) | undefined;
    let pauses = 0;
    let resumes = 0;
    let spent = 0;
    let wake: () => void = () => undefined;
    const transport = { pause: () => void pauses++, resume: () => void (resumes++, wake()) };
    const connection = {
      state: 'open',
      diagnostics: () => ({ queuedIncoming: 0 }),
      onDataRead: (listener: () => void): Disposable => ((onRead = listener), { dispose: () => (onRead = undefined) }),
      onIncomingQueueEmpty: (): Disposable => ({ dispose: () => undefined }),
    } as unknown as Connection;
    const budget = {
      waiting: 0,
      callsInProgress: 0,
      get spentMs() {
        return spent;
      },
      whenIdle: (fn: () => void): Disposable => ((idle = fn), { dispose: () => (idle = undefined) }),
    } as unknown as TurnBudget;
    const pacing = paceReading(transport, connection, budget, traffic);
    return {
      read: () => {
        spent += costMs;
        onRead?.();
      },
      served: () => idle?.(),
      paused: () => pauses,
      resumed: () => resumes,
      nextResume: () => new Promise<void>((resolve) => (wake = resolve)),
      dispose: () => pacing.dispose(),
    };
  }

  it('a peer whose output cost 0.25 ms is read on at once when alone, and paused while another peer talks to the host', async () => {
    const traffic = new PeerTraffic();
    const busy = paced(traffic, 0.25);
    busy.read();
    assert.equal(busy.paused(), 0, 'alone: three times 0.25 ms is under a millisecond, nothing to pause for');
    const other = paced(traffic, 0);
    other.read();
    assert.equal(other.paused(), 0, 'a peer costing nothing is never held back');
    busy.read();
    assert.equal(busy.paused(), 1, 'another peer was read just now: five times 0.25 ms is waited for');
    const resumed = busy.nextResume();
    busy.served();
    assert.equal(busy.resumed(), 0, 'served, but not cooled yet');
    // The pacing's timers do not hold the process open; this one does, for the wait (bounded).
    const keepAlive = setTimeout(() => undefined, 5000);
    await resumed;
    clearTimeout(keepAlive);
    assert.equal(busy.resumed(), 1);
    // Once the other peer is gone, the busy one is alone again.
    other.dispose();
    busy.read();
    assert.equal(busy.paused(), 1);
    busy.dispose();
  });

  it('PeerTraffic counts only other peers, recently read, until forgotten', () => {
    const traffic = new PeerTraffic();
    const a = {};
    const b = {};
    traffic.noteRead(a, 1000);
    assert.equal(traffic.othersActive(a, 1001), false, 'its own reads do not count');
    assert.equal(traffic.othersActive(b, 1050), true);
    assert.equal(traffic.othersActive(b, 1100), false, 'read 100 ms ago or more: no longer talking');
    traffic.forget(a);
    assert.equal(traffic.othersActive(b, 1001), false);
  });
});
