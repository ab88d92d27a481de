import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startHeartbeat, type RecoveredEvent, type UnresponsiveEvent } from '../../src/index.js';
import { connectedPair, rawPeer, turns } from './connection-pair.js';

describe('startHeartbeat', () => {
  it('reports a peer that stops answering $/ping, and its recovery, without closing anything', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const { connection, send, nextMessage } = rawPeer();
    connection.listen();
    const unresponsive: UnresponsiveEvent[] = [];
    const recovered: RecoveredEvent[] = [];
    const heartbeat = startHeartbeat(connection, { intervalMs: 1000, timeoutMs: 200, onUnresponsive: (e) => unresponsive.push(e), onRecovered: (e) => recovered.push(e) });
    t.mock.timers.tick(1000);
    const ping1 = (await nextMessage()) as { id: number; method: string };
    assert.equal(ping1.method, '$/ping');
    t.mock.timers.tick(200);
    await turns();
    assert.deepEqual(unresponsive, [{ missed: 1, silentForMs: 1200 }]);
    // The stuck peer is only reported: the connection stays open.
    assert.equal(connection.state, 'open');
    await nextMessage(); // the $/cancelRequest for the missed ping
    t.mock.timers.tick(1000);
    const ping2 = (await nextMessage()) as { id: number };
    t.mock.timers.tick(50);
    send(`{"jsonrpc":"2.0","id":${ping2.id},"result":{}}\n`);
    await turns();
    assert.deepEqual(recovered, [{ latencyMs: 50, missed: 1 }]);
    heartbeat.dispose();
    heartbeat.dispose();
    t.mock.timers.tick(5000);
    await turns();
    assert.equal(connection.diagnostics().pendingOutgoing, 0);
  });

  it('stays quiet for a healthy peer and stops when the connection closes', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    const { host, peer } = connectedPair();
    host.listen();
    peer.listen();
    let events = 0;
    startHeartbeat(host, { intervalMs: 100, timeoutMs: 50, onUnresponsive: () => events++, onRecovered: () => events++ });
    for (let i = 0; i < 5; i++) {
      t.mock.timers.tick(100);
      await turns(4);
    }
    assert.equal(events, 0);
    await host.close();
    t.mock.timers.tick(1000);
    assert.equal(host.diagnostics().pendingOutgoing, 0);
  });

  it('rejects bad options with a TypeError naming them', () => {
    const { host } = connectedPair();
    assert.throws(() => startHeartbeat(host, { intervalMs: 0 }), /HeartbeatOptions.intervalMs must be an integer >= 1 \(milliseconds\), got 0/);
    assert.throws(() => startHeartbeat(host, { onUnresponsive: 5 as never }), /HeartbeatOptions.onUnresponsive must be a function, got 5/);
  });
});
