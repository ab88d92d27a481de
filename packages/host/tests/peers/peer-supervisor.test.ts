import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixtureActions, peerHome } from './peer-fixtures.js';

const fast = { heartbeat: false as const, crash: { initialDelayMs: 50, maxDelayMs: 200 }, stopStepMs: 500, handshakeTimeoutMs: 3000 };

describe('peer supervisor', () => {
  it('starts a peer on its first action, runs it, bounds the result, and stops it', async () => {
    const env = await peerHome([{ name: 'alpha' }]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      assert.deepEqual((await peers.declaredActions()).map((a) => a.id), fixtureActions('alpha'));
      const result = await peers.invokeAction('alpha.hello', { projectId: 'p1', args: { a: 1 } });
      assert.deepEqual(result.notifications, [{ severity: 'info', message: 'hello {"a":1}' }]);
      assert.deepEqual(result.hostActions, [{ type: 'openUrl', url: 'https://example.org/x' }]);
      assert.equal(result.warnings.length, 1);
      assert.equal(result.view?.type, 'table');
      const supervisor = await peers.supervisor('alpha');
      assert.equal(supervisor?.state, 'ready');
      assert.deepEqual(peers.contributions.actions().map((a) => a.id), fixtureActions('alpha'));
      await supervisor?.stop();
      assert.equal(supervisor?.state, 'stopped');
      assert.deepEqual(peers.contributions.actions(), []);
      const marks = readFileSync(env.marks, 'utf8');
      assert.match(marks, /activated \["events.publish","hub.request","ui.action.contribute","ui.notification"\]/);
      assert.match(marks, /connection closed/);
    } finally {
      await env.cleanup();
    }
  });
});
