// `outboard actions list` and `outboard actions run` with the built CLI and real fixture peers: results,
// exit codes, did-you-mean, bad arguments, and no peer left running after the command.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { runCli, runCliJson } from './lib/fixture-home.js';
import { actionsHome, isRunning, peerPids } from './actions-home.js';
import type { ActionsHome } from './actions-home.js';

describe('outboard actions list and run', { timeout: 40_000 }, () => {
  let h: ActionsHome;
  before(() => {
    h = actionsHome([{ name: 'demo' }, { name: 'other' }]);
  });
  after(() => h.cleanup());

  it('list shows the declared actions without starting any peer; --json gives the same as data', () => {
    const table = runCli(['actions', 'list'], { home: h.home, env: h.env });
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^ID\s+TITLE\s+EXTENSION\s+TARGETS$/m);
    assert.match(table.stdout, /^demo\.hello\s+Say hello\s+demo\s+global,project$/m);
    assert.match(table.stdout, /^other\.slow\s+Take a while\s+other\s+global$/m);
    const json = runCliJson<Array<{ id: string; title: string; extension: string; targets: string[] }>>(['actions', 'list', '--json'], { home: h.home, env: h.env });
    assert.equal(json.code, 0);
    assert.deepEqual(
      json.json.map((a) => a.id),
      ['demo.call', 'demo.hello', 'demo.slow', 'other.call', 'other.hello', 'other.slow'],
    );
    assert.deepEqual(json.json.find((a) => a.id === 'demo.hello'), { id: 'demo.hello', title: 'Say hello', extension: 'demo', targets: ['global', 'project'] });
    assert.deepEqual(h.marksOf('demo'), [], 'listing starts nothing');
  });

  it('run prints the notifications, host actions and the table view, exits 0, and stops the peer', () => {
    const r = runCli(['actions', 'run', 'demo.hello', '--project', 'p1', '--args', '{"a":1}'], { home: h.home, env: h.env });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^i hello \{"a":1\}$/m);
    assert.match(r.stdout, /^open: https:\/\/example\.org\/x$/m);
    assert.match(r.stdout, /^key\s+value$/m);
    assert.match(r.stdout, /^project\s+p1$/m);
    assert.match(r.stdout, /^grants\s+ui\.action\.contribute,ui\.notification$/m);
    // The host action the peer may not ask for is dropped, and the user is told.
    assert.match(r.stderr, /warning: dropped host action \{"type":"runShell"/);
    // No progress line when piped.
    assert.doesNotMatch(r.stderr, /\u001b\[2K/);
    const pids = peerPids(h, 'demo');
    assert.equal(pids.length, 1);
    assert.equal(isRunning(pids[0] as number), false, 'the peer is stopped when the command ends');
    assert.ok(h.marksOf('demo').includes('connection closed'), 'stopped through its stdin, not killed');
  });

  it('run --json prints the structured result', () => {
    const r = runCliJson<{ notifications: unknown[]; hostActions: unknown[]; view: { kind: string; text?: string }; warnings: string[] }>(['actions', 'run', 'other.slow', '--args', '{"steps":2,"stepMs":10}', '--json'], { home: h.home, env: h.env });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.json, { notifications: [], hostActions: [], view: { type: 'text', text: 'slow done' }, warnings: [] });
  });

  it('an unknown action exits 1 with did-you-mean; bad --args exits 2; neither starts a peer', () => {
    const before = peerPids(h, 'demo').length;
    const unknown = runCli(['actions', 'run', 'demo.helo'], { home: h.home, env: h.env });
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /no enabled extension offers action "demo\.helo"/);
    assert.match(unknown.stderr, /Did you mean demo\.hello\b/);
    const none = runCli(['actions', 'run', 'zzz.qqq'], { home: h.home, env: h.env });
    assert.equal(none.code, 1);
    assert.match(none.stderr, /outboard actions list/);
    const bad = runCli(['actions', 'run', 'demo.hello', '--args', '{oops'], { home: h.home, env: h.env });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--args must be JSON/);
    assert.match(bad.stderr, /For example: --args/);
    const missing = runCli(['actions', 'run'], { home: h.home, env: h.env });
    assert.equal(missing.code, 2);
    assert.equal(peerPids(h, 'demo').length, before);
  });
});
