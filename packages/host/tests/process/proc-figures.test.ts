// The Running page's newer figures, read for real: the sockets a process holds (from /proc), and how often a
// cgroup's CPU limit held its processes back (`cpu.stat`, v2 and v1 spellings; a real cgroup on this machine:
// root with writable hierarchies, so a missing one fails, it never skips).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ProcessContainment } from '../../src/process/containment.js';
import { readCpuThrottling } from '../../src/process/cpu-throttling.js';
import { readOpenSockets } from '../../src/process/proc-sample.js';

describe('process figures', { timeout: 30_000 }, () => {
  it('counts the sockets a live process holds, and nothing of a gone one', async () => {
    const before = readOpenSockets(process.pid);
    assert.equal(typeof before, 'number');
    const servers = [createServer(), createServer()];
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
    try {
      assert.equal(readOpenSockets(process.pid), (before as number) + 2, 'two listening sockets more');
    } finally {
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    }
    assert.equal(readOpenSockets(2 ** 22 + 1), undefined);
  });

  it('reads throttling from cpu.stat in the v2 and v1 spellings, and nothing without one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'outboard-cpustat-'));
    try {
      assert.equal(readCpuThrottling(dir), undefined, 'no cpu.stat');
      writeFileSync(join(dir, 'cpu.stat'), 'usage_usec 5000\nnr_periods 40\nnr_throttled 7\nthrottled_usec 123456\n');
      assert.deepEqual(readCpuThrottling(dir), { periods: 40, throttledPeriods: 7, throttledMs: 123 });
      writeFileSync(join(dir, 'cpu.stat'), 'nr_periods 10\nnr_throttled 3\nthrottled_time 2500000000\n');
      assert.deepEqual(readCpuThrottling(dir), { periods: 10, throttledPeriods: 3, throttledMs: 2500 });
      writeFileSync(join(dir, 'cpu.stat'), 'usage_usec 5000\n');
      assert.equal(readCpuThrottling(dir), undefined, 'a cgroup without the CPU controller');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a busy process in a cgroup with a CPU limit shows as throttled; one without a CPU limit shows nothing', async () => {
    const containment = new ProcessContainment({ hostId: 'outboard-test' });
    const limited = containment.contain('busy', 'peer', { cpuPercent: 10 });
    const unlimited = containment.contain('calm', 'peer', { processes: 50 });
    assert.equal(limited.mode, 'cgroup', 'a cgroup on this machine');
    assert.equal(unlimited.cpuThrottling(), undefined, 'no CPU limit: nothing to show');
    const argv = limited.wrap(process.execPath, ['-e', 'const end = Date.now() + 1500; while (Date.now() < end);']);
    const child = spawn(argv.command, argv.args, { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await exited;
      const t = limited.cpuThrottling();
      assert.ok(t, 'throttling read from its cgroup');
      assert.ok(t.throttledPeriods > 0 && t.throttledPeriods <= t.periods, `throttled ${JSON.stringify(t)}`);
      assert.ok(t.throttledMs > 0);
    } finally {
      child.kill('SIGKILL');
      limited.dispose();
      unlimited.dispose();
    }
  });
});
