// `outboard rpc` and `outboard events`: through the running hub (hub.json points at a hub in this process), and
// without a hub (rpc serves the built-ins in process; events says a hub is needed).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cliAsync, startBusHub, type TestBusHub } from './events-hub.js';
import { tempDir } from './lib/fixture-home.js';

describe('outboard rpc and outboard events', { timeout: 120_000 }, () => {
  let hub: TestBusHub;
  before(async () => {
    hub = await startBusHub({ advertise: true, plugins: [{ name: 'calc', setup: (ctx) => void ctx.rpc.register('calc.add', (p) => (p.a as number) + (p.b as number)) }] });
  });
  after(async () => {
    await hub.close();
  });

  it('rpc prints the JSON result from the hub, and exits non-zero with the error', async () => {
    const ok = await cliAsync(['rpc', 'calc.add', '{"a": 20, "b": 22}'], hub.home, hub.root);
    assert.equal(ok.code, 0, ok.stderr);
    assert.equal(JSON.parse(ok.stdout), 42);
    const bad = await cliAsync(['rpc', 'no.such'], hub.home, hub.root);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /^error: no RPC method "no\.such" — `outboard rpc rpc\.methods` lists the methods served$/m);
    const usage = await cliAsync(['rpc', 'calc.add', '[1]'], hub.home, hub.root);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /params must be a JSON object/);
  });

  it('events prints the recent events as NDJSON, filtered, with extension strings escaped', async () => {
    hub.host.bus.publish({ type: 'git.changed', source: 'git', scope: { projectId: 'web' }, attributes: { branch: 'evil\u001b[2J\u009b' } });
    hub.host.bus.publish({ type: 'build.done', source: 'build' });
    const r = await cliAsync(['events', '--type', 'git.*'], hub.home, hub.root);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 1);
    assert.doesNotMatch(r.stdout, /[\u001b\u009b]/);
    const event = JSON.parse(lines[0]!);
    assert.equal(event.type, 'git.changed');
    assert.equal(event.attributes.branch, 'evil\u001b[2J\u009b');
    const scoped = await cliAsync(['events', '--project', 'other'], hub.home, hub.root);
    assert.equal(scoped.stdout, '');
  });

  it('events --follow streams new events until Ctrl+C', async () => {
    const since = hub.host.bus.lastSeq;
    // Ctrl+C after 8 s: a loaded machine takes seconds to start the CLI and connect.
    const running = cliAsync(['events', '--follow', '--type', 'tail.*', '--since', String(since)], hub.home, hub.root, 8000);
    const timer = setInterval(() => hub.host.bus.publish({ type: 'tail.tick', source: 't' }), 100);
    const r = await running;
    clearInterval(timer);
    assert.equal(r.code, 130, r.stderr);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    assert.ok(lines.length >= 3, r.stdout);
    assert.ok(lines.every((e) => e.type === 'tail.tick'));
    const seqs = lines.map((e) => e.seq);
    assert.deepEqual(seqs, [...seqs].sort((a, b) => a - b));
    assert.equal(seqs[0], since + 1);
  });

  it('without a hub: rpc serves the host built-ins in process; events explains that a hub is needed', async () => {
    const tmp = tempDir('outboard-nohub-');
    try {
      const info = await cliAsync(['rpc', 'host.info'], tmp.path, tmp.path);
      assert.equal(info.code, 0, info.stderr);
      assert.equal(JSON.parse(info.stdout).id, 'outboard');
      const methods = await cliAsync(['rpc', 'rpc.methods'], tmp.path, tmp.path);
      assert.ok(JSON.parse(methods.stdout).methods.some((m: { method: string }) => m.method === 'actions.invoke'));
      const ev = await cliAsync(['events'], tmp.path, tmp.path);
      assert.equal(ev.code, 1);
      assert.match(ev.stderr, /^error: no hub runs for this home, and events are published inside the hub — start one with `outboard hub start`/);
    } finally {
      tmp.cleanup();
    }
  });
});
