import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createHost } from '../../src/host.js';
import type { PluginContext } from '../../src/plugins/host-plugin.js';
import type { RpcCallRecord } from '../../src/calls/rpc-registry.js';

const root = mkdtempSync(join(tmpdir(), 'ob-plugin-history-'));
after(() => rmSync(root, { recursive: true, force: true }));

function hostWith(setup: (ctx: PluginContext) => void, extra: { dispose?: () => Promise<void> } = {}) {
  const home = mkdtempSync(join(root, 'home-'));
  const h = createHost({ identity: { id: 'outboard', version: '1.0.0' }, home, cwd: root, env: {}, globalRoots: [], plugins: [{ name: 'p', setup, ...extra }] });
  return { h };
}

describe('plugin context: history, telemetry, RPC observer, dispose', () => {
  it('ctx.history.events filters the ring buffer by since, until and type', () => {
    let ctx: PluginContext | undefined;
    const { h } = hostWith((c) => void (ctx = c));
    const a = h.bus.publish({ type: 'cost.run', source: 't' });
    const b = h.bus.publish({ type: 'cost.skip', source: 't' });
    const c = h.bus.publish({ type: 'other.run', source: 't' });
    assert.deepEqual(ctx!.history.events().map((e) => e.seq), [a.seq, b.seq, c.seq]);
    assert.deepEqual(ctx!.history.events({ type: 'cost.*' }).map((e) => e.seq), [a.seq, b.seq]);
    assert.deepEqual(ctx!.history.events({ type: ['cost.run', 'other.*'] }).map((e) => e.seq), [a.seq, c.seq]);
    assert.deepEqual(ctx!.history.events({ since: a.time }).length, 3, 'since is inclusive');
    assert.deepEqual(ctx!.history.events({ until: a.time }), [], 'until is exclusive');
    assert.equal(ctx!.history.events({ since: new Date(Date.parse(c.time) + 1) }).length, 0);
    assert.equal(ctx!.history.events({ since: Date.parse(a.time) - 1000, until: '2999-01-01' }).length, 3);
    assert.throws(() => ctx!.history.events({ since: 'last tuesday' }), /since must be a Date, ms since the epoch or an ISO 8601 time/);
    assert.throws(() => ctx!.history.events({ type: 'bad glob!' }), TypeError);
  });

  it('ctx.telemetry.payloads follows telemetry.payloads; ctx.observeRpc hears calls until the plugin is disposed', async () => {
    let ctx: PluginContext | undefined;
    const calls: RpcCallRecord[] = [];
    let disposed = 0;
    const { h } = hostWith(
      (c) => {
        ctx = c;
        c.observeRpc((call) => calls.push(call));
      },
      { dispose: async () => void disposed++ },
    );
    assert.equal(ctx!.telemetry.payloads(), false);
    await h.rpc.call('host.info', {}, { caller: 'test' });
    assert.equal(calls.at(-1)?.method, 'host.info');
    await Promise.all([h.closePlugins(), h.closePlugins()]);
    assert.equal(disposed, 1, 'a plugin is disposed once');
    await h.rpc.call('host.info', {});
    assert.equal(calls.length, 1, 'its observer is gone');
  });
});
