// When a crashed sidecar may start again: at once for the first crashes of the window, then after a doubling delay.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CrashBackoff } from '../../src/sidecars/crash-backoff.js';

describe('CrashBackoff', () => {
  const make = () => new CrashBackoff({ crashesBeforeBackoff: 3, windowMs: 300_000, initialDelayMs: 5_000, maxDelayMs: 20_000 });

  it('lets the next request start at once after 1 and 2 crashes, then delays from the third, doubling up to the cap', () => {
    const b = make();
    b.record(1_000);
    assert.equal(b.nextStartAt(1_001), 1_001);
    b.record(2_000);
    assert.equal(b.nextStartAt(2_001), 2_001);
    b.record(3_000);
    assert.equal(b.nextStartAt(3_001), 8_000);
    b.record(9_000);
    assert.equal(b.nextStartAt(9_001), 19_000);
    b.record(20_000);
    assert.equal(b.nextStartAt(20_001), 40_000, '20 s: the cap');
    assert.equal(b.recent(20_001), 5);
  });

  it('forgets crashes older than the window, and all of them on reset', () => {
    const b = make();
    for (const t of [0, 1, 2]) b.record(t);
    assert.equal(b.recent(300_001), 2);
    assert.equal(b.nextStartAt(300_003), 300_003, 'back under three in the window: at once');
    b.reset();
    assert.equal(b.recent(10), 0);
  });
});
