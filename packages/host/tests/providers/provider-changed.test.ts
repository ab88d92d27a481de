// A real fixture peer answers `providers/query` through host.rpc (`providers.query`), and its `providers/changed`
// notification is published as `extension.provider.changed` for a declared provider only.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BusEvent } from '../../src/bus/bus-event.js';
import { peerHome } from '../peers/peer-fixtures.js';

describe('providers/changed', () => {
  it('publishes extension.provider.changed for a declared provider, and ignores an undeclared one', async () => {
    const env = await peerHome([{ name: 'seer', activation: ['onProvider'], contributes: { providers: [{ id: 'seer.find', kind: 'search', title: 'Seer' }] } }]);
    try {
      const seen: BusEvent[] = [];
      const sub = env.host.bus.subscribe({ types: ['extension.provider.*'] }, (e) => void seen.push(e));
      await env.host.peers();
      const answer = (await env.host.rpc.call('providers.query', { id: 'seer.find', query: 'changed' })) as { items: Array<{ title: string }> };
      assert.deepEqual(answer.items.map((i) => i.title), ['seer found changed']);
      for (let i = 0; i < 200 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      assert.deepEqual(seen.map((e) => [e.type, e.attributes]), [['extension.provider.changed', { extension: 'seer', provider: 'seer.find' }]]);
      sub.dispose();
    } finally {
      await env.cleanup();
    }
  });
});
