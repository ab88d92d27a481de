// Peers the host refuses at the handshake (identity and declarations checked against the approved
// manifest), and peers that misbehave on the wire but are kept (garbage on stdout, oversized messages).
// Each runs beside a well-behaved peer that must keep working.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { peerHome } from './peer-fixtures.js';
import { readLog, readMarks, rejectionOf, startedPids, waitUntil } from './peer-probes.js';
import type { PeerFleet } from '../../src/index.js';

const fast = { heartbeat: false as const, crash: { initialDelayMs: 50, maxDelayMs: 200 }, stopStepMs: 300, handshakeTimeoutMs: 5000 };

async function assertSteadyWorks(peers: PeerFleet): Promise<void> {
  const result = await peers.invokeAction('steady.hello', { args: { n: 2 } });
  assert.deepEqual(result.notifications, [{ severity: 'info', message: 'hello {"n":2}' }]);
}

/** Starts the refused peer through its action and checks: failed, the message names what, no restart loop. */
async function assertRefused(mode: string, refused: RegExp): Promise<void> {
  const env = await peerHome([
    { name: 'rogue', mode },
    { name: 'steady' },
  ]);
  try {
    const peers = await env.host.peers({ supervisor: fast });
    await assertSteadyWorks(peers);
    const error = await rejectionOf(peers.invokeAction('rogue.hello', {}));
    assert.equal((error as { reason?: string }).reason, 'unavailable');
    assert.match(error.message, refused);
    // Said once, named: `<extension>: action <id> failed: <message>`, with no second copy in the details.
    assert.match(error.message, /^rogue: action rogue\.hello failed: handshake failed: /);
    assert.ok(!(error as { details?: string[] }).details?.some((d) => refused.test(d)), 'the refusal is not repeated');
    const rogue = await peers.supervisor('rogue');
    assert.equal(rogue?.state, 'failed');
    assert.match(String(rogue?.status().lastError), refused);
    assert.match(await readLog(rogue), refused);
    // No restart loop: failed with no restart scheduled, one start, and later requests are refused with the reason.
    assert.equal(rogue?.status().restartPending, false);
    assert.equal(startedPids(env.marks, 'rogue').length, 1);
    assert.equal(rogue?.status().recentCrashes, 0);
    assert.match((await rejectionOf(peers.invokeAction('rogue.hello', {}))).message, refused);
    assert.equal(startedPids(env.marks, 'rogue').length, 1);
    // Nothing it announced became visible.
    assert.deepEqual(peers.contributions.actions().filter((a) => a.extension === 'rogue'), []);
    assert.ok(!readMarks(env.marks, 'rogue').some((l) => l.startsWith('activated')), 'it was never activated');
    await assertSteadyWorks(peers);
  } finally {
    await env.cleanup();
  }
}

describe('peers refused at the handshake', { timeout: 40_000 }, () => {
  it('a peer asking for a capability its manifest does not declare is failed, naming the capability', async () => {
    await assertRefused('undeclared-capability', /asks for "storage\.private", which its manifest does not declare/);
  });

  it('a peer claiming another extension\'s name is failed, naming both names', async () => {
    await assertRefused('wrong-name', /claims to be "someone-else" but was started and approved as "rogue"/);
  });

  it('a peer announcing another version than the approved one is failed, naming both versions', async () => {
    await assertRefused('wrong-version', /claims version "9\.9\.9" but version 1\.0\.0 of rogue was started and approved/);
  });

  it('a peer announcing a contribution its manifest does not declare is failed, naming it', async () => {
    await assertRefused('undeclared-contribution', /announces action fx\.secret, which its approved manifest does not declare/);
  });
});

describe('peers that misbehave on the wire', { timeout: 40_000 }, () => {
  it('garbage on stdout: the peer keeps working, one warning naming the extension is logged, the lines are in diagnostics', async () => {
    const env = await peerHome([
      { name: 'noisy', mode: 'garbage' },
      { name: 'steady' },
    ]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      for (let i = 0; i < 3; i++) {
        const result = await peers.invokeAction('noisy.hello', { args: { i } });
        assert.deepEqual(result.notifications, [{ severity: 'info', message: `hello {"i":${i}}` }]);
        await assertSteadyWorks(peers);
      }
      const noisy = await peers.supervisor('noisy');
      assert.equal(noisy?.state, 'ready');
      assert.equal(startedPids(env.marks, 'noisy').length, 1, 'never restarted');
      const status = noisy?.status();
      const log = await readLog(noisy);
      const warnings = log.split('\n').filter((l) => l.includes('not a protocol message'));
      assert.equal(warnings.length, 1, `one warning, got:\n${warnings.join('\n')}`);
      assert.match(warnings[0] as string, /extension noisy wrote a line to stdout/);
      assert.equal(status?.connection?.strayLines, 5);
      assert.deepEqual(status?.connection?.recentStrayLines, ['this is not JSON', 'neither is this', 'stray line during noisy.hello', 'stray line during noisy.hello', 'stray line during noisy.hello']);
      // Kept after the peer stopped, for `extensions info`.
      await noisy?.stop();
      assert.equal(noisy?.status().connection?.strayLines, 5);
    } finally {
      await env.cleanup();
    }
  });

  it('oversized messages are answered with too_large, the connection lives on, the next action works', async () => {
    const env = await peerHome([
      { name: 'bulky', mode: 'oversized' },
      { name: 'steady' },
    ]);
    try {
      const peers = await env.host.peers({ supervisor: fast });
      await peers.invokeAction('bulky.hello', {});
      const bulky = await peers.supervisor('bulky');
      const pid = bulky?.status().pid;
      // The peer sent a 2 MiB request: answered with too_large, not read into memory.
      await waitUntil('the oversized request to be answered', () => readMarks(env.marks, 'bulky').includes('oversized request answered too_large'), 5000);
      await waitUntil('the oversized notification to be sent', () => readMarks(env.marks, 'bulky').includes('oversized notification sent'), 5000);
      // An answer over the limit: the action fails with too_large, naming the limit.
      const error = await rejectionOf(peers.invokeAction('bulky.big', { args: { bytes: 2 * 1024 * 1024 } }));
      assert.equal((error as { reason?: string }).reason, 'too_large');
      assert.match(error.message, /over the 1048576-byte limit/);
      // Same process, same connection, still working.
      const result = await peers.invokeAction('bulky.hello', { args: { after: true } });
      assert.deepEqual(result.notifications, [{ severity: 'info', message: 'hello {"after":true}' }]);
      assert.equal(bulky?.status().pid, pid);
      assert.equal(bulky?.state, 'ready');
      assert.equal(startedPids(env.marks, 'bulky').length, 1);
      assert.equal(bulky?.status().connection?.oversizedIncoming, 3);
      const log = await readLog(bulky);
      assert.match(log, /protocol warning: extension bulky sent a request "notifications\/show".* over the 1048576-byte limit/);
      await assertSteadyWorks(peers);
    } finally {
      await env.cleanup();
    }
  });
});
