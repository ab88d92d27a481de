import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { peerHome } from './peer-fixtures.js';

const fast = { heartbeat: false as const, crash: { initialDelayMs: 50, maxDelayMs: 200 }, stopStepMs: 300, handshakeTimeoutMs: 15_000 };

describe('notifications of real peers', () => {
  it('a failed action raises one; they outlive the peer that sent them; status items do not', async () => {
    const env = await peerHome([{ name: 'noisy', capabilities: { required: ['ui.action.contribute'], optional: ['ui.notification', 'ui.status.contribute'] } }]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      await peers.invokeAction('noisy.notify', {});
      // No hub runs and hub.request is not granted: the action fails.
      await assert.rejects(peers.invokeAction('noisy.denied', {}), /noisy: action noisy.denied failed/);
      const messages = () => peers.notifications.current().map((n) => `${n.extension} ${n.severity} ${n.message}`);
      assert.deepEqual(messages().slice(0, 1), ['noisy info hello from the peer']);
      assert.match(messages()[1] ?? '', /^noisy error noisy: action noisy\.denied failed: /);
      const supervisor = await peers.supervisor('noisy');
      await supervisor?.stop('the test stops it');
      assert.equal(supervisor?.state, 'stopped');
      assert.equal(messages().length, 2, 'kept after the peer exited');
      assert.deepEqual(peers.contributions.statusItems(), [], 'its status items are cleared');
    } finally {
      await env.cleanup();
    }
  });
});
