import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseEventStreamRequest } from '../../src/transports/event-query.js';

describe('the query of /api/events', () => {
  it('reads repeatable type and project filters, the format, since and the heartbeat', () => {
    assert.deepEqual(parseEventStreamRequest('type=git.*&type=build.done&project=web&unscoped=1&format=ndjson&since=12&heartbeat=500', undefined), {
      filter: { types: ['git.*', 'build.done'], projectIds: ['web'], includeUnscoped: true },
      since: 12,
      format: 'ndjson',
      heartbeatMs: 500,
    });
    assert.deepEqual(parseEventStreamRequest('', undefined), { filter: {}, since: undefined, format: 'sse', heartbeatMs: 15_000 });
  });

  it('lets Last-Event-ID win over since', () => {
    const asked = parseEventStreamRequest('since=3', '40');
    assert.ok(!('refused' in asked));
    assert.equal(asked.since, 40);
  });

  it('refuses a bad glob, format, seq or heartbeat with one line naming it', () => {
    for (const [query, id, pattern] of [
      ['type=a%20b', undefined, /type glob/],
      ['format=xml', undefined, /format must be sse or ndjson/],
      ['since=-1', undefined, /since must be an event seq/],
      ['', 'abc', /Last-Event-ID must be an event seq/],
      ['heartbeat=10', undefined, /heartbeat must be/],
    ] as const) {
      const asked = parseEventStreamRequest(query, id);
      assert.ok('refused' in asked, query);
      assert.match(asked.refused, pattern);
    }
  });
});
