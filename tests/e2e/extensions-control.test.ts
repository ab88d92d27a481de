// `outboard extensions logs|stop|restart <name>`: the peer's log, escaped, and followed; stop and restart of its
// peer in the running hub (POST /api/hub/extensions/<name>/stop|restart), and what they do without a hub.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { actionsHome, CliJob, isRunning, peerPids, waitFor, type ActionsHome } from './actions-home.js';
import { startBusHub, type TestBusHub } from './events-hub.js';

async function cli(args: string[], h: ActionsHome): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const job = new CliJob(args, h);
  const { code } = await job.done(30_000);
  return { code, stdout: job.stdout, stderr: job.stderr };
}

describe('outboard extensions logs, stop and restart', { timeout: 120_000 }, () => {
  let h: ActionsHome;
  let hub: TestBusHub | undefined;
  const jobs: CliJob[] = [];
  before(() => {
    h = actionsHome([{ name: 'ctl' }]);
  });
  after(async () => {
    for (const j of jobs) j.killGroup();
    await hub?.close();
    h.cleanup();
  });

  it('logs: none yet, then the peer log (escaped) after a run', async () => {
    const none = await cli(['extensions', 'logs', 'ctl'], h);
    assert.equal(none.code, 0, none.stderr);
    assert.match(none.stdout, /^No logs of ctl yet \(.*ext\/ctl\/logs\): /);
    const ran = await cli(['actions', 'run', 'ctl.hello'], h);
    assert.equal(ran.code, 0, ran.stderr);
    appendFileSync(join(h.home, 'ext', 'ctl', 'logs', 'peer.log'), 'a line with \u001b[31mcolour\u001b[0m and \u0007 bell\n');
    const logs = await cli(['extensions', 'logs', 'ctl'], h);
    assert.equal(logs.code, 0, logs.stderr);
    assert.match(logs.stdout, /^==> peer\.log <==\n/);
    assert.match(logs.stdout, /\[host /, 'the host\'s lifecycle notes are in it');
    assert.ok(logs.stdout.includes('a line with \\x1b[31mcolour\\x1b[0m and \\x07 bell'), logs.stdout);
    assert.doesNotMatch(logs.stdout, /\u001b|\u0007/);
    const unknown = await cli(['extensions', 'logs', 'nope'], h);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no installed extension is called "nope"/);
  });

  it('logs --follow prints new lines as they come and stops on Ctrl+C', async () => {
    const job = new CliJob(['extensions', 'logs', 'ctl', '--follow', '--lines', '1'], h);
    jobs.push(job);
    await waitFor('the last line', () => job.stdout.includes('==> peer.log <=='));
    appendFileSync(join(h.home, 'ext', 'ctl', 'logs', 'peer.log'), 'followed line\n');
    await waitFor('the new line', () => job.stdout.includes('peer.log: followed line'));
    process.kill(job.child.pid as number, 'SIGINT');
    const { code } = await job.done();
    assert.equal(code, 130);
  });

  it('without a hub: stop has nothing to stop; restart starts the peer afresh once', async () => {
    const stopped = await cli(['extensions', 'stop', 'ctl'], h);
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.match(stopped.stdout, /No hub runs for this home.*nothing to stop/);
    const before = peerPids(h, 'ctl').length;
    const restarted = await cli(['extensions', 'restart', 'ctl'], h);
    assert.equal(restarted.code, 0, restarted.stderr);
    assert.match(restarted.stdout, /^Started ctl's peer afresh in this process \(pid \d+\): it is ready\. No hub runs/);
    const pids = peerPids(h, 'ctl').slice(before);
    assert.equal(pids.length, 1);
    assert.ok(!isRunning(pids[0] as number), 'stopped with the command');
  });

  it('with a hub: stop and restart its peer there', async () => {
    hub = await startBusHub({ home: h.home, env: h.env, advertise: true, peers: true });
    const ran = await cli(['actions', 'run', 'ctl.hello'], h);
    assert.equal(ran.code, 0, ran.stderr);
    const peers = await hub.host.peers();
    const first = (await peers.peerStatus('ctl'))?.pid as number;
    assert.ok(first > 0 && isRunning(first), 'the hub\'s peer runs');
    const stopped = await cli(['extensions', 'stop', 'ctl'], h);
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.equal(stopped.stdout, 'Stopped the peer of ctl in the hub.\n');
    assert.equal((await peers.peerStatus('ctl'))?.state, 'stopped');
    await waitFor('the peer to exit', () => !isRunning(first), 5000);
    const again = await cli(['extensions', 'stop', 'ctl'], h);
    assert.equal(again.stdout, 'Nothing of ctl was running in the hub.\n');
    const restarted = await cli(['extensions', 'restart', 'ctl'], h);
    assert.equal(restarted.code, 0, restarted.stderr);
    assert.equal(restarted.stdout, 'Restarted the peer of ctl in the hub.\n');
    const status = await peers.peerStatus('ctl');
    assert.equal(status?.state, 'ready');
    assert.ok(status?.pid && status.pid !== first && isRunning(status.pid), 'a new peer process');
  });
});
