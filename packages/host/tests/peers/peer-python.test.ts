// The Python fixture peer (stdlib only) through the same supervisor: a well-behaved one, one crashing on
// start, one claiming another name, one writing garbage to stdout and one flooding. Each runs beside a
// well-behaved Node peer, which must keep working.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { peerHome } from './peer-fixtures.js';
import type { PeerFixture } from './peer-fixtures.js';
import { assertFloodContained } from './peer-flood-check.js';
import { isAlive, readLog, readMarks, rejectionOf, startedPids, waitUntil } from './peer-probes.js';
import type { PeerFleet } from '../../src/index.js';

const fast = { heartbeat: false as const, crash: { initialDelayMs: 50, maxDelayMs: 400, random: () => 1 }, stopStepMs: 300, handshakeTimeoutMs: 10_000 };

async function withPython(mode: string, body: (peers: PeerFleet, env: Awaited<ReturnType<typeof peerHome>>) => Promise<void>, extra: Partial<PeerFixture> = {}): Promise<void> {
  const env = await peerHome([{ name: 'snake', mode, runtime: 'python', ...extra }, { name: 'steady' }]);
  try {
    const peers = await env.host.peers({ supervisor: fast });
    await body(peers, env);
    const steady = await peers.invokeAction('steady.hello', { args: { n: 3 } });
    assert.deepEqual(steady.notifications, [{ severity: 'info', message: 'hello {"n":3}' }]);
  } finally {
    await env.cleanup();
  }
}

describe('the Python fixture peer', { timeout: 40_000 }, () => {
  it('well-behaved: handshakes, runs actions (calling the host back), answers RPC, stops on stdin close', async () => {
    await withPython('good', async (peers, env) => {
      const result = await peers.invokeAction('snake.hello', { projectId: 'p1', args: { a: 1 } });
      assert.deepEqual(result.notifications, [{ severity: 'info', message: 'hello from python {"a":1}' }]);
      assert.deepEqual(result.view, { type: 'table', columns: ['key', 'value'], rows: [['project', 'p1'], ['grants', 'events.publish,hub.request,ui.action.contribute,ui.notification']], truncated: false });
      const notified = await peers.invokeAction('snake.notify', {});
      assert.match(notified.notifications[0]?.message ?? '', /^shown \{"ok": \{"id": \d+\}\}$/);
      assert.ok(peers.notifications.current().some((n) => n.extension === 'snake' && n.message === 'hello from the python peer'));
      assert.deepEqual(await peers.callRpc('snake.echo', { x: 1 }), { echoed: { x: 1 }, method: 'snake.echo' });
      const snake = await peers.supervisor('snake');
      const pid = snake?.status().pid as number;
      await snake?.stop();
      assert.equal(isAlive(pid), false);
      assert.ok(readMarks(env.marks, 'snake').includes('connection closed'), 'it exited on its own when stdin closed');
      assert.doesNotMatch(await readLog(snake), /SIGTERM/);
    });
  });

  it('crash on start: restarted with backoff, failed after more than 3 crashes with its stderr tail', async () => {
    await withPython('crash-on-start', async (peers, env) => {
      const error = await rejectionOf(peers.invokeAction('snake.hello', {}));
      assert.match(error.message, /the peer exited with code 3 during the handshake/);
      const snake = await peers.supervisor('snake');
      await waitUntil('the python peer to be failed', () => snake?.state === 'failed', 15_000);
      assert.equal(startedPids(env.marks, 'snake').length, 4);
      assert.match(String(snake?.status().lastError), /not restarting/);
      assert.match(String(snake?.status().lastError), /crashing on start \(exit 3\)/);
      assert.equal(snake?.status().restartPending, false, 'failed: no restart is scheduled');
    });
  });

  it('another name: refused at the handshake, failed, no restart', async () => {
    await withPython('wrong-name', async (peers, env) => {
      const error = await rejectionOf(peers.invokeAction('snake.hello', {}));
      assert.match(error.message, /claims to be "someone-else" but was started and approved as "snake"/);
      const snake = await peers.supervisor('snake');
      assert.equal(snake?.state, 'failed');
      assert.equal(snake?.status().restartPending, false, 'refused: no restart is scheduled');
      assert.equal(startedPids(env.marks, 'snake').length, 1);
      assert.deepEqual(peers.contributions.actions().filter((a) => a.extension === 'snake'), []);
    });
  });

  it('garbage on stdout: keeps working, one warning naming the extension, the lines in diagnostics', async () => {
    await withPython('garbage', async (peers) => {
      for (let i = 0; i < 2; i++) assert.deepEqual((await peers.invokeAction('snake.hello', { args: { i } })).notifications, [{ severity: 'info', message: `hello from python {"i":${i}}` }]);
      const snake = await peers.supervisor('snake');
      const status = snake?.status();
      const warnings = (await readLog(snake)).split('\n').filter((l) => l.includes('not a protocol message'));
      assert.equal(warnings.length, 1);
      assert.match(warnings[0] as string, /extension snake wrote a line to stdout/);
      assert.deepEqual(status?.connection?.recentStrayLines, ['this is not JSON', 'neither is this', 'stray line during snake.hello', 'stray line during snake.hello']);
    });
  });

  it('flood: the host stays responsive, drops over the rate limit with a note, memory stays bounded', async () => {
    await assertFloodContained({ name: 'snake', mode: 'flood', runtime: 'python' });
  });
});
