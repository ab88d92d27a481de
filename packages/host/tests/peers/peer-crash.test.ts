// Peers that crash or hang, with real processes: each test runs a well-behaved peer beside the bad one and
// checks that the host stays up, the good peer keeps working, and the user is told what happened.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { peerHome } from './peer-fixtures.js';
import { isAlive, readLog, readMarks, rejectionOf, startedPids, waitUntil } from './peer-probes.js';
import type { PeerFleet, PeerSupervisor } from '../../src/index.js';

const fast = { heartbeat: false as const, crash: { initialDelayMs: 50, maxDelayMs: 400, random: () => 1 }, stopStepMs: 300, handshakeTimeoutMs: 3000 };

async function supervisorOf(peers: PeerFleet, name: string): Promise<PeerSupervisor> {
  const s = await peers.supervisor(name);
  assert.ok(s, `no supervisor for ${name}`);
  return s;
}

/** The good peer answers its action (the proof that a bad neighbour did not affect it). */
async function assertSteadyWorks(peers: PeerFleet): Promise<void> {
  const result = await peers.invokeAction('steady.hello', { args: { n: 1 } });
  assert.deepEqual(result.notifications, [{ severity: 'info', message: 'hello {"n":1}' }]);
}

describe('peer crashes', { timeout: 40_000 }, () => {
  it('a peer crashing on start is restarted with backoff, then failed after more than 3 crashes, with its stderr', async () => {
    const env = await peerHome([
      { name: 'crasher', mode: 'crash-on-start' },
      { name: 'steady' },
    ]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      await assertSteadyWorks(peers);
      const first = await rejectionOf(peers.invokeAction('crasher.hello', {}));
      assert.equal((first as { reason?: string }).reason, 'unavailable');
      const crasher = await supervisorOf(peers, 'crasher');
      // The good peer works while the other one crash-loops.
      await assertSteadyWorks(peers);
      await waitUntil('the crasher to be failed', () => crasher.state === 'failed', 8000);
      const status = crasher.status();
      assert.equal(startedPids(env.marks, 'crasher').length, 4, 'the first start and 3 restarts, no more');
      assert.equal(status.recentCrashes, 4);
      assert.match(String(status.lastError), /exited with code 3/);
      assert.match(String(status.lastError), /not restarting/);
      assert.match(String(status.lastError), /crashing on start/, 'the stderr tail is in the last error');
      assert.ok(status.stderrTail.some((l) => l.includes('crashing on start')));
      // Backoff: the delays double (random fixed at 1: 50, 100, 200 ms).
      const delays = status.transitions.map((t) => /restarting in (\d+) ms/.exec(t.reason)?.[1]).filter(Boolean).map(Number);
      assert.deepEqual(delays, [50, 100, 200]);
      const log = await readLog(crasher);
      assert.match(log, /crashing on start/);
      assert.match(log, /not restarting/);
      // No further restarts, and the next request is refused at once with the reason.
      assert.equal(crasher.state, 'failed');
      assert.equal(crasher.status().restartPending, false, 'failed: no restart is scheduled');
      assert.equal(startedPids(env.marks, 'crasher').length, 4);
      const later = await rejectionOf(peers.invokeAction('crasher.hello', {}));
      assert.match(later.message, /has failed/);
      assert.match(later.message, /exited with code 3/);
      await assertSteadyWorks(peers);
      // An explicit restart forgets the crashes and tries again.
      await rejectionOf(crasher.restart());
      assert.equal(startedPids(env.marks, 'crasher').length, 5);
    } finally {
      await env.cleanup();
    }
  });

  it('a peer crashing mid-request: the action rejects with unavailable promptly, contributions go, the restarted peer works', async () => {
    const env = await peerHome([
      { name: 'midcrash', mode: 'crash-mid-request' },
      { name: 'steady' },
    ]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      await assertSteadyWorks(peers);
      const changes: string[] = [];
      peers.contributions.onChange((c) => c.extension === 'midcrash' && changes.push(c.kind));
      const slowGood = peers.invokeAction('steady.slow', { args: { steps: 5, stepMs: 100 } });
      const started = Date.now();
      const error = await rejectionOf(peers.invokeAction('midcrash.hello', {}));
      assert.equal((error as { reason?: string }).reason, 'unavailable');
      assert.ok(Date.now() - started < 2000, `rejected after ${Date.now() - started} ms`);
      assert.ok(changes.includes('removed'), `contributions removed on the crash: ${changes.join(',')}`);
      assert.match(error.message, /closed .* before "actions\/invoke" was answered/);
      const midcrash = await supervisorOf(peers, 'midcrash');
      await waitUntil('the exit to be recorded', () => midcrash.status().lastError, 2000);
      assert.match(String(midcrash.status().lastError), /exited with code 9/);
      assert.match(String(midcrash.status().lastError), /crashing in the middle of a request/);
      // The good peer's own slow action went through the crash untouched.
      assert.equal((await slowGood).view?.type, 'text');
      await waitUntil('the restarted peer to be ready', () => midcrash.state === 'ready', 5000);
      const [firstPid, secondPid] = startedPids(env.marks, 'midcrash');
      assert.ok(firstPid && secondPid && firstPid !== secondPid);
      assert.equal(isAlive(firstPid), false);
      const result = await peers.invokeAction('midcrash.hello', { args: { again: true } });
      assert.deepEqual(result.notifications, [{ severity: 'info', message: 'hello {"again":true}' }]);
      assert.deepEqual(changes, ['added', 'removed', 'added']);
      assert.ok(peers.contributions.actions().some((a) => a.id === 'midcrash.hello'));
    } finally {
      await env.cleanup();
    }
  });

  it('a peer hanging in the handshake is killed at the deadline and counted as a crash', async () => {
    const env = await peerHome([
      { name: 'hanger', mode: 'hang-handshake' },
      { name: 'steady' },
    ]);
    try {
      // Long enough for a loaded machine to start the good peer (it starts first), short enough for the test.
      const peers = await env.host.peers({ supervisor: { ...fast, handshakeTimeoutMs: 2000 } });
      await assertSteadyWorks(peers);
      const started = Date.now();
      const error = await rejectionOf(peers.invokeAction('hanger.hello', {}));
      assert.ok(Date.now() - started < 5000, `gave up after ${Date.now() - started} ms`);
      assert.equal((error as { reason?: string }).reason, 'unavailable');
      assert.match(error.message, /did not finish the handshake within 2000 ms/);
      assert.ok(readMarks(env.marks, 'hanger').includes('hanging in initialize'));
      const hanger = await supervisorOf(peers, 'hanger');
      const [firstPid] = startedPids(env.marks, 'hanger');
      assert.ok(firstPid);
      await waitUntil('the hung peer to be killed', () => !isAlive(firstPid), 3000);
      // Counted as a crash: restarted with backoff like any crash.
      assert.equal(hanger.status().recentCrashes, 1);
      assert.match(String(hanger.status().lastError), /did not finish the handshake/);
      await waitUntil('a restart', () => startedPids(env.marks, 'hanger').length >= 2, 3000);
      await assertSteadyWorks(peers);
      await hanger.stop();
      for (const pid of startedPids(env.marks, 'hanger')) assert.equal(isAlive(pid), false, `pid ${pid} left running`);
      assert.equal(hanger.state, 'stopped');
    } finally {
      await env.cleanup();
    }
  });

  it('a peer stuck after ready (event loop blocked) is marked degraded by the heartbeat and restarted', async () => {
    const env = await peerHome([
      { name: 'stuck', mode: 'stuck-after-ready' },
      { name: 'steady' },
    ]);
    try {
      const peers = await env.host.peers({ supervisor: { ...fast, heartbeat: { intervalMs: 100, timeoutMs: 300 } } });
      const states: string[] = [];
      env.host.bus.subscribe({ types: ['extension.peer.state'] }, (e) => {
        if (e.attributes['extension'] === 'stuck') states.push(String(e.attributes['to']));
      });
      await peers.invokeAction('stuck.hello', {});
      const stuck = await supervisorOf(peers, 'stuck');
      await waitUntil('the peer to be stuck', () => readMarks(env.marks, 'stuck').includes('stuck'), 3000);
      await waitUntil('a restart after the heartbeat gave up', () => startedPids(env.marks, 'stuck').length === 2 && stuck.state === 'ready', 8000);
      assert.ok(states.includes('degraded'), `states: ${states.join(' → ')}`);
      assert.deepEqual(states.slice(states.indexOf('degraded')), ['degraded', 'stopped', 'starting', 'handshaking', 'ready']);
      const [firstPid] = startedPids(env.marks, 'stuck');
      assert.equal(isAlive(firstPid as number), false);
      assert.match(await readLog(stuck), /not answering pings .* \(stuck\); restarting it/);
      assert.deepEqual((await peers.invokeAction('stuck.hello', { args: { after: 1 } })).notifications, [{ severity: 'info', message: 'hello {"after":1}' }]);
      await assertSteadyWorks(peers);
    } finally {
      await env.cleanup();
    }
  });
});
