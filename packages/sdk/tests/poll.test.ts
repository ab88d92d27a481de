import { describe, it, mock, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { PollLane, type Poll, type PollOptions } from '../src/poll.js';
import { HostReachability } from '../src/host-reachability.js';
import { PeerScope } from '../src/scope.js';

// Each test owns its scope, reachability and lane (no state is shared between tests, or with another peer).
let scope: PeerScope;
let reachability: HostReachability;
let lane: PollLane;
const poll = <T>(options: PollOptions<T>): Poll<T> => lane.poll(options);
const setScope = (id: string | undefined): void => scope.set(id);
const setHostReachable = (value: boolean): void => reachability.set(value);

/** Lets every pending promise continuation run (the lane is a promise chain). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

/** A read whose answers the test releases one by one. */
function controlledRead<T>() {
  const pending: Array<{ resolve: (v: T) => void; reject: (e: Error) => void; previous: T }> = [];
  const read = (previous: T) => new Promise<T>((resolve, reject) => pending.push({ resolve, reject, previous }));
  return { read, pending };
}

describe('poll', () => {
  beforeEach(() => {
    mock.timers.enable({ apis: ['setInterval', 'setTimeout'] });
    scope = new PeerScope();
    reachability = new HostReachability();
    lane = new PollLane({ scope, reachability });
  });
  afterEach(() => mock.timers.reset());

  it('reads at start (immediate), then every everyMs; the value is the last good read', async () => {
    let n = 0;
    const p = poll({ everyMs: 1000, initial: () => -1, read: () => (n += 1) });
    assert.equal(p.state, -1);
    const d = p.start();
    await settle();
    assert.equal(p.state, 1);
    mock.timers.tick(1000);
    await settle();
    assert.equal(p.state, 2);
    d.dispose();
  });

  it('immediate: false waits for the first tick', async () => {
    let reads = 0;
    const d = poll({ everyMs: 500, initial: () => 0, immediate: false, read: () => (reads += 1) }).start();
    await settle();
    assert.equal(reads, 0);
    mock.timers.tick(500);
    await settle();
    assert.equal(reads, 1);
    d.dispose();
  });

  it('never rejects and keeps the last good value when a read fails', async () => {
    let fail = false;
    const p = poll({ everyMs: 100, initial: () => 'none', read: () => { if (fail) throw new Error('down'); return 'good'; } });
    const d = p.start();
    await settle();
    fail = true;
    mock.timers.tick(100);
    await settle();
    assert.equal(p.state, 'good');
    d.dispose();
  });

  it('skips reads while the host is unreachable and reads when it is back', async () => {
    let reads = 0;
    setHostReachable(false);
    const p = poll({ everyMs: 100, initial: () => 0, read: () => (reads += 1) });
    const d = p.start();
    mock.timers.tick(300);
    await settle();
    assert.equal(reads, 0);
    setHostReachable(true);
    await settle();
    assert.equal(reads, 1, 'a return to reachable wakes the poll');
    d.dispose();
  });

  it('discards an answer that outlived its scope, and the scope change resets the value', async () => {
    setScope('p1');
    const { read, pending } = controlledRead<string>();
    const p = poll({ everyMs: 1000, initial: () => 'initial', read });
    const d = p.start();
    await settle();
    pending[0]?.resolve('p1-answer');
    await settle();
    assert.equal(p.state, 'p1-answer');
    mock.timers.tick(1000);
    await settle();
    setScope('p2');
    assert.equal(p.state, 'initial', 'reset on the scope change');
    pending[1]?.resolve('late p1 answer');
    await settle();
    assert.equal(p.state, 'initial', 'the stale answer is discarded');
    d.dispose();
  });

  it('stops on dispose: no more reads, an answer in flight is discarded', async () => {
    const { read, pending } = controlledRead<number>();
    const p = poll({ everyMs: 100, initial: () => 0, read });
    const d = p.start();
    await settle();
    d.dispose();
    pending[0]?.resolve(7);
    mock.timers.tick(1000);
    await settle();
    assert.equal(pending.length, 1);
    assert.equal(p.state, 0);
  });

  it('coalesces triggers: many while waiting make one read; any during a read make one trailing read', async () => {
    const { read, pending } = controlledRead<number>();
    const p = poll({ everyMs: 10_000, initial: () => 0, read });
    const d = p.start();
    void p.refresh();
    void p.refresh();
    await settle();
    assert.equal(pending.length, 1, 'the start and two refreshes waiting for the lane: one read');
    void p.refresh();
    void p.refresh();
    void p.refresh();
    pending[0]?.resolve(1);
    await settle();
    assert.equal(pending.length, 2, 'refreshes during the read: exactly one trailing read');
    pending[1]?.resolve(2);
    await settle();
    assert.equal(pending.length, 2);
    assert.equal(p.state, 2);
    d.dispose();
  });

  it('one shared lane per process: two polls never read at the same time', async () => {
    const a = controlledRead<number>();
    const b = controlledRead<number>();
    const da = poll({ everyMs: 1000, initial: () => 0, read: a.read }).start();
    const db = poll({ everyMs: 1000, initial: () => 0, read: b.read }).start();
    await settle();
    assert.equal(a.pending.length + b.pending.length, 1, 'the second waits for the first');
    a.pending[0]?.resolve(1);
    await settle();
    assert.equal(b.pending.length, 1);
    b.pending[0]?.resolve(1);
    await settle();
    da.dispose();
    db.dispose();
  });

  it('read gets the previous value (rounds that accumulate)', async () => {
    const p = poll<number[]>({ everyMs: 100, initial: () => [], read: (prev) => [...prev, prev.length] });
    const d = p.start();
    await settle();
    mock.timers.tick(100);
    await settle();
    assert.deepEqual(p.state, [0, 1]);
    d.dispose();
  });

  it('two lanes are independent: another scope and reachability do not touch this lane\'s polls', async () => {
    const other = new PeerScope();
    const otherReach = new HostReachability();
    const otherLane = new PollLane({ scope: other, reachability: otherReach });
    let mine = 0;
    let theirs = 0;
    const p = poll({ everyMs: 1000, initial: () => 0, read: () => (mine += 1) });
    const q = otherLane.poll({ everyMs: 1000, initial: () => 0, read: () => (theirs += 1) });
    const dp = p.start();
    const dq = q.start();
    await settle();
    otherReach.set(false);
    other.set('elsewhere');
    mock.timers.tick(1000);
    await settle();
    assert.equal(p.state, 2, 'this lane reads on');
    assert.equal(q.state, 0, "the other lane's scope change reset its own value only");
    assert.equal(theirs, 1, 'and it skips reads while its own host is away');
    dp.dispose();
    dq.dispose();
  });
});

describe('poll.refresh', () => {
  beforeEach(() => {
    scope = new PeerScope();
    reachability = new HostReachability();
    lane = new PollLane({ scope, reachability });
  });
  it('resolves once a read that started after the call is over, never rejects, and at once when not started', async () => {
    setHostReachable(true);
    let n = 0;
    const p = poll({ everyMs: 60_000, initial: () => 0, immediate: false, read: async () => { n += 1; if (n === 2) throw new Error('x'); return n; } });
    await p.refresh();
    assert.equal(n, 0, 'not started: nothing read');
    const d = p.start();
    await p.refresh();
    assert.equal(p.state, 1);
    await p.refresh();
    assert.equal(p.state, 1, 'a failed read keeps the value and the promise resolves');
    d.dispose();
  });
});
