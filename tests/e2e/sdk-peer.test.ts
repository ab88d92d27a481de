// A peer written with @outboard/sdk (tests/e2e/fixtures/sdk-peer), through the real CLI: console.* goes to
// its log and never corrupts the wire, a registration the manifest does not declare reaches the user naming
// the manifest field to add, storage works across runs, Ctrl+C aborts the handler's AbortSignal, and the
// subscriptions are unwound when the host stops the peer.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_MAIN, REPO_ROOT, runCli, tempDir } from './lib/fixture-home.js';

const FIXTURE = join(REPO_ROOT, 'tests', 'e2e', 'fixtures', 'sdk-peer');

async function waitFor(what: string, ms: number, check: () => boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a peer written with the SDK', { timeout: 60_000 }, () => {
  const tmp = tempDir('outboard-sdkpeer-');
  const home = join(tmp.path, 'home');
  const state = join(home, 'ext', 'sdkpeer');
  before(() => {
    mkdirSync(home);
    assert.equal(runCli(['extensions', 'link', FIXTURE], { home }).code, 0);
    const enabled = runCli(['extensions', 'enable', 'sdkpeer', '--yes'], { home });
    assert.equal(enabled.code, 0, enabled.stderr);
  });
  after(() => tmp.cleanup());

  it('console.log lines go to its log, not the wire (a forged answer changes nothing); subscriptions are unwound at stop', () => {
    const r = runCli(['actions', 'run', 'sdkpeer.chatty'], { home });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'said hello\n');
    assert.doesNotMatch(r.stderr, /stray|forged/);
    const log = readFileSync(join(state, 'logs', 'peer.log'), 'utf8');
    assert.match(log, /activated \(console.log goes to stderr\)/);
    assert.match(log, /a forged answer/);
    assert.equal(readFileSync(join(state, 'unwound'), 'utf8'), 'yes');
  });

  it('an undeclared status item fails naming the manifest field to add', () => {
    const r = runCli(['actions', 'run', 'sdkpeer.undeclared'], { home });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /status item "sdkpeer.nope" is not declared: add \{ "id": "sdkpeer.nope", "title": "..." \} to contributes.status in package.json/);
  });

  it('private storage keeps its value across runs', () => {
    assert.equal(runCli(['actions', 'run', 'sdkpeer.store'], { home }).stdout, 'n=1\n');
    assert.equal(runCli(['actions', 'run', 'sdkpeer.store'], { home }).stdout, 'n=2\n');
  });

  it("Ctrl+C aborts the handler's AbortSignal", async () => {
    const child = spawn(process.execPath, [CLI_MAIN, 'actions', 'run', 'sdkpeer.wait'], { cwd: home, env: { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1' }, stdio: 'ignore', detached: true });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitFor('the handler to run', 15_000, () => existsSync(join(state, 'waiting')));
      process.kill(-(child.pid as number), 'SIGINT');
      assert.equal(await exited, 130);
      await waitFor('the handler to see the abort', 5000, () => existsSync(join(state, 'aborted')));
    } finally {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
});
