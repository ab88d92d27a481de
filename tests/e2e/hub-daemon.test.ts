// `outboard hub start|stop|status` with real processes: the daemon, hub.json, the token file, a port taken,
// a stale hub.json, a hub already running; peers supervised by the hub (`onStartup`), actions and status
// through the hub (one peer instance for every caller), Ctrl+C cancelling through it, and `kill -9` of the
// hub leaving no peer after 2 s.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CLI_MAIN, runCli, runCliInTerminal, runCliJson, tempDir } from './lib/fixture-home.js';
import { CliJob, isRunning, marksReader, waitFor } from './actions-home.js';
import type { ActionsHome } from './actions-home.js';
import { FIXTURE_PEER, PROTOCOL_URL, userPackageDir, writePeerPackage } from './lib/peer-package.js';


/** A home with one peer extension `demo` that starts with the hub and may set its status item. */
function daemonHome(): ActionsHome {
  const tmp = tempDir('outboard-hubd-');
  const home = join(tmp.path, 'home');
  const marks = join(tmp.path, 'marks.log');
  writeFileSync(marks, '');
  const env = { FIXTURE_PROTOCOL_URL: PROTOCOL_URL, FIXTURE_MARKS: marks };
  writePeerPackage(
    userPackageDir(home, 'demo'),
    {
      name: 'demo',
      exec: ['node', './peer.mjs', 'good'],
      activation: ['onStartup'],
      contributes: {
        actions: [
          { id: 'demo.hello', title: 'Say hello', targets: ['global', 'project'] },
          { id: 'demo.slow', title: 'Take a while' },
          { id: 'demo.call', title: 'Call a host method' },
        ],
        status: [{ id: 'demo.build', title: 'Build' }],
      },
      capabilities: { required: ['ui.action.contribute', 'ui.status.contribute'], optional: [] },
    },
    { peerFrom: FIXTURE_PEER },
  );
  const approved = runCli(['extensions', 'enable', 'demo', '--yes', '--grant-all'], { home, env, cwd: tmp.path });
  assert.equal(approved.code, 0, approved.stderr);
  return { root: tmp.path, home, marks, env, marksOf: marksReader(marks), cleanup: () => tmp.cleanup() };
}

const startedPids = (h: ActionsHome): number[] => h.marksOf('demo').flatMap((l) => (/^start (\d+)$/.test(l) ? [Number(l.slice(6))] : []));
const hubJson = (h: ActionsHome) => JSON.parse(readFileSync(join(h.home, 'hub.json'), 'utf8')) as { pid: number; port: number; url: string };

