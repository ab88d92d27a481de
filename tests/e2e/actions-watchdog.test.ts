// `kill -9` of `outboard actions run` (no hub): the CLI cannot stop anything itself, so the host's watchdog
// must stop the private peer and everything it started (its process group) within 2 s of the CLI's death.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { CliJob, actionsHome, isRunning, waitFor } from './actions-home.js';
import type { ActionsHome } from './actions-home.js';

describe('outboard actions run killed by SIGKILL: the watchdog stops its peer', { timeout: 60_000 }, () => {
  let h: ActionsHome;
  const jobs: CliJob[] = [];
  const strays: number[] = [];
  before(() => {
    h = actionsHome([
      { name: 'spawner', mode: 'background-grandchild' },
      { name: 'stubborn', mode: 'spawn-child' },
    ]);
  });
  after(() => {
    for (const j of jobs) j.killGroup();
    for (const pid of strays) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone, as it should be
      }
    }
    h.cleanup();
  });

  // background-grandchild: `sleep 300` in the peer's group; spawn-child: a grandchild that ignores SIGTERM (SIGKILL after the grace).
  for (const name of ['spawner', 'stubborn']) {
    it(`${name}: the peer and its grandchild are gone within 2 s of kill -9`, async () => {
      const job = new CliJob(['actions', 'run', `${name}.slow`, '--args', '{"steps":300,"stepMs":100}'], h);
      jobs.push(job);
      await waitFor('the peer to run the action', () => h.marksOf(name).includes(`invoke ${name}.slow`));
      const marks = h.marksOf(name);
      const peer = Number(marks.map((l) => /^start (\d+)$/.exec(l)?.[1]).find(Boolean));
      const grandchild = Number(marks.map((l) => /^grandchild (\d+)$/.exec(l)?.[1]).find(Boolean));
      strays.push(peer, grandchild);
      assert.ok(peer > 0 && isRunning(peer), `the peer runs: ${marks.join(' | ')}`);
      assert.ok(grandchild > 0 && isRunning(grandchild), `the grandchild runs: ${marks.join(' | ')}`);
      process.kill(job.child.pid as number, 'SIGKILL');
      await job.done();
      const killedAt = Date.now();
      await waitFor('the peer and its grandchild to stop', () => !isRunning(peer) && !isRunning(grandchild), 10_000);
      const took = Date.now() - killedAt;
      assert.ok(took <= 2000, `stopped ${took} ms after the kill; the watchdog promises 2 s`);
    });
  }
});
