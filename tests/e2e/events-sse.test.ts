// GET /api/events: SSE and NDJSON from the host's bus, behind the hub's token; ids are seqs, resumption from
// the ring with an explicit reset on a gap, filters as query parameters, heartbeats, slow clients dropped.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { send } from './hub-home.js';
import { openStream, sseBlocks, startBusHub, type TestBusHub } from './events-hub.js';

describe('/api/events', { timeout: 60_000 }, () => {
  let hub: TestBusHub;
  const auth = () => ({ authorization: `Bearer ${hub.token}` });
  before(async () => {
    hub = await startBusHub();
  });
  after(async () => {
    await hub.close();
  });

  it('refuses a request without the token (the hub\'s own authentication)', async () => {
    const a = await send(hub.port, 'GET', '/api/events');
    assert.equal(a.status, 401);
  });

  it('streams events shaped as DESIGN §9 with id: seq, filtered by type glob and project', async () => {
    const all = await openStream(hub.port, '/api/events', auth());
    const git = await openStream(hub.port, '/api/events?type=git.*&project=web', auth());
    assert.equal(all.status, 200);
    assert.match(String(all.headers['content-type']), /^text\/event-stream/);
    const first = hub.host.bus.publish({ type: 'git.changed', source: 'git', scope: { projectId: 'web' }, attributes: { branch: 'main' }, body: { files: ['a\u001b[31m'] } });
    hub.host.bus.publish({ type: 'git.changed', source: 'git', scope: { projectId: 'api' } });
    hub.host.bus.publish({ type: 'build.done', source: 'build', scope: { projectId: 'web' } });
    await all.until('three events', (t) => sseBlocks(t).length >= 3);
    const blocks = sseBlocks(all.text());
    assert.deepEqual(blocks.map((b) => Number(b.id)), [first.seq, first.seq + 1, first.seq + 2]);
    assert.deepEqual(Object.keys(blocks[0]!.data).sort(), ['attributes', 'body', 'scope', 'seq', 'source', 'time', 'type']);
    assert.deepEqual(blocks[0]!.data.body, { files: ['a\u001b[31m'] });
    await git.until('the web git event', (t) => sseBlocks(t).length >= 1);
    hub.host.bus.publish({ type: 'git.marker', source: 'git', scope: { projectId: 'web' } });
    await git.until('the marker', (t) => t.includes('git.marker'));
    assert.deepEqual(sseBlocks(git.text()).map((b) => b.data.type), ['git.changed', 'git.marker']);
    all.close();
    git.close();
  });

  it('resumes after Last-Event-ID from the ring; a gap is an explicit reset', async () => {
    const base = hub.host.bus.lastSeq;
    for (let i = 0; i < 3; i++) hub.host.bus.publish({ type: 'resume.test', source: 't', attributes: { i } });
    const resumed = await openStream(hub.port, '/api/events?type=resume.*', { ...auth(), 'last-event-id': String(base + 1) });
    await resumed.until('the two later events', (t) => sseBlocks(t).length >= 2);
    assert.deepEqual(sseBlocks(resumed.text()).map((b) => b.data.attributes.i), [1, 2]);
    resumed.close();
    // A seq from another hub run (ahead of this bus): the client is told to resync.
    const ahead = await openStream(hub.port, '/api/events?since=99999999', auth());
    await ahead.until('a reset', (t) => t.includes('event: reset'));
    const [reset] = sseBlocks(ahead.text());
    assert.equal(reset!.event, 'reset');
    assert.equal(reset!.data.reset, true);
    assert.equal(reset!.data.lastSeq, hub.host.bus.lastSeq);
    ahead.close();
    // Evicted from the ring (it keeps 1024): resuming from before them says reset, then replays what is kept.
    const from = hub.host.bus.lastSeq;
    for (let i = 0; i < 1100; i++) hub.host.bus.publish({ type: 'flood.test', source: 't' });
    const evicted = await openStream(hub.port, `/api/events?format=ndjson&type=flood.*&since=${from}`, auth());
    await evicted.until('reset and the kept events', (t) => t.split('\n').filter(Boolean).length >= 1025);
    const lines = evicted.text().split('\n').filter(Boolean).map((l) => JSON.parse(l));
    assert.equal(lines[0].reset, true);
    assert.equal(lines.length, 1025);
    evicted.close();
  });

  it('serves NDJSON with ?format=ndjson and heartbeats at the asked interval; refuses bad parameters', async () => {
    const nd = await openStream(hub.port, '/api/events?format=ndjson&heartbeat=100', auth());
    assert.match(String(nd.headers['content-type']), /^application\/x-ndjson/);
    await nd.until('a heartbeat', (t) => t.includes('"heartbeat":true'), 3000);
    hub.host.bus.publish({ type: 'nd.one', source: 't' });
    await nd.until('the event', (t) => t.includes('"nd.one"'));
    nd.close();
    for (const q of ['?type=bad%20glob', '?format=xml', '?since=-1', '?heartbeat=5']) {
      const r = await send(hub.port, 'GET', `/api/events${q}`, auth());
      assert.equal(r.status, 400, q);
    }
  });

  it('carries the host\'s own activity: a project registered over /api/rpc arrives as project.registered', async () => {
    const stream = await openStream(hub.port, '/api/events?type=project.*', auth());
    const dir = join(hub.root, 'proj-sse');
    mkdirSync(dir);
    const r = await send(hub.port, 'POST', '/api/rpc', { ...auth(), 'content-type': 'application/json' }, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'projects.register', params: { root: dir, id: 'proj-sse' } }));
    assert.equal(JSON.parse(r.body).result.created, true, r.body);
    await stream.until('project.registered', (t) => t.includes('project.registered'));
    const [event] = sseBlocks(stream.text());
    assert.equal(event!.data.type, 'project.registered');
    assert.equal(event!.data.scope.projectId, 'proj-sse');
    assert.equal(event!.data.source, 'outboard');
    stream.close();
  });

  it('drops a client that does not read instead of waiting for it', async () => {
    const before = hub.host.bus.stats().subscribers;
    const slow = await openStream(hub.port, '/api/events?format=ndjson', auth());
    slow.pause();
    const big = 'x'.repeat(64 * 1024);
    // Bounded: at most 400 events of 64 KiB (25 MiB) before the hub must have let go of it.
    for (let i = 0; i < 400 && hub.host.bus.stats().subscribers > before; i++) {
      hub.host.bus.publish({ type: 'big.event', source: 't', body: big });
      await new Promise((r) => setImmediate(r));
    }
    // The hub let go of it: its subscription is gone (the loop above stopped as soon as it was).
    assert.equal(hub.host.bus.stats().subscribers, before);
    slow.close();
  });
});