// Bounded for a loaded machine (it runs in about a minute on a quiet one): a slow run is not a failure of the hub.
describe('outboard hub start, status, stop', { timeout: 300_000 }, () => {
  let h: ActionsHome;
  const cli = (args: string[]) => runCli(args, { home: h.home, env: h.env, cwd: h.root });
  before(() => {
    h = daemonHome();
  });
  after(() => {
    // Whatever a failed test left: stop the hub, then remove the home.
    cli(['hub', 'stop']);
    h.cleanup();
  });

  it('start daemonises, records hub.json, creates the token 0600, starts onStartup peers; a second start is refused', async () => {
    const before = cli(['hub', 'status']);
    assert.equal(before.code, 1);
    assert.match(before.stdout, /No hub runs/);
    const started = cli(['hub', 'start', '--port', '0']);
    assert.equal(started.code, 0, started.stderr);
    const state = hubJson(h);
    assert.equal(state.url, `http://127.0.0.1:${state.port}/`);
    assert.match(started.stdout, new RegExp(`^Hub running at ${state.url.replace(/[.]/g, '\\.')} \\(pid ${state.pid}\\)`, 'm'));
    assert.equal(statSync(join(h.home, 'token')).mode & 0o777, 0o600);
    const token = readFileSync(join(h.home, 'token'), 'utf8').trim();
    assert.ok(!readFileSync(join(h.home, 'logs', 'hub.log'), 'utf8').includes(token), 'the token is never logged');
    const status = runCliJson<{ state: string; pid: number; answering: boolean }>(['hub', 'status', '--json'], { home: h.home, env: h.env, cwd: h.root });
    assert.equal(status.code, 0);
    assert.equal(status.json.state, 'running');
    assert.equal(status.json.pid, state.pid);
    assert.equal(status.json.answering, true);
    await waitFor('the onStartup peer', () => startedPids(h).length === 1);
    const again = cli(['hub', 'start', '--port', '0']);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /^error: a hub already serves this home at http:\/\/127\.0\.0\.1:\d+\/ \(pid \d+\) — use it, or stop it first with `outboard hub stop`$/m);
  });

  it('actions run and status go through the hub: one peer instance serves every call', () => {
    const set = cli(['actions', 'run', 'demo.call', '--args', JSON.stringify({ method: 'status/set', params: { id: 'demo.build', text: 'green', severity: 'ok' } })]);
    assert.equal(set.code, 0, set.stderr);
    const hello = cli(['actions', 'run', 'demo.hello', '--json']);
    assert.equal(hello.code, 0, hello.stderr);
    assert.ok((JSON.parse(hello.stdout) as { notifications: unknown[] }).notifications.length > 0);
    const status = runCliJson<Array<{ extension: string; id: string; values: Record<string, { text: string }> }>>(['status', '--json'], { home: h.home, env: h.env, cwd: h.root });
    assert.equal(status.code, 0, status.stderr);
    assert.deepEqual(status.json.map((s) => [s.extension, s.id, s.values['']?.text]), [['demo', 'demo.build', 'green']]);
    const table = cli(['status']);
    assert.match(table.stdout, /^ok\s+Build\s+-\s+green\s+-\s+demo$/m);
    const unknown = cli(['actions', 'run', 'demo.helo']);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /Did you mean demo\.hello/);
    assert.equal(startedPids(h).length, 1, 'the same peer answered every call');
    assert.ok(isRunning(startedPids(h)[0] as number), 'the peer stays up between requests');
  });

  it('Ctrl+C on actions run through the hub cancels the action in the peer', async () => {
    const job = new CliJob(['actions', 'run', 'demo.slow', '--args', '{"steps":200}'], h);
    try {
      await waitFor('the slow action', () => h.marksOf('demo').includes('invoke demo.slow'));
      process.kill(job.child.pid as number, 'SIGINT');
      const exit = await job.done();
      assert.equal(exit.code, 130, job.stderr);
      assert.match(job.stderr, /Cancelled demo\.slow/);
      await waitFor('the cancellation in the peer', () => h.marksOf('demo').includes('cancelled'));
    } finally {
      job.killGroup();
    }
  });

  it('actions run through the hub shows the action\'s progress at a terminal, then its result', () => {
    const r = runCliInTerminal(['actions', 'run', 'demo.slow', '--args', '{"steps":3,"stepMs":150}'], [], { home: h.home, env: h.env, cwd: h.root });
    assert.equal(r.code, 0, r.output);
    // Each progress value replaces the last on one cleared line; the result follows on a clean line.
    assert.match(r.output, /\u001b\[2K\r?1\/3/);
    assert.match(r.output, /3\/3/);
    assert.match(r.output, /\u001b\[2K\r?slow done/);
  });

  it('two starts at once: one hub; the other start says it runs', async () => {
    cli(['hub', 'stop']);
    const run = () =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [CLI_MAIN, 'hub', 'start', '--port', '0'], { cwd: h.root, env: { ...process.env, ...h.env, OUTBOARD_HOME: h.home, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
        child.on('exit', (code) => resolve({ code, stderr }));
      });
    const both = await Promise.all([run(), run()]);
    assert.deepEqual(both.map((r) => r.code).sort(), [0, 1], JSON.stringify(both));
    assert.match(both.find((r) => r.code === 1)?.stderr ?? '', /a hub already serves this home/);
    await waitFor('the onStartup peer of the one hub', () => startedPids(h).length === 2);
  });

  it('stop stops the peers and removes hub.json; stop again is not an error', async () => {
    const peer = startedPids(h)[1] as number;
    const stopped = cli(['hub', 'stop']);
    assert.equal(stopped.code, 0, stopped.stderr);
    assert.match(stopped.stdout, /Stopped the hub/);
    assert.equal(existsSync(join(h.home, 'hub.json')), false);
    assert.equal(isRunning(peer), false, 'hub stop leaves no peer');
    const again = cli(['hub', 'stop']);
    assert.equal(again.code, 0);
    assert.match(again.stdout, /No hub runs/);
    assert.equal(cli(['hub', 'status']).code, 1);
  });

  it('a port taken by another program: a clear message, exit 1, no hub.json', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const port = (blocker.address() as AddressInfo).port;
      const r = cli(['hub', 'start', '--port', String(port)]);
      assert.equal(r.code, 1);
      assert.match(r.stderr, new RegExp(`^error: port ${port} on 127\\.0\\.0\\.1 is already in use by another program — pass another port`, 'm'));
      assert.equal(existsSync(join(h.home, 'hub.json')), false);
    } finally {
      blocker.close();
    }
  });

  it('hub.json naming a live process that is not a hub (its pid reused): stale, and never signalled', async () => {
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      writeFileSync(join(h.home, 'hub.json'), JSON.stringify({ pid: other.pid, port: 1, url: 'http://127.0.0.1:1/' }));
      assert.match(cli(['hub', 'status']).stdout, /which is gone/);
      const stop = cli(['hub', 'stop']);
      assert.equal(stop.code, 0, stop.stderr);
      assert.match(stop.stdout, /removed a stale hub\.json/);
      assert.ok(isRunning(other.pid as number), 'the other process was not signalled');
      assert.equal(existsSync(join(h.home, 'hub.json')), false);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('a stale hub.json is reported and replaced; kill -9 of the hub leaves no peer after 2 s', async () => {
    writeFileSync(join(h.home, 'hub.json'), JSON.stringify({ pid: 999_999_9, port: 1, url: 'http://127.0.0.1:1/' }));
    const stale = cli(['hub', 'status']);
    assert.equal(stale.code, 1);
    assert.match(stale.stdout, /which is gone/);
    const started = cli(['hub', 'start', '--port', '0']);
    assert.equal(started.code, 0, started.stderr);
    assert.match(started.stderr, /Removed a stale hub\.json/);
    await waitFor('the onStartup peer of the new hub', () => startedPids(h).length === 3);
    const peer = startedPids(h)[2] as number;
    const hub = hubJson(h).pid;
    process.kill(hub, 'SIGKILL');
    const killedAt = Date.now();
    await waitFor('the peer to be gone', () => !isRunning(peer), 2000);
    assert.ok(Date.now() - killedAt <= 2000);
    await waitFor('the hub to be gone', () => !isRunning(hub), 2000);
    assert.match(cli(['hub', 'status']).stdout, /which is gone/);
    // Without a hub, actions run in a private peer again.
    const privately = cli(['actions', 'run', 'demo.hello']);
    assert.equal(privately.code, 0, privately.stderr);
    assert.equal(startedPids(h).length, 4);
  });
});
