// The OpenTelemetry plugin against a real OTLP/HTTP receiver on loopback: bus events arrive as log records
// (type, seq, attributes), RPC calls as spans, bodies only with `telemetry.payloads: true`; a dead endpoint
// leaves the bus delivering.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createHost, type Host } from '@outboard/host';
import { otelPlugin, isOtelConfigured, otelSignals } from '../src/index.js';
import { OtlpJsonReceiver } from '../src/testing/otlp-json-receiver.js';

const SECRET = 'hunter2-otel-secret';
const root = mkdtempSync(join(tmpdir(), 'ob-otel-'));
after(() => rmSync(root, { recursive: true, force: true }));

function hostWith(plugins: Parameters<typeof createHost>[0]['plugins'], log?: (line: string) => void): Host {
  const home = mkdtempSync(join(root, 'home-'));
  return createHost({ identity: { id: 'outboard', version: '1.2.3' }, home, cwd: root, env: {}, globalRoots: [], plugins: plugins ?? [], ...(log ? { log } : {}) });
}

/** A port on 127.0.0.1 that nothing listens on (taken, then released). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('otel plugin: which variables turn it on', () => {
  it('logs with the common or the logs endpoint, traces with the common or the traces endpoint; none when disabled', () => {
    assert.deepEqual(otelSignals({}), { logs: false, traces: false });
    assert.deepEqual(otelSignals({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }), { logs: true, traces: true });
    assert.deepEqual(otelSignals({ OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: 'http://127.0.0.1:4318/v1/logs' }), { logs: true, traces: false });
    assert.deepEqual(otelSignals({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://x/v1/traces' }), { logs: false, traces: true });
    assert.deepEqual(otelSignals({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x', OTEL_LOGS_EXPORTER: 'none' }), { logs: false, traces: true });
    assert.equal(isOtelConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://x', OTEL_SDK_DISABLED: 'true' }), false);
    assert.equal(isOtelConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' }), false);
  });
});

describe('otel plugin: export over OTLP/HTTP', { timeout: 60_000 }, () => {
  let receiver: OtlpJsonReceiver;
  let host: Host;
  before(async () => {
    receiver = await OtlpJsonReceiver.start();
    // The SDK reads process.env (this file runs in a process of its own).
    Object.assign(process.env, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_SERVICE_NAME: 'otel-test-service',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=test,team=tools',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-test-header=present',
      OTEL_BLRP_SCHEDULE_DELAY: '50',
      OTEL_BSP_SCHEDULE_DELAY: '50',
    });
    host = hostWith([otelPlugin({ serviceName: 'outboard', serviceVersion: '1.2.3' })]);
    await host.ready();
  });
  after(async () => {
    await host.closePlugins();
    await receiver.close();
  });

  it('sends each bus event as a log record: type, seq, source, project and attributes; the resource from OTEL_* variables', async () => {
    const event = host.bus.publish({ type: 'demo.changed', source: 'demo', scope: { projectId: 'p1' }, attributes: { extension: 'demo', count: 3, ok: true }, body: { token: SECRET } });
    await receiver.until('the demo.changed record', () => receiver.logRecords.some((r) => r.eventName === 'demo.changed'));
    const record = receiver.logRecords.find((r) => r.eventName === 'demo.changed')!;
    assert.equal(record.attributes['event.name'], 'demo.changed');
    assert.equal(record.attributes['event.seq'], event.seq);
    assert.equal(record.attributes['event.source'], 'demo');
    assert.equal(record.attributes['event.project_id'], 'p1');
    assert.equal(record.attributes['extension'], 'demo');
    assert.equal(record.attributes['count'], 3);
    assert.equal(record.attributes['ok'], true);
    assert.equal(record.severityText, 'INFO');
    assert.equal(BigInt(record.timeUnixNano!) / 1_000_000n, BigInt(Date.parse(event.time)));
    assert.equal(record.resource['service.name'], 'otel-test-service', 'OTEL_SERVICE_NAME wins over the default');
    assert.equal(record.resource['service.version'], '1.2.3');
    assert.equal(record.resource['team'], 'tools', 'OTEL_RESOURCE_ATTRIBUTES apply');
    assert.ok(record.body === undefined || record.body === null, `no body without telemetry.payloads, got ${JSON.stringify(record.body)}`);
    assert.ok(receiver.requestHeaders.every((h) => h['x-test-header'] === 'present'), 'OTEL_EXPORTER_OTLP_HEADERS apply');
    assert.ok(!receiver.rawText().includes(SECRET), 'the body never left the process');
  });

  it('sends each RPC call as a span with its outcome; params and results stay in the process', async () => {
    host.rpc.register('demo.echo', (params) => ({ echoed: params }), 'plugin:test');
    await host.rpc.call('demo.echo', { password: SECRET }, { caller: 'test' });
    await assert.rejects(host.rpc.call(`no.such-${SECRET}`, {}, { caller: 'test' }));
    await receiver.until('two rpc spans', () => receiver.spans.filter((s) => s.name.startsWith('rpc ')).length >= 2);
    const ok = receiver.spans.find((s) => s.name === 'rpc demo.echo')!;
    assert.equal(ok.attributes['rpc.method'], 'demo.echo');
    assert.equal(ok.attributes['outcome'], 'ok');
    assert.equal(ok.attributes['owner'], 'plugin:test');
    assert.equal(ok.attributes['caller'], 'test');
    assert.equal(ok.statusCode, 1);
    assert.ok(BigInt(ok.endTimeUnixNano) >= BigInt(ok.startTimeUnixNano));
    const unknown = receiver.spans.find((s) => s.name === 'rpc (unknown method)')!;
    assert.equal(unknown.attributes['code'], 'method_not_found');
    assert.equal(unknown.statusCode, 2);
    assert.ok(!receiver.rawText().includes(SECRET), 'neither params, results nor an unknown method name left the process');
  });

  it('turns action.finished into a span named for the action, with its outcome and code', async () => {
    host.bus.publish({ type: 'action.finished', source: 'outboard', attributes: { action: 'fx.hello', extension: 'fx', invocation: 'i-1', ok: false, outcome: 'error', code: 'timeout', durationMs: 12.5 } });
    await receiver.until('the action span', () => receiver.spans.some((s) => s.name === 'action fx.hello'));
    const span = receiver.spans.find((s) => s.name === 'action fx.hello')!;
    assert.equal(span.attributes['outcome'], 'error');
    assert.equal(span.attributes['code'], 'timeout');
    assert.equal(span.statusCode, 2);
    assert.equal(Number(BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano)) / 1e6, 12.5);
  });

  it('sends bodies once the user sets telemetry.payloads: true', async () => {
    writeFileSync(join(host.home, 'config.json'), JSON.stringify({ telemetry: { payloads: true } }));
    // The policy reads the config at most once a second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    host.bus.publish({ type: 'demo.opted', source: 'demo', body: { note: 'visible-payload' } });
    await receiver.until('the demo.opted record', () => receiver.logRecords.some((r) => r.eventName === 'demo.opted'));
    const record = receiver.logRecords.find((r) => r.eventName === 'demo.opted')!;
    assert.deepEqual(JSON.parse(String(record.body)), { note: 'visible-payload' });
  });
});

describe('otel plugin: a dead endpoint', { timeout: 60_000 }, () => {
  it('neither blocks publishing nor stops the bus delivering to others, and a close stays bounded', async () => {
    process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] = `http://127.0.0.1:${await deadPort()}`;
    const lines: string[] = [];
    const host = hostWith([otelPlugin({ shutdownTimeoutMs: 500 })], (line) => lines.push(line));
    let seen = 0;
    host.bus.subscribe(undefined, () => void seen++);
    let publishMs = 0;
    // In bursts of 500 (within every queue's bound), each delivered before the next.
    const deadline = Date.now() + 20_000;
    for (let burst = 1; burst <= 10; burst++) {
      const t = performance.now();
      for (let i = 0; i < 500; i++) host.bus.publish({ type: 'demo.load', source: 'demo', attributes: { i } });
      publishMs += performance.now() - t;
      while (seen < burst * 500 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.equal(seen, 5000, 'every event reached the other subscriber');
    assert.ok(publishMs < 5000, `5000 publishes took ${publishMs} ms`);
    const closing = performance.now();
    await host.closePlugins();
    assert.ok(performance.now() - closing < 3000, 'closing waits at most its bound for a dead endpoint');
  });
});
