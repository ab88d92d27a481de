// A sidecar with resource limits, through the built CLI and a real SidecarFleet: the user lowers a manifest
// limit (a raise is refused, exit 2, naming the fix), `extensions info` says what applies and how, and the
// running sidecar is in a cgroup of its own, listed in the host's process table with its figures.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { runCli, runCliJson } from './lib/fixture-home.js';
import { sidecarHome, startSidecarHub, type SidecarHub } from './hub-sidecar-home.js';

describe('a sidecar with resource limits', { timeout: 120_000 }, () => {
  let home: ReturnType<typeof sidecarHome>;
  let hub: SidecarHub;

  before(async () => {
    home = sidecarHome(['limited']);
    hub = await startSidecarHub(home.home, { stopStepMs: 300 });
  });

  after(async () => {
    await hub?.close();
    home?.cleanup();
  });

  it('may be lowered in config, never raised: the raise exits 2 naming the manifest value and the command', () => {
    const lowered = runCli(['config', 'extensions.limited.limits.memoryMb', '200', '--user'], { home: home.home });
    assert.equal(lowered.code, 0, lowered.stderr);
    const raised = runCli(['config', 'extensions.limited.limits.processes', '100', '--user'], { home: home.home });
    assert.equal(raised.code, 2);
    assert.match(raised.stderr, /processes 100 is above the manifest's 64/);
    assert.match(raised.stderr, /outboard config extensions\.limited\.limits\.processes 64/);
  });

  it('`extensions info --json` shows the limits that apply and that a cgroup applies them', () => {
    const info = runCliJson<{ limits: { manifest: unknown; user: unknown; effective: unknown; mode: string; error: string | null } }>(['extensions', 'info', 'limited', '--json'], { home: home.home });
    assert.equal(info.code, 0, info.stderr);
    assert.deepEqual(info.json.limits, { manifest: { memoryMb: 256, processes: 64 }, user: { memoryMb: 200 }, effective: { memoryMb: 200, processes: 64 }, mode: 'cgroup', error: null });
    const text = runCli(['extensions', 'info', 'limited'], { home: home.home });
    assert.match(text.stdout, /Limits:\s+memoryMb 200, processes 64 \(by a cgroup of its own\)/);
  });

  it('runs in a cgroup of its own and is listed with its figures; stopped, its row keeps the last exit', async () => {
    const res = await fetch(hub.url('limited', '/pids'));
    assert.equal(res.status, 200);
    const { pid } = (await res.json()) as { pid: number };
    const row = hub.host.processes.list().find((r) => r.extension === 'limited');
    assert.equal(row?.kind, 'sidecar');
    assert.equal(row?.state, 'running');
    assert.equal(row?.pid, pid);
    assert.equal(row?.limitMode, 'cgroup');
    assert.deepEqual(row?.limits, { memoryMb: 200, processes: 64 });
    assert.ok((row?.rssBytes ?? 0) > 0 && row?.startedAt && row.readyAt);
    assert.match(readFileSync(`/proc/${pid}/cgroup`, 'utf8'), /\/outboard-limited-sidecar-[0-9a-f]{8}$/m);
    assert.equal(await hub.manager.stop('limited'), true);
    const stopped = hub.host.processes.list().find((r) => r.extension === 'limited');
    assert.equal(stopped?.state, 'stopped');
    assert.equal(stopped?.pid, undefined);
    assert.ok(stopped?.lastExit?.at);
  });
});
