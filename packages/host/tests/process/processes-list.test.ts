// `processes.list`: the host's table of supervised processes, as the hub's Running page reads it. A real
// fixture peer registers its row when its supervisor is made; figures come from /proc; a crash shows as
// the last exit and a restart.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { peerHome } from '../peers/peer-fixtures.js';
import { readProc, ProcSampler } from '../../src/process/proc-sample.js';
import type { ProcessRow } from '../../src/index.js';
import { waitUntil } from '../peers/peer-probes.js';

describe('processes.list', { timeout: 60_000 }, () => {
  it('lists a running peer with pid, times, restarts, CPU and memory, and its last exit after a crash', async () => {
    const env = await peerHome([{ name: 'steady' }, { name: 'wobbly', mode: 'crash-mid-request' }]);
    try {
      const peers = await env.host.peers({ supervisor: { heartbeat: false, stopStepMs: 300, crash: { initialDelayMs: 50, random: () => 1 } } });
      const list = async () => (await env.host.rpc.call('processes.list', {})) as ProcessRow[];
      assert.deepEqual(await list(), [], 'no supervisor yet: nothing listed');
      await peers.invokeAction('steady.hello', {});
      await list();
      const [steady] = await list();
      assert.equal(steady?.extension, 'steady');
      assert.equal(steady?.kind, 'peer');
      assert.equal(steady?.state, 'ready');
      assert.equal(steady?.pid, (await peers.supervisor('steady'))?.status().pid);
      assert.ok(Date.parse(steady?.startedAt ?? '') <= Date.parse(steady?.readyAt ?? ''), 'ready after started');
      assert.equal(steady?.restarts, 0);
      assert.ok((steady?.rssBytes ?? 0) > 1024 * 1024, `resident memory ${steady?.rssBytes}`);
      assert.equal(typeof steady?.cpuPercent, 'number', 'a CPU share once sampled twice');
      assert.equal(steady?.limitMode, 'none');
      assert.equal(steady?.connections?.via, 'sockets', 'a peer\'s open connections are its sockets from /proc');
      assert.equal(steady?.throttling, undefined, 'no CPU limit: no throttling figure');
      // A crash mid-request: its row keeps the last exit, and the restart is counted.
      await assert.rejects(peers.invokeAction('wobbly.hello', {}));
      await waitUntil('wobbly to be restarted', async () => (await list()).find((r) => r.extension === 'wobbly')?.restarts === 1, 10_000);
      const wobbly = (await list()).find((r) => r.extension === 'wobbly');
      assert.equal(wobbly?.lastExit?.code, 9);
      assert.equal(wobbly?.lastExit?.reason, 'exited with code 9');
      assert.ok(!Number.isNaN(Date.parse(wobbly?.lastExit?.at ?? '')));
    } finally {
      await env.cleanup();
    }
  });

  it('reads CPU time and resident memory of a live process from /proc, and nothing of a gone one', () => {
    const now = readProc(process.pid);
    assert.ok(now && now.rssBytes > 0 && now.cpuTicks >= 0);
    assert.equal(readProc(2 ** 22 + 1), undefined);
    const sampler = new ProcSampler(process.pid);
    assert.equal(sampler.sample()?.cpuPercent, undefined, 'no share from one reading');
    const end = Date.now() + 50;
    while (Date.now() < end); // busy: the next share is above zero
    assert.ok((sampler.sample()?.cpuPercent ?? 0) > 0);
  });
});
