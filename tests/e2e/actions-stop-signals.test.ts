// `outboard actions run` stopped by SIGTERM (`timeout`, a service manager) or SIGHUP (a closed terminal) ends
// like Ctrl+C: the action is cancelled in the peer, the peer and everything it started (its process group) are
// stopped, and outboard exits 128 + n. Before, these signals killed the CLI and left the peer's children running.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { constants } from 'node:os';
import { CliJob, actionsHome, isRunning, peerPids, waitFor } from './actions-home.js';
import type { ActionsHome } from './actions-home.js';

describe('outboard actions run: SIGTERM and SIGHUP stop like SIGINT', { timeout: 60_000 }, () => {
  let h: ActionsHome;
  const jobs: CliJob[] = [];
  before(() => {
    h = actionsHome([{ name: 'spawner', mode: 'spawn-child' }]);
  });
  after(() => {
    for (const j of jobs) j.killGroup();
    for (const line of h.marksOf('spawner')) {
      const pid = Number(/^grandchild (\d+)$/.exec(line)?.[1]);
      if (pid) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone, as it should be
        }
      }
    }
    h.cleanup();
  });

  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    it(`${signal}: cancelled in the peer, the peer and its background grandchild stopped, exit ${128 + constants.signals[signal]}`, async () => {
      const before = h.marksOf('spawner').length;
      const job = new CliJob(['actions', 'run', 'spawner.slow', '--args', '{"steps":300,"stepMs":100}'], h);
      jobs.push(job);
      await waitFor('the peer to run the action', () => h.marksOf('spawner').slice(before).includes('invoke spawner.slow'));
      const marks = () => h.marksOf('spawner').slice(before);
      const grandchild = Number(marks().map((l) => /^grandchild (\d+)$/.exec(l)?.[1]).find(Boolean));
      const peer = Number(marks().map((l) => /^start (\d+)$/.exec(l)?.[1]).find(Boolean));
      assert.ok(grandchild > 0 && isRunning(grandchild), `the grandchild runs: ${marks().join(' | ')}`);
      // Only to outboard, as `timeout` or a hang-up does.
      process.kill(job.child.pid as number, signal);
      const { code, signal: died } = await job.done();
      assert.equal(died, null, `outboard handled ${signal} instead of dying of it: ${job.stderr}`);
      assert.equal(code, 128 + constants.signals[signal], job.stderr);
      assert.match(job.stderr, /Cancelled spawner\.slow\./);
      assert.ok(marks().includes('cancelled'), `the peer saw the cancellation: ${marks().join(' | ')}`);
      await waitFor('the peer to be gone', () => !isRunning(peer), 5000);
      await waitFor('the grandchild (which ignores SIGTERM) to be gone', () => !isRunning(grandchild), 5000);
      assert.deepEqual(peerPids(h, 'spawner').filter(isRunning), []);
    });
  }
});
