// The Python client (clients/python, standard library only) against a real hub daemon, run with python3: the
// `python3 -m outboard_client events --follow` demo resumes across a hub restart with no loss and no duplicate
// (the restart said as a reset), an action runs with its progress and one is cancelled, an old client
// against a newer hub API version names both versions, and no hub at all.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT, tempDir } from './lib/fixture-home.js';
import { waitFor } from './actions-home.js';
import { useClientHub } from './lib/client-hub.js';
import { spawnCollecting } from './lib/collecting-child.js';

const PYTHON_ROOT = join(REPO_ROOT, 'clients', 'python');
const env = (): NodeJS.ProcessEnv => ({ ...process.env, PYTHONPATH: PYTHON_ROOT, PYTHONDONTWRITEBYTECODE: '1' });

/** Runs one scenario of clients/python/tests/scenarios.py and parses the line it prints. */
function scenario(name: string, home: string): Record<string, any> {
  const r = spawnSync('python3', [join(PYTHON_ROOT, 'tests', 'scenarios.py'), name, home], { encoding: 'utf8', env: env(), timeout: 60_000 });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) as string) as Record<string, any>;
}

describe('the Python client against a real hub', { timeout: 180_000 }, () => {
  const s = useClientHub();

  it('python3 -m outboard_client events --follow resumes across a hub restart: every event once, the restart a reset', async () => {
    const { lastSeq } = await s.hub.rpc('host.info');
    const follower = spawnCollecting('python3', ['-m', 'outboard_client', 'events', '--follow', '--type', 'project.registered', '--since', String(lastSeq), '--home', s.h.home], { env: env(), guardMs: 120_000 });
    try {
      const records = (): Array<Record<string, any>> => follower.out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);
      const names = (): string[] => records().filter((r) => !r.reset).map((r) => String(r.body?.name));
      for (const name of ['y1', 'y2', 'y3']) await s.hub.projects.add(s.h.folder(name), { id: name, name });
      await waitFor('y1..y3 from python', () => names().length >= 3 || follower.err, 30_000);
      s.h.stopHub();
      s.h.startHub();
      await new Promise((r) => setTimeout(r, 200));
      for (const name of ['y4', 'y5']) await s.hub.projects.add(s.h.folder(name), { id: name, name });
      await waitFor('y4 and y5 from python', () => names().length >= 5 || follower.err.includes('error'), 40_000);
      assert.deepEqual(names(), ['y1', 'y2', 'y3', 'y4', 'y5'], `${follower.out}\n${follower.err}`);
      const resets = records().filter((r) => r.reset);
      assert.equal(resets.length, 1, follower.out);
      assert.match(String(resets[0]?.reason), /hub restarted/);
      assert.ok(records()[3]?.reset === true, 'the reset comes between the two runs');
    } finally {
      follower.child.kill('SIGINT');
      await follower.closed;
    }
  });

  it('runs an action with its progress, cancels one, and reports an unknown action with the hub\'s code', () => {
    const r = scenario('action', s.h.home);
    assert.deepEqual(r.progress, [{ done: 1, total: 3 }, { done: 2, total: 3 }, { done: 3, total: 3 }]);
    assert.equal(r.text, 'slow done');
    assert.equal(r.cancelled, 'CLIENT_CANCELLED');
    assert.deepEqual(r.unknown, ['CLIENT_CALL_FAILED', 'PEER_ACTION_UNKNOWN']);
    assert.equal(r.usable, true);
  });

  it('the helpers answer from the hub', () => {
    const r = scenario('helpers', s.h.home);
    assert.equal(r.host, 'outboard');
    assert.ok(r.extensions.includes('demo'));
    assert.ok(r.projects.includes('p1'));
    assert.deepEqual(r.search, { answered: [], missed: [] });
  });

  it('an old client against a newer hub API version fails naming both versions', () => {
    const r = scenario('version', s.h.home);
    assert.equal(r.code, 'CLIENT_API_VERSION');
    assert.match(r.message, /this client speaks hub API version 0, and the hub \(version [^)]+\) speaks hub API version 1: upgrade the client/);
  });

  it('without a hub: CLIENT_HUB_NOT_RUNNING with the fix in the host id\'s words', () => {
    const tmp = tempDir('outboard-pyclient-nohub-');
    try {
      const r = scenario('nohub', tmp.path);
      assert.equal(r.code, 'CLIENT_HUB_NOT_RUNNING');
      assert.equal(r.hint, 'start one with `ndx hub start`');
    } finally {
      tmp.cleanup();
    }
  });
});
