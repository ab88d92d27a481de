// What leaves the hub (DESIGN §9), with a real daemon: an OTLP/HTTP receiver on loopback gets the bus events as
// log records and the action and RPC calls as spans; /metrics parses with a Prometheus parser and its counters
// move as the test acts; and a secret sent through every path (action arguments, RPC params, results, event
// bodies, config values) is in none of the bytes the receiver got, the scraped metrics or the hub log.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OtlpJsonReceiver } from '@outboard/otel/receiver';
import { actionsHome, type ActionsHome } from './actions-home.js';
import { WsClient } from './events-hub.js';
import { runCli } from './lib/fixture-home.js';
import { scrape } from './lib/prometheus-scrape.js';

const SECRET = 'SeCrEt-7f3a9c-never-leaves';

describe('telemetry: OTLP export, /metrics and redaction through a running hub', { timeout: 120_000 }, () => {
  let h: ActionsHome;
  let receiver: OtlpJsonReceiver;
  let port = 0;
  let token = '';
  const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli(args, { home: h.home, env: { ...h.env, ...env }, cwd: h.root });

  before(async () => {
    h = actionsHome([{ name: 'fx', rpc: ['fx.echo'], capabilities: { required: ['ui.action.contribute', 'rpc.call'], optional: ['ui.notification', 'events.publish'] } }]);
    receiver = await OtlpJsonReceiver.start();
    // A config value holding the secret: config values never leave either.
    assert.equal(cli(['config', 'extensions.fx.apiKey', SECRET, '--user']).code, 0);
    const started = cli(['hub', 'start', '--port', '0'], { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BLRP_SCHEDULE_DELAY: '100', OTEL_BSP_SCHEDULE_DELAY: '100', OTEL_SERVICE_NAME: 'hub-under-test' });
    assert.equal(started.code, 0, started.stderr);
    port = (JSON.parse(readFileSync(join(h.home, 'hub.json'), 'utf8')) as { port: number }).port;
    token = readFileSync(join(h.home, 'token'), 'utf8').trim();
  });
  after(async () => {
    cli(['hub', 'stop']);
    await receiver.close();
    h.cleanup();
  });

  it('exports events as log records and an action as a span with its outcome; counters move; no secret leaves', async () => {
    const before = await scrape(port, token);
    assert.equal(before.value('outboard_extension_state', { extension: 'fx', state: 'enabled' }), 1);
    assert.ok(before.families.some((f) => f.name === 'process_cpu_user_seconds_total'), 'the process default metrics are there');
    const ws = await WsClient.connect(port, token);
    // An action with the secret in its arguments (its result and notification carry it back).
    const hello = await ws.call('actions.invoke', { id: 'fx.hello', args: { password: SECRET } });
    assert.ok(JSON.stringify(hello.result).includes(SECRET), JSON.stringify(hello));
    // An event whose body holds the secret, published by the peer.
    const published = await ws.call('actions.invoke', { id: 'fx.call', args: { method: 'events/publish', params: { type: 'fx.happened', attributes: { step: 1 }, body: { token: SECRET } } } });
    assert.ok(!JSON.parse(published.result.view.text).error, published.result.view.text);
    // An RPC call with the secret in its params (the peer echoes them: the result holds it too).
    const rpc = await fetch(`http://127.0.0.1:${port}/api/rpc`, { method: 'POST', headers: { 'x-outboard-token': token, 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'fx.echo', params: { secret: SECRET } }) });
    const answer = (await rpc.json()) as { result?: unknown };
    assert.ok(JSON.stringify(answer.result).includes(SECRET), JSON.stringify(answer));

    await receiver.until('the action span and the log records', () =>
      receiver.spans.some((s) => s.name === 'action fx.hello') && receiver.spans.some((s) => s.name === 'rpc fx.echo') && receiver.logRecords.some((r) => r.eventName === 'fx.happened'),
    );
    const span = receiver.spans.find((s) => s.name === 'action fx.hello')!;
    assert.equal(span.attributes['outcome'], 'ok');
    assert.equal(span.attributes['extension'], 'fx');
    assert.equal(span.statusCode, 1);
    assert.equal(span.resource['service.name'], 'hub-under-test');
    const invoked = receiver.logRecords.find((r) => r.eventName === 'action.invoked' && r.attributes['action'] === 'fx.hello')!;
    assert.equal(typeof invoked.attributes['event.seq'], 'number');
    assert.equal(invoked.attributes['invocation'], span.attributes['invocation'], 'the record and the span name one invocation');
    const happened = receiver.logRecords.find((r) => r.eventName === 'fx.happened')!;
    assert.equal(happened.attributes['step'], 1);
    assert.equal(happened.attributes['event.source'], 'fx');

    const after = await scrape(port, token);
    assert.equal(after.value('outboard_actions_total', { extension: 'fx', action: 'fx.hello', outcome: 'ok' }) - before.value('outboard_actions_total', { extension: 'fx', action: 'fx.hello', outcome: 'ok' }), 1);
    assert.ok(after.value('outboard_action_duration_seconds', { extension: 'fx', outcome: 'ok' }) >= 2, 'the latency histogram counted fx.hello and fx.call');
    assert.equal(after.value('outboard_rpc_calls_total', { method: 'fx.echo', outcome: 'ok' }) - before.value('outboard_rpc_calls_total', { method: 'fx.echo', outcome: 'ok' }), 1);
    assert.ok(after.value('outboard_rpc_duration_seconds', { method: 'fx.echo', outcome: 'ok' }) >= 1);
    assert.ok(after.value('outboard_open_websockets', { kind: 'api' }) >= 1, 'the open WebSocket is counted');
    assert.ok(after.value('outboard_events_published_total') > before.value('outboard_events_published_total'));
    ws.close();
    let open = 1;
    for (let i = 0; i < 100 && open > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      open = (await scrape(port, token)).value('outboard_open_websockets', { kind: 'api' });
    }
    assert.equal(open, 0, 'the closed WebSocket is no longer counted');

    // A stop flushes what is batched; then every byte is read.
    assert.equal(cli(['hub', 'stop']).code, 0);
    const exported = receiver.rawText();
    assert.ok(exported.length > 0);
    assert.ok(!exported.includes(SECRET), 'no secret in what the OTLP receiver got');
    assert.ok(!after.text.includes(SECRET), 'no secret in /metrics');
    const hubLog = readFileSync(join(h.home, 'logs', 'hub.log'), 'utf8');
    assert.ok(hubLog.length > 0);
    assert.ok(!hubLog.includes(SECRET), `no secret in the hub log:\n${hubLog}`);
  });

  it('/metrics is behind the hub token like every route', async () => {
    // The hub was stopped by the test above: start it again, without telemetry.
    assert.equal(cli(['hub', 'start', '--port', '0']).code, 0);
    port = (JSON.parse(readFileSync(join(h.home, 'hub.json'), 'utf8')) as { port: number }).port;
    const refused = await fetch(`http://127.0.0.1:${port}/metrics`);
    assert.equal(refused.status, 401);
    const metrics = await scrape(port, token);
    assert.equal(metrics.value('outboard_extension_state', { extension: 'fx', state: 'enabled' }), 1, metrics.text.split('\n').filter((l) => l.includes('extension_state')).join('\n'));
  });
});
