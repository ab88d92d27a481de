import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SeenEvents } from '../../src/peers/seen-events.js';

describe('SeenEvents', () => {
  it('resolves at once for an event already seen, and when a later one is seen', async () => {
    const seen = new SeenEvents();
    seen.saw(3);
    await seen.reach(2, 10_000);
    let reached = false;
    const waiting = seen.reach(5, 10_000).then(() => {
      reached = true;
    });
    seen.saw(4);
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(reached, false, 'event 4 is not event 5');
    seen.saw(5);
    await waiting;
    assert.equal(reached, true);
  });

  it('gives up after the timeout when the event never comes', async () => {
    const seen = new SeenEvents();
    const started = Date.now();
    // Its timer does not keep a process alive (a host exits without waiting for it): this one does, meanwhile.
    const alive = setInterval(() => undefined, 1000);
    try {
      await seen.reach(1, 30);
    } finally {
      clearInterval(alive);
    }
    assert.ok(Date.now() - started >= 25, 'it waited for the timeout');
  });
});
