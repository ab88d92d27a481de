// One verdict about an action, the same reason and fix on every route: `outboard actions run` without a hub
// (private peer, through the host's RPC registry), the same command through a running hub (the CLI's JSON-RPC
// client over /api/ws), and a script's `/api/rpc` and `/api/ws`. An edited (unapproved) extension names what
// changed and `extensions enable`, a disabled one says "disabled", and an unknown action has one code.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, chmodSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { actionsHome, CliJob, type ActionsHome } from './actions-home.js';
import { startBusHub, WsClient, type TestBusHub } from './events-hub.js';
import { runCli } from './lib/fixture-home.js';

/** POSTs one JSON-RPC request to /api/rpc and resolves with the parsed answer. */
function postRpc(hub: TestBusHub, method: string, params: unknown): Promise<any> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: hub.port, path: '/api/rpc', method: 'POST', headers: { authorization: `Bearer ${hub.token}`, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => resolve(JSON.parse(text)));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs the built CLI in the fixtures' environment without blocking this process (where the test hub runs). */
async function cliAsync(args: string[], h: ActionsHome): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const job = new CliJob(args, h);
  const { code } = await job.done(30_000);
  return { code, stdout: job.stdout, stderr: job.stderr };
}

/** The one line the CLI prints for an RPC error answer: `error: <message> — <hint>`. */
const asCliLine = (error: { message: string; data: { hint: string } }): string => `error: ${error.message} — ${error.data.hint}\n`;

describe('actions: one verdict on every route', { timeout: 120_000 }, () => {
  let h: ActionsHome;
  let hub: TestBusHub | undefined;
  const cli = (args: string[]) => runCli(args, { home: h.home, env: { ...h.env, NO_COLOR: '1' }, cwd: h.root });
  const expected = {
    edited: 'error: action edited.hello cannot run: extension edited is not approved: peer.mjs changed — outboard extensions enable edited\n',
    off: 'error: action off.hello cannot run: extension off is disabled by the user — outboard extensions enable off\n',
    unknown: 'error: no enabled extension offers action "good.helo" — Did you mean good.hello? (`outboard actions list` shows them all)\n',
  };
  const privately: Record<string, string> = {};

  before(() => {
    h = actionsHome([{ name: 'good' }, { name: 'edited' }, { name: 'off' }]);
    appendFileSync(join(h.home, 'extensions', 'node_modules', 'outboard-ext-edited', 'peer.mjs'), '\n// edited after approval\n');
    assert.equal(cli(['extensions', 'disable', 'off']).code, 0);
  });
  after(async () => {
    await hub?.close();
    h.cleanup();
  });

  it('without a hub: the refusals name the reason and the fix; nothing starts', () => {
    for (const [name, id] of [['edited', 'edited.hello'], ['off', 'off.hello'], ['unknown', 'good.helo']] as const) {
      const run = cli(['actions', 'run', id]);
      assert.equal(run.code, 1, run.stderr);
      assert.equal(run.stderr, expected[name]);
      privately[name] = run.stderr;
    }
    assert.deepEqual(h.marksOf('edited'), []);
    assert.deepEqual(h.marksOf('off'), []);
  });

  it('through the hub: the CLI, /api/rpc and /api/ws give the very same verdict', async () => {
    hub = await startBusHub({ home: h.home, env: h.env, advertise: true });
    const ws = await WsClient.connect(hub.port, hub.token);
    try {
      for (const [name, id] of [['edited', 'edited.hello'], ['off', 'off.hello'], ['unknown', 'good.helo']] as const) {
        const run = await cliAsync(['actions', 'run', id], h);
        assert.equal(run.code, 1, run.stderr);
        assert.equal(run.stderr, privately[name], `${id}: the CLI through the hub says what it says without one`);
        const posted = await postRpc(hub, 'actions.invoke', { id });
        assert.equal(asCliLine(posted.error), privately[name], `${id} over /api/rpc: ${JSON.stringify(posted)}`);
        const answered = await ws.call('actions.invoke', { id });
        assert.deepEqual(answered.error, posted.error, `${id} over /api/ws`);
        const code = name === 'unknown' ? 'PEER_ACTION_UNKNOWN' : 'PEER_NEEDS_APPROVAL';
        assert.equal(posted.error.data.code, code);
      }
      // The run itself goes through the hub: its bus saw the action.
      const ok = await cliAsync(['actions', 'run', 'good.hello'], h);
      assert.equal(ok.code, 0, ok.stderr);
      assert.doesNotMatch(ok.stderr, /not using the hub/);
      assert.ok(hub.host.bus.query({ types: ['action.invoked'] }).some((e) => e.attributes['action'] === 'good.hello'), 'the hub ran it');
    } finally {
      ws.close();
    }
  });
});

