import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { ProcSampler } from '../../src/process/proc-sample.js';

describe('ProcSampler', () => {
  it('reads resident memory and CPU of a live process from /proc, and the CPU share since the last look', () => {
    assert.ok(existsSync('/proc/self/stat'), 'this test needs Linux /proc');
    const sampler = new ProcSampler();
    const first = sampler.sample(process.pid);
    assert.ok(first, 'a sample of this process');
    assert.ok(first.rssBytes > 1024 * 1024, `resident memory in bytes: ${first.rssBytes}`);
    assert.ok(first.cpuPercent >= 0);
    const start = Date.now();
    let spin = 0;
    while (Date.now() - start < 200) spin += Math.sqrt(spin + 1);
    const busy = sampler.sample(process.pid);
    assert.ok(busy && busy.cpuPercent > 0, `a busy loop shows as some CPU: ${busy?.cpuPercent}% (${spin > 0})`);
  });

  it('answers undefined for a process that is gone, and forgets pids it is told ended', () => {
    const sampler = new ProcSampler();
    assert.equal(sampler.sample(2 ** 22 + 12345), undefined);
    sampler.sample(process.pid);
    sampler.retain(new Set());
    assert.ok(sampler.sample(process.pid), 'sampled afresh');
  });
});
