// The Python client (clients/python, standard library only) against a real hub daemon, run with python3: the
// `python3 -m outboard_client events --follow` demo resumes across a hub restart with no loss and no duplicate
// (the restart said as a reset), an action runs with its progress and one is cancelled, an old client
// against a newer hub API version names both versions, and no hub at all.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { connect, type HubClient } from '@outboard/client';
import { REPO_ROOT, tempDir } from './lib/fixture-home.js';
import { waitFor } from './actions-home.js';
import { clientHubHome, type ClientHubHome } from './client-hub.js';

const PYTHON_ROOT = join(REPO_ROOT, 'clients', 'python');
const env = (): NodeJS.ProcessEnv => ({ ...process.env, PYTHONPATH: PYTHON_ROOT, PYTHONDONTWRITEBYTECODE: '1' });

/** Runs one scenario of clients/python/tests/scenarios.py and parses the line it prints. */
function scenario(name: string, home: string): Record<string, any> {
  const r = spawnSync('python3', [join(PYTHON_ROOT, 'tests', 'scenarios.py'), name, home], { encoding: 'utf8', env: env(), timeout: 60_000 });
  assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) as string) as Record<string, any>;
}

describe('the Python client against a real hub', { timeout: 180_000 }, () => {
  let h: ClientHubHome;
  let hub: HubClient;
  before(async () => {
    h = clientHubHome();
    h.startHub();
    hub = await connect({ home: h.home, env: {} });
  });
  after(() => {
    hub?.close();
    h.cleanup();
  });

  it('python3 -m outboard_client events --follow resumes across a hub restart: every event once, the restart a reset', async () => {
    const { lastSeq } = await hub.rpc('host.info');
    const child = spawn('python3', ['-m', 'outboard_client', 'events', '--follow', '--type', 'project.registered', '--since', String(lastSeq), '--home', h.home], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const guard = setTimeout(() => child.kill('SIGKILL'), 120_000);
    try {
      const records = (): Array<Record<string, any>> => out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>);
      const names = (): string[] => records().filter((r) => !r.reset).map((r) => String(r.body?.name));
      for (const name of ['y1', 'y2', 'y3']) await hub.projects.add(h.folder(name), { id: name, name });
      await waitFor('y1..y3 from python', () => names().length >= 3 || err, 30_000);
      h.stopHub();
      h.startHub();
      await new Promise((r) => setTimeout(r, 200));
      for (const name of ['y4', 'y5']) await hub.projects.add(h.folder(name), { id: name, name });
      await waitFor('y4 and y5 from python', () => names().length >= 5 || err.includes('error'), 40_000);
      assert.deepEqual(names(), ['y1', 'y2', 'y3', 'y4', 'y5'], `${out}\n${err}`);
      const resets = records().filter((r) => r.reset);
      assert.equal(resets.length, 1, out);
      assert.match(String(resets[0]?.reason), /hub restarted/);
      assert.ok(records()[3]?.reset === true, 'the reset comes between the two runs');
    } finally {
      child.kill('SIGINT');
      await new Promise((r) => child.once('close', r));
      clearTimeout(guard);
    }
  });

  it('runs an action with its progress, cancels one, and reports an unknown action with the hub\'s code', () => {
    const r = scenario('action', h.home);
    assert.deepEqual(r.progress, [{ done: 1, total: 3 }, { done: 2, total: 3 }, { done: 3, total: 3 }]);
    assert.equal(r.text, 'slow done');
    assert.equal(r.cancelled, 'CLIENT_CANCELLED');
    assert.deepEqual(r.unknown, ['CLIENT_CALL_FAILED', 'PEER_ACTION_UNKNOWN']);
    assert.equal(r.usable, true);
  });

  it('the helpers answer from the hub', () => {
    const r = scenario('helpers', h.home);
    assert.equal(r.host, 'outboard');
    assert.ok(r.extensions.includes('demo'));
    assert.ok(r.projects.includes('p1'));
    assert.deepEqual(r.search, { answered: [], missed: [] });
  });

  it('an old client against a newer hub API version fails naming both versions', () => {
    const r = scenario('version', h.home);
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
