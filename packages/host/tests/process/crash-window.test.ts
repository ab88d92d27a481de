// The one crash window of supervised processes: a sidecar's shape (at once for the first crashes, then a
// doubling delay, never given up) and a peer's (backoff with jitter from the first crash, a breaker).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CrashWindow } from '../../src/process/crash-window.js';

describe('CrashWindow', () => {
  const sidecarShape = () => new CrashWindow({ backoffFrom: 3, windowMs: 300_000, initialDelayMs: 5_000, maxDelayMs: 20_000, jitter: false });

  it('lets the next start go at once after 1 and 2 crashes, then delays from the third, doubling up to the cap', () => {
    const b = sidecarShape();
    assert.equal(b.record(1_000), 0);
    assert.equal(b.nextStartAt(1_001), 1_001);
    b.record(2_000);
    assert.equal(b.nextStartAt(2_001), 2_001);
    assert.equal(b.record(3_000), 5_000);
    assert.equal(b.nextStartAt(3_001), 8_000);
    b.record(9_000);
    assert.equal(b.nextStartAt(9_001), 19_000);
    b.record(20_000);
    assert.equal(b.nextStartAt(20_001), 40_000, '20 s: the cap');
    assert.equal(b.recent(20_001), 5);
  });

  it('forgets crashes older than the window, and all of them on reset', () => {
    const b = sidecarShape();
    for (const t of [0, 1, 2]) b.record(t);
    assert.equal(b.recent(300_001), 2);
    assert.equal(b.nextStartAt(300_003), 300_003, 'back under three in the window: at once');
    b.reset();
    assert.equal(b.recent(10), 0);
  });

  it('backs a peer off from its first crash with jitter, and trips the breaker past maxCrashes', () => {
    const w = new CrashWindow({ initialDelayMs: 500, maxCrashes: 3, random: () => 1 });
    assert.equal(w.record(0), 500);
    assert.equal(w.record(10), 1_000);
    assert.equal(w.record(20), 2_000);
    assert.equal(w.record(30), undefined, 'a fourth crash within 5 minutes: given up');
    const half = new CrashWindow({ initialDelayMs: 500, random: () => 0 });
    assert.equal(half.record(0), 250, 'jitter spreads a delay down to half of it');
  });

  it('refuses an option that is not a number >= 0, naming it', () => {
    assert.throws(() => new CrashWindow({ windowMs: -1 }), /CrashWindow windowMs must be a finite number >= 0, got -1/);
  });
});
