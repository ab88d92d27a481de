// @outboard/client against a real hub daemon: events resumed across a hub restart with no loss and no
// duplicate (the restart said as a reset), a resume `since` a seq, an action run with its progress and one
// cancelled by an AbortSignal, an old client against a newer hub API version, and no hub at all.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect, isClientError, type EventItem } from '@outboard/client';
import { tempDir } from './lib/fixture-home.js';
import { waitFor } from './actions-home.js';
import { useClientHub } from './lib/client-hub.js';

describe('@outboard/client against a real hub', { timeout: 180_000 }, () => {
  const s = useClientHub();

  it('checks the hub it connected to: this host id, this home, a common API version', () => {
    assert.equal(s.hub.identity.name, 'outboard');
    assert.equal(s.hub.identity.apiVersion, 1);
    assert.match(s.hub.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('events resume across a hub restart: every event once, in order, the restart reported as a reset', async () => {
    const items: EventItem[] = [];
    const controller = new AbortController();
    const { lastSeq } = await s.hub.rpc('host.info');
    const reading = (async () => {
      for await (const item of s.hub.events({ types: ['project.registered'], since: lastSeq, signal: controller.signal })) items.push(item);
    })();
    const names = (): string[] => items.filter((i) => i.kind === 'event').map((i) => (i.kind === 'event' ? String((i.event.body as { name?: string } | undefined)?.name) : ''));
    for (const name of ['c1', 'c2', 'c3']) await s.hub.projects.add(s.h.folder(name), { id: name, name });
    await waitFor('c1..c3', () => names().length >= 3, 20_000);
    s.h.stopHub();
    s.h.startHub();
    // (stopHub blocked this event loop: let the client see its connection end, so the next call reconnects.)
    await new Promise((r) => setTimeout(r, 200));
    // The client finds the restarted hub (on a new port) through hub.json, by itself.
    for (const name of ['c4', 'c5']) await s.hub.projects.add(s.h.folder(name), { id: name, name });
    await waitFor('c4 and c5', () => names().length >= 5, 30_000);
    controller.abort();
    await reading;
    assert.deepEqual(names(), ['c1', 'c2', 'c3', 'c4', 'c5'], JSON.stringify(items));
    const resets = items.filter((i) => i.kind === 'reset');
    assert.equal(resets.length, 1, JSON.stringify(items));
    assert.match((resets[0] as { reason: string }).reason, /hub restarted/);
    assert.ok(items.findIndex((i) => i.kind === 'reset') === 3, 'the reset comes between the two runs');
  });

  it('resumes `since` a seq from the hub history, then follows live', async () => {
    const recent = await s.hub.rpc('events.recent', { types: ['project.registered'] });
    const first = recent.events[0];
    assert.ok(first, 'the hub kept the events of this run');
    const seen: number[] = [];
    const stream = s.hub.events({ types: ['project.registered'], since: first.seq });
    await s.hub.projects.add(s.h.folder('c6'), { id: 'c6', name: 'c6' });
    for await (const item of stream) {
      assert.equal(item.kind, 'event');
      if (item.kind === 'event') seen.push(item.event.seq);
      if (seen.length === recent.events.length) break;
    }
    assert.deepEqual(seen, [...recent.events.slice(1).map((e) => e.seq), seen.at(-1)]);
    assert.ok((seen.at(-1) as number) > (recent.events.at(-1)?.seq ?? 0));
  });

  it('runs an action with its progress, and cancels one with an AbortSignal', async () => {
    const progress: unknown[] = [];
    const result = await s.hub.actions.run('demo.slow', { steps: 3, stepMs: 50 }, { onProgress: (v) => progress.push(v) });
    assert.deepEqual(progress, [{ done: 1, total: 3 }, { done: 2, total: 3 }, { done: 3, total: 3 }]);
    assert.equal(result.view?.type === 'text' ? result.view.text : undefined, 'slow done');
    const controller = new AbortController();
    const running = s.hub.actions.run('demo.slow', { steps: 200, stepMs: 50 }, { signal: controller.signal, onProgress: () => controller.abort() });
    await assert.rejects(running, (error: unknown) => isClientError(error, 'CLIENT_CANCELLED'));
    await waitFor('the peer to see the cancellation', () => s.h.marksOf('demo').includes('cancelled'), 10_000);
    assert.ok((await s.hub.actions.list()).some((a) => a.id === 'demo.slow'), 'the client stays usable');
  });

  it('an unknown action fails with the hub\'s own code and fix', async () => {
    await assert.rejects(s.hub.actions.run('demo.nope'), (error: unknown) => isClientError(error, 'CLIENT_CALL_FAILED') && (error as { hubCode?: string }).hubCode === 'PEER_ACTION_UNKNOWN');
  });

  it('the typed helpers answer from the hub', async () => {
    assert.ok((await s.hub.extensions.list()).some((e) => e.name === 'demo' && e.state === 'enabled'));
    assert.ok((await s.hub.projects.list()).some((p) => p.id === 'p1'));
    assert.ok(Array.isArray(await s.hub.status.list()));
    const found = await s.hub.providers.search('x');
    assert.deepEqual(found, { answered: [], missed: [] });
  });

  it('an old client against a newer hub API version fails naming both versions', async () => {
    await assert.rejects(connect({ home: s.h.home, env: {}, apiVersions: [0] }), (error: unknown) => {
      assert.ok(isClientError(error, 'CLIENT_API_VERSION'), String(error));
      assert.match((error as Error).message, /this client speaks hub API version 0, and the hub \(version [^)]+\) speaks hub API version 1: upgrade the client/);
      return true;
    });
  });

  it('without a hub: CLIENT_HUB_NOT_RUNNING naming the home and the command that starts one', async () => {
    const tmp = tempDir('outboard-client-nohub-');
    try {
      await assert.rejects(connect({ home: tmp.path, env: {} }), (error: unknown) => {
        assert.ok(isClientError(error, 'CLIENT_HUB_NOT_RUNNING'), String(error));
        assert.equal((error as { hint: string }).hint, 'start one with `outboard hub start`');
        return true;
      });
      await assert.rejects(connect({ home: tmp.path, hostId: 'ndx', env: {} }), (error: unknown) => (error as { hint: string }).hint === 'start one with `ndx hub start`');
    } finally {
      tmp.cleanup();
    }
  });
});
