import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createHost } from '@outboard/host';
import { HubMetrics } from '../../src/metrics/hub-metrics.js';
import { metricPrefix, statusClass } from '../../src/metrics/metric-name.js';
import { PeerTally } from '../../src/metrics/peer-tally.js';

const root = mkdtempSync(join(tmpdir(), 'ob-hub-metrics-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** The value of one sample line `name{labels} value` in Prometheus text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

describe('hub metrics', () => {
  it('names metrics after the host id, never a hard-coded one; status classes', () => {
    assert.equal(metricPrefix('outboard'), 'outboard');
    assert.equal(metricPrefix('my-tool'), 'my_tool');
    assert.equal(statusClass(204), '2xx');
    assert.equal(statusClass(503), '5xx');
    assert.equal(statusClass(undefined), 'aborted');
  });

  it('tells peer crashes and restarts from orderly stops by the transitions alone', () => {
    const tally = new PeerTally();
    const t = (from: string, to: string) => tally.classify({ extension: 'x', from, to });
    assert.equal(t('stopped', 'starting'), undefined, 'a first start is no restart');
    assert.equal(t('starting', 'handshaking'), undefined);
    assert.equal(t('ready', 'stopped'), 'crash');
    assert.equal(t('stopped', 'starting'), 'restart');
    assert.equal(t('ready', 'stopping'), undefined);
    assert.equal(t('stopping', 'stopped'), undefined, 'an orderly stop is no crash');
    assert.equal(t('stopped', 'starting'), undefined, 'nor is the start after it a restart');
    assert.equal(t('handshaking', 'failed'), 'crash');
  });

  it('counts actions, RPC calls, peers, sidecars and drops from the bus and the registry, per hub instance', async () => {
    const home = mkdtempSync(join(root, 'home-'));
    const host = createHost({ identity: { id: 'ndx', version: '1.0.0' }, home, cwd: root, env: {}, globalRoots: [] });
    const metrics = new HubMetrics({ host, processMetrics: false });
    const other = new HubMetrics({ host: createHost({ identity: { id: 'ndx', version: '1.0.0' }, home: mkdtempSync(join(root, 'home-')), cwd: root, env: {}, globalRoots: [] }), processMetrics: false });
    const publish = (type: string, attributes: Record<string, string | number | boolean>) => host.bus.publish({ type, source: 'ndx', attributes });
    publish('action.finished', { action: 'fx.hello', extension: 'fx', ok: true, outcome: 'ok', durationMs: 20 });
    publish('action.finished', { action: 'fx.hello', extension: 'fx', ok: false, outcome: 'error', code: 'timeout', durationMs: 3000 });
    publish('extension.peer.state', { extension: 'fx', from: 'ready', to: 'stopped' });
    publish('extension.peer.state', { extension: 'fx', from: 'stopped', to: 'starting' });
    publish('sidecar.state', { extension: 'web', from: 'stopped', to: 'starting' });
    publish('sidecar.state', { extension: 'web', from: 'running', to: 'crashed' });
    host.bus.subscribe(undefined, () => undefined, { queueSize: 1, name: 'sse' });
    publish('demo.a', {});
    publish('demo.b', {});
    await host.rpc.call('host.info', { secret: 'kept-in' });
    await assert.rejects(host.rpc.call('typo.method-secret', {}));
    await settle();
    const text = await metrics.text();
    assert.equal(sample(text, 'ndx_actions_total{extension="fx",action="fx.hello",outcome="ok"}'), 1);
    assert.equal(sample(text, 'ndx_actions_total{extension="fx",action="fx.hello",outcome="error"}'), 1);
    assert.equal(sample(text, 'ndx_action_duration_seconds_bucket{le="0.025",extension="fx",outcome="ok"}'), 1);
    assert.equal(sample(text, 'ndx_action_duration_seconds_sum{extension="fx",outcome="error"}'), 3);
    assert.equal(sample(text, 'ndx_peer_crashes_total{extension="fx"}'), 1);
    assert.equal(sample(text, 'ndx_peer_restarts_total{extension="fx"}'), 1);
    assert.equal(sample(text, 'ndx_sidecar_starts_total{extension="web"}'), 1);
    assert.equal(sample(text, 'ndx_sidecar_crashes_total{extension="web"}'), 1);
    assert.equal(sample(text, 'ndx_events_dropped_total{subscriber="sse"}'), 1);
    assert.equal(sample(text, 'ndx_rpc_calls_total{method="host.info",outcome="ok"}'), 1);
    assert.equal(sample(text, 'ndx_rpc_calls_total{method="(unknown)",outcome="error"}'), 1, 'an unknown name is never a label');
    assert.equal(sample(text, 'ndx_open_event_streams'), 0);
    assert.ok(!text.includes('secret') && !text.includes('outboard_'), 'no params, no unknown names, no hard-coded host id');
    assert.equal(sample(await other.text(), 'ndx_actions_total{extension="fx",action="fx.hello",outcome="ok"}'), undefined, 'each hub has its own registry');
    metrics.dispose();
    other.dispose();
  });
});
