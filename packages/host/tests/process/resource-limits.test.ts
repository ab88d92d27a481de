// Resource limits of a peer, for real (DESIGN §12): a cgroup of its own on this machine (root, writable
// hierarchies: a missing cgroup fails these tests, it never skips them), and the rlimit fallback forced by
// OUTBOARD_LIMIT_MODE. Over its memory limit a peer is stopped as `over memory limit`, not as a crash;
// forking is bounded by its process limit; a setsid daemon it left goes with it; open files are bounded.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { peerHome } from '../peers/peer-fixtures.js';
import { isAlive, waitUntil } from '../peers/peer-probes.js';
import type { PeerFleet, ProcessRow } from '../../src/index.js';

const ACTIONS = ['alloc', 'fork', 'daemon', 'files', 'pid'].map((a) => ({ id: `limited.${a}`, title: a }));
const fast = { heartbeat: false as const, stopStepMs: 300, crash: { initialDelayMs: 50, random: () => 1 } };

async function withLimited(limits: Record<string, number>, mode: 'auto' | 'rlimit', body: (peers: PeerFleet, env: Awaited<ReturnType<typeof peerHome>>) => Promise<void>): Promise<void> {
  const env = await peerHome([{ name: 'limited', script: 'limits-peer.mjs', contributes: { actions: ACTIONS }, limits }], { OUTBOARD_LIMIT_MODE: mode });
  try {
    await body(await env.host.peers({ supervisor: fast }), env);
  } finally {
    await env.cleanup();
  }
}

async function run(peers: PeerFleet, what: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const result = await peers.invokeAction(`limited.${what}`, { args });
  assert.equal(result.view?.type, 'text');
  return JSON.parse((result.view as { text: string }).text) as Record<string, unknown>;
}

function row(env: { host: { processes: { list(): ProcessRow[] } } }): ProcessRow | undefined {
  return env.host.processes.list().find((r) => r.extension === 'limited' && r.kind === 'peer');
}

async function assertOverMemoryStops(peers: PeerFleet, env: Awaited<ReturnType<typeof peerHome>>, mode: 'cgroup' | 'rlimit'): Promise<void> {
  const { pid } = await run(peers, 'pid');
  assert.equal(row(env)?.limitMode, mode);
  assert.equal(row(env)?.pid, pid);
  const started = Date.now();
  await assert.rejects(run(peers, 'alloc', { mb: 2048 }));
  const supervisor = await peers.supervisor('limited');
  await waitUntil('the peer to be stopped over its memory limit', () => supervisor?.state === 'stopped' && row(env)?.lastExit?.reason === 'over memory limit', 5_000);
  const elapsed = Date.now() - started;
  assert.ok(elapsed < 2_000, `stopped and reported ${elapsed} ms after it began allocating`);
  assert.equal(isAlive(pid as number), false);
  const status = supervisor?.status();
  assert.equal(status?.recentCrashes, 0, 'over its memory limit is not a crash');
  assert.equal(status?.restartPending, false);
  assert.equal(status?.transitions.at(-1)?.reason, 'over memory limit');
  const events = env.host.bus.query({ types: ['extension.process.limit'] });
  assert.deepEqual(events.map((e) => e.attributes), [{ extension: 'limited', kind: 'peer', limit: 'memory', reason: 'over memory limit' }]);
  // The host stays up, and the next use starts the peer again.
  const again = await run(peers, 'pid');
  assert.notEqual(again.pid, pid);
  assert.equal(row(env)?.restarts, 0);
}

describe('resource limits of a peer', { timeout: 90_000 }, () => {
  it('with a cgroup: over its memory limit it is stopped and reported within 2 s, not as a crash, and the host stays up', async () => {
    await withLimited({ memoryMb: 96 }, 'auto', (peers, env) => assertOverMemoryStops(peers, env, 'cgroup'));
  });

  it('with a cgroup: forking is stopped at its process limit (bounded loop)', async () => {
    await withLimited({ processes: 40 }, 'auto', async (peers, env) => {
      const { started, failure } = await run(peers, 'fork', { max: 1000 });
      assert.equal(failure, 'EAGAIN');
      assert.ok((started as number) > 0 && (started as number) < 40, `started ${started} children under pids.max 40`);
      assert.deepEqual(row(env)?.limits, { processes: 40 });
    });
  });

  it('with a cgroup: a setsid double-forked daemon leaves nothing behind after stop', async () => {
    await withLimited({ processes: 200 }, 'auto', async (peers, env) => {
      const pidFile = join(mkdtempSync(join(tmpdir(), 'outboard-daemon-')), 'daemon.pid');
      const { daemon } = await run(peers, 'daemon', { pidFile });
      assert.equal(isAlive(daemon as number), true, 'the daemon runs, outside the peer\'s process group');
      assert.equal(row(env)?.limitMode, 'cgroup');
      await (await peers.supervisor('limited'))?.stop();
      await waitUntil('the daemon to be gone', () => !isAlive(daemon as number), 2_000);
    });
  });

  it('rlimits when forced: open files are bounded, and the host keeps the memory limit by sampling', async () => {
    await withLimited({ openFiles: 64, memoryMb: 128 }, 'rlimit', async (peers, env) => {
      const { opened, failure } = await run(peers, 'files', { max: 10_000 });
      assert.equal(failure, 'EMFILE');
      assert.ok((opened as number) < 64, `opened ${opened} files under a limit of 64`);
      await assertOverMemoryStops(peers, env, 'rlimit');
    });
  });
});
