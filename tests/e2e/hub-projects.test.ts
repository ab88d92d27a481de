// `outboard projects list|add|remove|show` on the host's one project store, and `actions run` picking the
// registered project that holds the current folder when --project is left out.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, runCliJson, tempDir, writeFiles } from './lib/fixture-home.js';
import { actionsHome } from './actions-home.js';
import type { ActionsHome } from './actions-home.js';

describe('outboard projects', () => {
  let tmp: { path: string; cleanup(): void };
  let home: string;
  let app: string;
  before(() => {
    tmp = tempDir('outboard-projects-');
    home = join(tmp.path, 'home');
    app = join(tmp.path, 'web-app');
    writeFiles(app, { 'package.json': { name: 'web-app' } });
    mkdirSync(join(app, 'src', 'deep'), { recursive: true });
    mkdirSync(home);
  });
  after(() => tmp.cleanup());

  it('add in a subfolder registers the project root (the one project-root rule); again changes nothing', () => {
    const empty = runCli(['projects', 'list'], { home });
    assert.equal(empty.code, 0, empty.stderr);
    assert.match(empty.stdout, /outboard projects add \./);
    const added = runCli(['projects', 'add', '.'], { home, cwd: join(app, 'src', 'deep') });
    assert.equal(added.code, 0, added.stderr);
    assert.match(added.stdout, /Registered project web-app/);
    const again = runCli(['projects', 'add', app, '--id', 'other'], { home });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /already registered as project web-app/);
    const list = runCliJson<Array<{ id: string; name: string; root: string; registeredAt: string }>>(['projects', 'list', '--json'], { home });
    assert.deepEqual(list.json.map((p) => [p.id, p.name, p.root]), [['web-app', 'web-app', realpathSync(app)]]);
    const table = runCli(['projects', 'list'], { home });
    assert.match(table.stdout, /^ID\s+NAME\s+ROOT$/m);
    const show = runCliJson<{ id: string; root: string }>(['projects', 'show', 'web-app', '--json'], { home });
    assert.equal(show.json.root, realpathSync(app));
  });

  it('refuses the reserved id x, ids that are not slugs, a missing folder; show/remove of an unknown id', () => {
    const other = join(tmp.path, 'other');
    mkdirSync(other);
    for (const id of ['x', 'X', '../a', 'a b', '-a']) {
      const r = runCli(['projects', 'add', other, `--id=${id}`], { home, cwd: tmp.path });
      assert.equal(r.code, 2, `${id}: ${r.stderr}`);
      assert.match(r.stderr, /^error: .*project id/m);
    }
    const missing = runCli(['projects', 'add', join(tmp.path, 'nope')], { home });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /does not exist/);
    const named = runCli(['projects', 'add', other, '--name', 'Other app', '--id', 'o1'], { home });
    assert.equal(named.code, 0, named.stderr);
    assert.equal(runCliJson<{ name: string }>(['projects', 'show', 'o1', '--json'], { home }).json.name, 'Other app');
    for (const cmd of [['show', 'nope'], ['remove', 'nope']]) {
      const r = runCli(['projects', ...cmd], { home });
      assert.equal(r.code, 1);
      assert.match(r.stderr, /no registered project has the id "nope" — run `outboard projects list`/);
    }
    const removed = runCli(['projects', 'remove', 'o1'], { home });
    assert.equal(removed.code, 0, removed.stderr);
    assert.deepEqual(runCliJson<Array<{ id: string }>>(['projects', 'list', '--json'], { home }).json.map((p) => p.id), ['web-app']);
  });
});

describe('outboard actions run without --project', { timeout: 40_000 }, () => {
  let h: ActionsHome;
  before(() => {
    h = actionsHome([{ name: 'demo' }]);
  });
  after(() => h.cleanup());

  it('uses the registered project that holds the current folder', () => {
    const sub = join(h.root, 'sub');
    mkdirSync(sub, { recursive: true });
    const r = runCli(['actions', 'run', 'demo.hello'], { home: h.home, env: h.env, cwd: sub });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^project\s+p1$/m);
  });

  it('outside every registered project, an action that may run globally runs globally', () => {
    const outside = tempDir('outboard-outside-');
    try {
      const r = runCli(['actions', 'run', 'demo.hello'], { home: h.home, env: h.env, cwd: outside.path });
      assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(r.stdout, /^project\s+p1$/m);
    } finally {
      outside.cleanup();
    }
  });
});

describe('outboard actions run of a project-only action without --project', { timeout: 40_000 }, () => {
  let tmp: { path: string; cleanup(): void };
  let home: string;
  before(() => {
    tmp = tempDir('outboard-projonly-');
    home = join(tmp.path, 'home');
    writeFiles(join(home, 'extensions', 'node_modules', 'outboard-ext-pj'), {
      'package.json': {
        name: 'outboard-ext-pj',
        version: '1.0.0',
        engines: { outboard: '*' },
        outboard: { extension: { apiVersion: 1, name: 'pj', peer: { exec: ['node', './peer.mjs'] }, contributes: { actions: [{ id: 'pj.build', title: 'Build', targets: ['project'] }] }, capabilities: { required: ['ui.action.contribute'], optional: [] } } },
      },
      'peer.mjs': 'process.exit(1);\n',
    });
    const r = runCli(['extensions', 'enable', 'pj', '--yes'], { home, cwd: tmp.path });
    assert.equal(r.code, 0, r.stderr);
  });
  after(() => tmp.cleanup());

  it('outside every registered project: refused, naming `projects add .`, before any peer starts', () => {
    const r = runCli(['actions', 'run', 'pj.build'], { home, cwd: tmp.path });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^error: this action runs on a project, and no registered project contains .* — register it with `outboard projects add \.`, or pass --project <id>/m);
  });
});
