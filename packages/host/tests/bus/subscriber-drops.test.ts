import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EventBus } from '../../src/bus/event-bus.js';

describe('EventBus drops by subscriber name', () => {
  it('counts each named subscriber\'s drops apart, keeps them after a dispose, and refuses an empty name', () => {
    const bus = new EventBus();
    const slow = bus.subscribe(undefined, () => undefined, { queueSize: 2, name: 'sse' });
    bus.subscribe(undefined, () => undefined, { queueSize: 3, name: 'ws' });
    bus.subscribe(undefined, () => undefined, { queueSize: 5 });
    for (let i = 0; i < 6; i++) bus.publish({ type: 'a.b', source: 't' });
    slow.dispose();
    const stats = bus.stats();
    assert.deepEqual(stats.droppedBySubscriber, { sse: 4, ws: 3, other: 1 });
    assert.equal(stats.dropped, 8);
    assert.throws(() => bus.subscribe(undefined, () => undefined, { name: '' }), /name must be a non-empty string/);
  });
});
