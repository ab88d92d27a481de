import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createHost } from '../../src/host.js';
import { outboundEvent } from '../../src/telemetry/outbound-event.js';
import { TelemetryPolicy } from '../../src/telemetry/telemetry-policy.js';
import { isOutboardError } from '../../src/errors/index.js';

const root = mkdtempSync(join(tmpdir(), 'ob-telemetry-'));
after(() => rmSync(root, { recursive: true, force: true }));

function host() {
  const home = mkdtempSync(join(root, 'home-'));
  return createHost({ identity: { id: 'outboard', version: '1.0.0' }, home, cwd: root, env: {}, globalRoots: [] });
}

describe('telemetry.payloads and what leaves the process', () => {
  it('outboundEvent keeps type, seq, time, source, project and attributes, and the body only with payloads', () => {
    const h = host();
    const event = h.bus.publish({ type: 'demo.x', source: 'demo', scope: { projectId: 'p1' }, attributes: { extension: 'demo' }, body: { secret: 'nope' } });
    assert.deepEqual(outboundEvent(event, false), { seq: event.seq, time: event.time, type: 'demo.x', source: 'demo', projectId: 'p1', attributes: { extension: 'demo' } });
    assert.deepEqual(outboundEvent(event, true).body, { secret: 'nope' });
  });

  it('the policy follows the config within its max age; only exactly true opts in', () => {
    const h = host();
    let now = 0;
    const policy = new TelemetryPolicy({ config: h.config, maxAgeMs: 1000, now: () => now });
    assert.equal(policy.payloads(), false);
    writeFileSync(join(h.home, 'config.json'), JSON.stringify({ telemetry: { payloads: true } }));
    assert.equal(policy.payloads(), false, 'read at most once per max age');
    now = 1000;
    assert.equal(policy.payloads(), true);
    writeFileSync(join(h.home, 'config.json'), JSON.stringify({ telemetry: { payloads: 'yes' } }));
    now = 2000;
    assert.equal(policy.payloads(), false);
    writeFileSync(join(h.home, 'config.json'), '{ not json');
    now = 3000;
    assert.equal(policy.payloads(), false, 'an unreadable config means no payloads');
  });

  it('writes of telemetry.payloads take true or false only, naming the key and what each means', async () => {
    const h = host();
    await assert.rejects(h.config.set('telemetry.payloads', 'yes', { scope: 'user' }), (error: unknown) => {
      assert.ok(isOutboardError(error) && error.code === 'CONFIG_INVALID_VALUE');
      assert.match((error as Error).message, /telemetry\.payloads is "yes", but it must be true .* or false/);
      return true;
    });
    await assert.rejects(h.config.set('telemetry', { payloads: 1 }, { scope: 'user' }), /must be true/);
    await assert.rejects(h.config.set('telemetry', 'on', { scope: 'user' }), /section of switches/);
    await h.config.set('telemetry.payloads', true, { scope: 'user' });
    assert.equal(h.config.get('telemetry.payloads'), true);
    assert.equal(h.telemetry.payloads(), true);
  });
});