describe('actions run: a hub.json that names something other than this home\'s hub', { timeout: 60_000 }, () => {
  let h: ActionsHome;
  let impostor: Server;
  before(async () => {
    h = actionsHome([{ name: 'good' }]);
    // A live pid (this test's) whose port answers as some other web server.
    impostor = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"not a hub"}'));
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    const port = (impostor.address() as { port: number }).port;
    writeFileSync(join(h.home, 'hub.json'), JSON.stringify({ url: `http://127.0.0.1:${port}/`, pid: process.pid, port }));
  });
  after(async () => {
    await new Promise((resolve) => impostor.close(resolve));
    h.cleanup();
  });

  it('one warning line, then the action runs privately', async () => {
    const run = await cliAsync(['actions', 'run', 'good.hello'], h);
    assert.equal(run.code, 0, run.stderr);
    // (The fixture's own warning about a host action it may not ask for follows the result.)
    const lines = run.stderr.split('\n').filter((l) => l.includes('hub'));
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0] as string, /^warning: not using the hub in .*hub\.json \(http:\/\/127\.0\.0\.1:\d+\/\): it answered \/api\/version as something other than a hub \(200\); running without it$/);
    assert.match(run.stdout, /hello/i);
    assert.ok(h.marksOf('good').some((l) => l.startsWith('start ')), 'a private peer ran it');
  });

  it('rpc too: the warning, then the built-ins served in this process', async () => {
    const run = await cliAsync(['rpc', 'host.info'], h);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /^warning: not using the hub in /);
    assert.equal(JSON.parse(run.stdout).id, 'outboard');
  });
});

describe("actions run: a hub.json that names another home's hub", { timeout: 60_000 }, () => {
  let h: ActionsHome;
  let other: TestBusHub;
  before(async () => {
    h = actionsHome([{ name: 'good' }]);
    other = await startBusHub();
    writeFileSync(join(h.home, 'hub.json'), JSON.stringify({ url: other.url, pid: process.pid, port: other.port }));
  });
  after(async () => {
    await other.close();
    h.cleanup();
  });

  it('with its own token it is refused; with ours it still serves another home: both run privately', async () => {
    const refused = await cliAsync(['actions', 'run', 'good.hello'], h);
    assert.equal(refused.code, 0, refused.stderr);
    assert.match(refused.stderr, /^warning: not using the hub in .*: it refused this home's token \(401\); running without it$/m);
    // Even holding this home's token (copied), a hub of another home is not this home's hub.
    writeFileSync(join(h.home, 'token'), other.token, { mode: 0o600 });
    chmodSync(join(h.home, 'token'), 0o600);
    const elsewhere = await cliAsync(['actions', 'run', 'good.hello'], h);
    assert.equal(elsewhere.code, 0, elsewhere.stderr);
    assert.match(elsewhere.stderr, /^warning: not using the hub in .*: it serves another home \(.*\); running without it$/m);
    assert.equal(other.host.bus.query({ types: ['action.invoked'] }).length, 0, 'the other hub ran nothing');
  });
});
