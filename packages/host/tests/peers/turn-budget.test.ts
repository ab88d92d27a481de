// The per-turn budget and the pacing of a peer's output, in memory (linked transports, no processes).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Connection, createLinkedTransports } from '@outboard/protocol';
import { TurnBudget, TurnMemo } from '../../src/peers/turn-budget.js';
import { chargeDeliveries, paceReading } from '../../src/peers/peer-flow.js';

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
