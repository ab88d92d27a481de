// `outboard actions run` of a slow action: Ctrl+C (SIGINT to outboard's process group) cancels it in the
// peer and exits 130; progress is drawn on a terminal and not when piped; no peer is left running.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { runCli, runCliInTerminal } from './lib/fixture-home.js';
import { CliJob, actionsHome, isRunning, peerPids, waitFor } from './actions-home.js';
import type { ActionsHome } from './actions-home.js';

describe('outboard actions run: cancellation and progress', { timeout: 40_000 }, () => {
  let h: ActionsHome;
  const jobs: CliJob[] = [];
  before(() => {
    h = actionsHome([{ name: 'demo' }]);
  });
  after(() => {
    for (const j of jobs) j.killGroup();
    h.cleanup();
  });

  it('Ctrl+C cancels the running action: the peer sees the cancellation, outboard exits 130, the peer is stopped', async () => {
    const job = new CliJob(['actions', 'run', 'demo.slow', '--args', '{"steps":200,"stepMs":100}'], h);
    jobs.push(job);
    await waitFor('the peer to run the action', () => h.marksOf('demo').includes('invoke demo.slow'));
    // As a terminal does: SIGINT to the whole foreground process group. The peer has a group of its own,
    // so only outboard gets it, and cancels.
    process.kill(-(job.child.pid as number), 'SIGINT');
    const { code, signal } = await job.done();
    assert.equal(signal, null, job.stderr);
    assert.equal(code, 130, job.stderr);
    assert.match(job.stderr, /Cancelled demo\.slow\./);
    assert.equal(job.stdout, '');
    const marks = h.marksOf('demo');
    assert.ok(marks.includes('cancelled'), `the peer saw the cancellation: ${marks.join(' | ')}`);
    const [pid] = peerPids(h, 'demo');
    await waitFor('the peer to be gone', () => !isRunning(pid as number), 5000);
    assert.ok(marks.includes('connection closed'), 'stopped through its stdin after the cancellation, not killed by the SIGINT');
  });

  it('progress is drawn on a terminal', () => {
    const r = runCliInTerminal(['actions', 'run', 'demo.slow', '--args', '{"steps":4,"stepMs":150}'], [], { home: h.home, env: h.env });
    assert.equal(r.code, 0, r.output);
    assert.match(r.output, /\r\u001b\[2K[1-4]\/4/, JSON.stringify(r.output));
    assert.match(r.output, /slow done/);
  });

  it('and not when stderr is piped', () => {
    const r = runCli(['actions', 'run', 'demo.slow', '--args', '{"steps":4,"stepMs":150}'], { home: h.home, env: h.env });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'slow done\n');
    assert.equal(r.stderr, '');
    for (const pid of peerPids(h, 'demo')) assert.equal(isRunning(pid), false, `peer ${pid} left running`);
  });
});
