import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createHost } from '../../src/host.js';
import type { HostPlugin } from '../../src/plugins/host-plugin.js';
import type { BusEvent } from '../../src/bus/bus-event.js';
import { isOutboardError } from '../../src/errors/index.js';
import { waitUntil } from '../wait-until.js';

const root = mkdtempSync(join(tmpdir(), 'ob-plugins-'));
after(() => rmSync(root, { recursive: true, force: true }));

function host(plugins: HostPlugin[], log?: (line: string) => void) {
  const home = mkdtempSync(join(root, 'home-'));
  return createHost({ identity: { id: 'outboard', version: '1.0.0' }, home, cwd: root, env: {}, globalRoots: [], plugins, ...(log ? { log } : {}) });
}

describe('in-process plugins', () => {
  it('gives setup ctx.home and ctx.on; plugins see events in declaration order', async () => {
    const seen: string[] = [];
    let home = '';
    const h = host([
      { name: 'first', setup: (ctx) => void ((home = ctx.home), ctx.on('demo.*', (e) => void seen.push(`first:${e.seq}`))) },
      { name: 'second', setup: (ctx) => void ctx.on('*', (e) => void seen.push(`second:${e.seq}`)) },
      { name: 'third', setup: (ctx) => void ctx.on('demo.ping', (e) => void seen.push(`third:${e.seq}`)) },
    ]);
    assert.equal(home, h.home);
    for (let i = 0; i < 3; i++) h.bus.publish({ type: 'demo.ping', source: 'test' });
    await waitUntil('every delivery', () => seen.length === 9);
    assert.deepEqual(seen, ['first:1', 'second:1', 'third:1', 'first:2', 'second:2', 'third:2', 'first:3', 'second:3', 'third:3']);
  });

  it('ctx.on returns a Disposable that stops the handler', async () => {
    const seen: number[] = [];
    let stop: { dispose(): void } | undefined;
    const h = host([{ name: 'p', setup: (ctx) => void (stop = ctx.on('*', (e) => void seen.push(e.seq))) }]);
    h.bus.publish({ type: 'a.b', source: 't' });
    await waitUntil('first event', () => seen.length === 1);
    stop!.dispose();
    const marker: number[] = [];
    h.bus.subscribe(undefined, (e) => void marker.push(e.seq));
    h.bus.publish({ type: 'a.b', source: 't' });
    await waitUntil('the marker subscriber saw the second event', () => marker.length === 1);
    assert.deepEqual(seen, [1]);
  });

  it('registers RPC methods owned by plugin:<name>, callable through the registry', async () => {
    const h = host([{ name: 'calc', setup: (ctx) => void ctx.rpc.register('calc.add', (p) => (p.a as number) + (p.b as number)) }]);
    assert.equal(await h.rpc.call('calc.add', { a: 2, b: 3 }), 5);
    const { methods } = (await h.rpc.call('rpc.methods', {})) as { methods: Array<{ method: string; owner: string }> };
    assert.ok(methods.some((m) => m.method === 'calc.add' && m.owner === 'plugin:calc'));
  });

  it('fails start-up when a plugin method takes a built-in name, naming both owners', () => {
    assert.throws(() => host([{ name: 'bad', setup: (ctx) => void ctx.rpc.register('host.info', () => 1) }]), (e: unknown) => isOutboardError(e) && e.code === 'PLUGIN_SETUP_FAILED' && /served by host, so plugin:bad/.test(e.message));
  });

  it('a throwing setup fails start-up naming the plugin; an async one through host.ready()', async () => {
    assert.throws(() => host([{ name: 'ok', setup: () => undefined }, { name: 'broken', setup: () => { throw new Error('no config'); } }]), (e: unknown) => isOutboardError(e) && e.code === 'PLUGIN_SETUP_FAILED' && /plugin broken/.test(e.message) && /no config/.test(e.message));
    const h = host([{ name: 'later', setup: async () => { throw new Error('async boom'); } }]);
    await assert.rejects(h.ready(), (e: unknown) => isOutboardError(e) && e.code === 'PLUGIN_SETUP_FAILED' && /plugin later/.test(e.message));
    assert.throws(() => host([{ name: 'twin', setup: () => undefined }, { name: 'twin', setup: () => undefined }]), (e: unknown) => isOutboardError(e) && e.code === 'PLUGIN_INVALID');
  });

  it('disables a plugin that fails on every event when events come slowly: two failures 100 ms apart', async () => {
    const lines: string[] = [];
    const h = host([{ name: 'slowfail', setup: (ctx) => void ctx.on('slow.*', () => { throw new Error('no'); }) }], (line) => lines.push(line));
    const disabled: BusEvent[] = [];
    h.bus.subscribe({ types: ['host.plugin.disabled'] }, (e) => void disabled.push(e));
    h.bus.publish({ type: 'slow.one', source: 'test' });
    await waitUntil('the first failure to be logged', () => lines.some((l) => l.includes('handler failed on slow.one')));
    await new Promise((r) => setTimeout(r, 120));
    h.bus.publish({ type: 'slow.two', source: 'test' });
    await waitUntil('the disabled event', () => disabled.length === 1);
    assert.equal(disabled[0]?.attributes['failures'], 2);
  });

  it('catches and logs a throwing handler; disables one that keeps throwing within 100 ms and reports it as an event', async () => {
    const lines: string[] = [];
    const healthy: number[] = [];
    const h = host(
      [
        { name: 'flaky', setup: (ctx) => { ctx.on('demo.*', () => { throw new Error('always'); }); ctx.rpc.register('flaky.m', () => 1); } },
        { name: 'healthy', setup: (ctx) => void ctx.on('demo.*', (e) => void healthy.push(e.seq)) },
      ],
      (line) => lines.push(line),
    );
    const disabled: BusEvent[] = [];
    h.bus.subscribe({ types: ['host.plugin.disabled'] }, (e) => void disabled.push(e));
    const start = performance.now();
    for (let i = 0; i < 20; i++) h.bus.publish({ type: 'demo.tick', source: 'test' });
    await waitUntil('the disabled event', () => disabled.length === 1);
    const elapsed = performance.now() - start;
    assert.ok(elapsed < 100, `disabled after ${elapsed.toFixed(1)} ms`);
    assert.equal(disabled[0]?.attributes['plugin'], 'flaky');
    assert.ok(lines.some((l) => /\[plugin flaky\] handler failed on demo\.tick/.test(l)));
    assert.ok(lines.some((l) => /\[plugin flaky\] disabled/.test(l)));
    await waitUntil('the healthy plugin saw all 20', () => healthy.length === 20);
    // Its methods went with it.
    await assert.rejects(h.rpc.call('flaky.m', {}));
  });
});
