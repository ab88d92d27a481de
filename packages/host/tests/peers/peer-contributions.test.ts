// Contributions and events with real peers: visible only once a peer is ready, removed as one on stop,
// status updates coalesced and clipped, events/subscribe filtered by type, events/publish of declared
// types only.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { peerHome } from './peer-fixtures.js';
import { readMarks, waitUntil } from './peer-probes.js';
import type { PeerFleet } from '../../src/index.js';

const fast = { heartbeat: false as const, crash: { initialDelayMs: 50, maxDelayMs: 200 }, stopStepMs: 300, handshakeTimeoutMs: 15_000 };

type Outcome = { ok?: unknown; error?: { code: string; message: string } };

async function hostCalls(peers: PeerFleet, action: string, calls: Array<{ method: string; params: unknown }>): Promise<Outcome[]> {
  const result = await peers.invokeAction(action, { args: { calls } });
  return JSON.parse((result.view as { text: string }).text) as Outcome[];
}

describe('contributions and events of real peers', { timeout: 40_000 }, () => {
  it('contributions are visible only once the peer is ready, and all go at once when it stops', async () => {
    const env = await peerHome([{ name: 'late', mode: 'slow-activate' }], { FIXTURE_ACTIVATE_DELAY_MS: '1500' });
    try {
      const peers = await env.host.peers({ supervisor: fast });
      // Declared actions are listed from the manifest without starting anything.
      assert.ok((await peers.declaredActions()).some((a) => a.id === 'late.hello'));
      assert.deepEqual(readMarks(env.marks), []);
      const late = await peers.supervisor('late');
      assert.ok(late);
      const changes: string[] = [];
      peers.contributions.onChange((c) => changes.push(`${c.kind} ${c.extension}`));
      const starting = late.start();
      // The peer marks `activating` when activate arrives: the host's checks are done, only the answer is missing.
      await waitUntil('the peer to receive activate', () => readMarks(env.marks, 'late').includes('activating'), 10_000);
      assert.equal(late.state, 'handshaking');
      assert.deepEqual(peers.contributions.actions(), [], 'nothing visible while the peer is not ready');
      assert.equal(peers.contributions.findRpc('late.echo'), undefined);
      await starting;
      assert.equal(late.state, 'ready');
      assert.deepEqual(peers.contributions.actions().map((a) => a.id), ['late.big', 'late.call', 'late.denied', 'late.hello', 'late.notify', 'late.slow']);
      assert.equal(peers.contributions.findRpc('late.echo'), 'late');
      assert.deepEqual(peers.contributions.statusItems().map((s) => s.id), ['late.status']);
      await late.stop();
      assert.deepEqual(changes, ['added late', 'removed late'], 'added as one, removed as one');
      assert.deepEqual(peers.contributions.actions(), []);
      assert.deepEqual(peers.contributions.statusItems(), []);
      assert.equal(peers.contributions.findRpc('late.echo'), undefined);
    } finally {
      await env.cleanup();
    }
  });

  it('status updates are coalesced, clipped and their control characters shown as visible escapes; an undeclared item is refused', async () => {
    const env = await peerHome([{ name: 'stat', capabilities: { required: ['ui.action.contribute'], optional: ['ui.status.contribute'] } }]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      await peers.invokeAction('stat.hello', {});
      const statusChanges: string[] = [];
      peers.contributions.onChange((c) => c.kind === 'status' && statusChanges.push(c.id));
      const updates = Array.from({ length: 20 }, (_, i) => ({ method: 'status/set', params: { id: 'stat.status', text: `step ${i}`, severity: 'ok' } }));
      const outcomes = await hostCalls(peers, 'stat.call', updates);
      assert.ok(outcomes.every((o) => o.error === undefined), JSON.stringify(outcomes.find((o) => o.error)));
      // All 20 were applied before the first change is announced: coalesced, there is one change (or a few), not 20.
      await waitUntil('the status change to be announced', () => statusChanges.length >= 1);
      assert.ok(statusChanges.length >= 1 && statusChanges.length < 20, `${statusChanges.length} changes for 20 updates`);
      assert.deepEqual(peers.contributions.statusItems()[0]?.values['']?.text, 'step 19');
      const [long, unknown] = await hostCalls(peers, 'stat.call', [
        { method: 'status/set', params: { id: 'stat.status', text: `\u001b[31mred\u001b[0m ${'x'.repeat(500)}` } },
        { method: 'status/set', params: { id: 'stat.other', text: 'no' } },
      ]);
      assert.equal(long?.error, undefined);
      const text = peers.contributions.statusItems()[0]?.values['']?.text ?? '';
      assert.ok(text.startsWith('\\x1b[31mred\\x1b[0m xxx') && text.length === 200 && text.endsWith('…'), JSON.stringify(text));
      assert.equal(unknown?.error?.code, 'not_found');
    } finally {
      await env.cleanup();
    }
  });

  it('events/subscribe delivers events/event notifications filtered by type, until unsubscribed', async () => {
    const env = await peerHome([{ name: 'listener', capabilities: { required: ['ui.action.contribute'], optional: ['events.subscribe'] } }]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      const [subscribed] = await hostCalls(peers, 'listener.call', [{ method: 'events/subscribe', params: { types: ['demo.*'] } }]);
      const subscription = (subscribed?.ok as { subscription: string }).subscription;
      assert.match(subscription, /^sub-/);
      // Events reach a peer in publish order: once the last one is there, any other would have been too.
      for (const type of ['demo.one', 'other.two', 'demo.three', 'demo.end']) env.host.bus.publish({ type, source: 'test', attributes: { t: type } });
      await waitUntil('the events to reach the peer', () => readMarks(env.marks, 'listener').some((l) => l.startsWith('event demo.end')), 5000);
      assert.deepEqual(readMarks(env.marks, 'listener').filter((l) => l.startsWith('event ')), ['event demo.one {"t":"demo.one"}', 'event demo.three {"t":"demo.three"}', 'event demo.end {"t":"demo.end"}']);
      // A second subscription stays, as the witness: its event, published last, arrives after demo.four would have.
      await hostCalls(peers, 'listener.call', [{ method: 'events/subscribe', params: { types: ['witness.*'] } }]);
      const [gone] = await hostCalls(peers, 'listener.call', [{ method: 'events/unsubscribe', params: { subscription } }]);
      assert.deepEqual(gone?.ok, { unsubscribed: true });
      env.host.bus.publish({ type: 'demo.four', source: 'test' });
      env.host.bus.publish({ type: 'witness.done', source: 'test' });
      await waitUntil('the witness event to reach the peer', () => readMarks(env.marks, 'listener').some((l) => l.startsWith('event witness.done')), 5000);
      assert.ok(!readMarks(env.marks, 'listener').some((l) => l.startsWith('event demo.four')));
    } finally {
      await env.cleanup();
    }
  });

  it('a peer with an onEvent activation starts on the first matching event, not on others', async () => {
    const env = await peerHome([{ name: 'waiter', activation: ['onEvent:demo.*'] }]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      const waiter = await peers.supervisor('waiter');
      for (let i = 0; i < 200; i++) env.host.bus.publish({ type: 'other.event', source: 'test', attributes: { i } });
      await peers.activationSettled();
      assert.equal(waiter?.state, 'stopped');
      assert.deepEqual(readMarks(env.marks, 'waiter'), []);
      for (let i = 0; i < 50; i++) env.host.bus.publish({ type: i === 25 ? 'demo.go' : 'other.event', source: 'test' });
      await waitUntil('the peer to start', () => waiter?.state === 'ready', 10_000);
      assert.equal(readMarks(env.marks, 'waiter').filter((l) => l.startsWith('start')).length, 1);
    } finally {
      await env.cleanup();
    }
  });

  it('events/publish accepts only the types the manifest declares, with the extension as the source', async () => {
    const env = await peerHome([{ name: 'pub' }]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      const seen: Array<{ type: string; source: string }> = [];
      env.host.bus.subscribe({ types: ['pub.*'] }, (e) => {
        seen.push({ type: e.type, source: e.source });
      });
      const [declared, undeclared] = await hostCalls(peers, 'pub.call', [
        { method: 'events/publish', params: { type: 'pub.happened', attributes: { n: 1 } } },
        { method: 'events/publish', params: { type: 'pub.secret' } },
      ]);
      assert.equal(typeof (declared?.ok as { seq: number }).seq, 'number');
      assert.equal(undeclared?.error?.code, 'denied');
      assert.match(undeclared?.error?.message ?? '', /may not publish "pub\.secret": its manifest declares only "pub\.happened" in contributes\.events/);
      await waitUntil('the event on the bus', () => seen.length >= 1, 2000);
      assert.deepEqual(seen, [{ type: 'pub.happened', source: 'pub' }]);
    } finally {
      await env.cleanup();
    }
  });
});
