// `outboard actions run` against peers that fail: the error output names the problem, the peer's last
// error and its log; a grant revoked by `extensions disable` in another process applies to the very next
// request of a running peer. No peer is left running.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from './lib/fixture-home.js';
import { CliJob, actionsHome, isRunning, peerPids, waitFor } from './actions-home.js';
import type { ActionsHome } from './actions-home.js';

describe('outboard actions run: failing peers', { timeout: 40_000 }, () => {
  let h: ActionsHome;
  const jobs: CliJob[] = [];
  before(() => {
    h = actionsHome([
      { name: 'crasher', mode: 'crash-on-start' },
      { name: 'midcrash', mode: 'crash-mid-request' },
      { name: 'rogue', mode: 'wrong-name' },
      { name: 'keeper', capabilities: { required: ['ui.action.contribute'], optional: ['storage.private'] } },
    ]);
  });
  after(() => {
    for (const j of jobs) j.killGroup();
    h.cleanup();
  });

  it('a peer crashing on start: exit 1, the exit code, its stderr and the log file are shown', () => {
    const r = runCli(['actions', 'run', 'crasher.hello'], { home: h.home, env: h.env });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /error: crasher: action crasher.hello failed: the peer exited with code 3 during the handshake/);
    assert.match(r.stderr, /crashing on start \(exit 3\)/);
    assert.match(r.stderr, /log: .*ext\/crasher\/logs\/peer\.log/);
    for (const pid of peerPids(h, 'crasher')) assert.equal(isRunning(pid), false);
  });

  it('a peer crashing mid-request: exit 1 naming the lost connection and the exit; the next run works', () => {
    const r = runCli(['actions', 'run', 'midcrash.hello'], { home: h.home, env: h.env });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /error: .*closed .* before "actions\/invoke" was answered/);
    assert.match(r.stderr, /peer: the peer exited with code 9 .*crashing in the middle of a request/);
    const again = runCli(['actions', 'run', 'midcrash.hello', '--args', '{"n":2}'], { home: h.home, env: h.env });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /^i hello \{"n":2\}$/m);
    for (const pid of peerPids(h, 'midcrash')) assert.equal(isRunning(pid), false);
  });

  it('a peer claiming another name: exit 1 naming both names', () => {
    const r = runCli(['actions', 'run', 'rogue.hello'], { home: h.home, env: h.env });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /claims to be "someone-else" but was started and approved as "rogue"/);
    assert.equal(peerPids(h, 'rogue').length, 1, 'not restarted');
  });

  it('`extensions disable` in another process revokes the grants of a running peer on its next request', async () => {
    const go = join(h.root, 'go');
    const job = new CliJob(['actions', 'run', 'keeper.call', '--args', JSON.stringify({ waitFor: go, method: 'storage/get', params: { scope: 'private', key: 'k' } })], h);
    jobs.push(job);
    await waitFor('the peer to run the action', () => h.marksOf('keeper').includes('invoke keeper.call'));
    const disabled = runCli(['extensions', 'disable', 'keeper'], { home: h.home, env: h.env });
    assert.equal(disabled.code, 0, disabled.stderr);
    writeFileSync(go, '');
    const { code } = await job.done();
    assert.equal(code, 0, job.stderr);
    const outcome = JSON.parse(job.stdout) as { error?: { code: string; message: string } };
    assert.equal(outcome.error?.code, 'denied');
    assert.match(outcome.error?.message ?? '', /`outboard extensions enable keeper --grant storage\.private`/);
    // Disabled: the next command refuses its actions, naming "disabled" and the command that enables it again.
    const after = runCli(['actions', 'run', 'keeper.call'], { home: h.home, env: h.env });
    assert.equal(after.code, 1);
    assert.equal(after.stderr, 'error: action keeper.call cannot run: extension keeper is disabled by the user — outboard extensions enable keeper\n');
  });
});
