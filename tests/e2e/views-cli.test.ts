// `outboard views list` and `outboard views show` over real fixture peers, privately and through a running
// hub: the typed view printed through the one printer (escapes visible, tables aligned, caps named), refusals
// as one line with a fix, and the view's `views/changed` reaching `outboard events` as extension.view.changed.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { actionsHome, CliJob, waitFor } from './actions-home.js';
import { runCli } from './lib/fixture-home.js';

describe('outboard views', { timeout: 120_000 }, () => {
  const h = actionsHome([
    { name: 'alpha', views: [{ id: 'alpha.recent', title: 'Recent', where: ['home', 'project'] }, { id: 'alpha.table', title: 'Files' }, { id: 'alpha.huge', title: 'Huge' }, { id: 'alpha.garbled', title: 'Garbled' }] },
    { name: 'sneaky', mode: 'undeclared-view', views: [{ id: 'sneaky.recent', title: 'Sneaky' }] },
  ]);
  const jobs: CliJob[] = [];
  after(() => {
    for (const j of jobs) j.killGroup();
    runCli(['hub', 'stop'], { home: h.home, env: h.env });
    h.cleanup();
  });
  const cli = (args: string[]) => runCli(args, { home: h.home, env: { ...h.env, NO_COLOR: '1' }, cwd: h.root });

  it('lists the views on offer', () => {
    const r = cli(['views', 'list']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^ID +TITLE +EXTENSION +WHERE +KIND$/m);
    assert.match(r.stdout, /^alpha\.recent +Recent +alpha +home,project +peer$/m);
  });

  it('shows a peer view: markdown for the project of the current folder, a table with escapes visible, a cap named', () => {
    const md = cli(['views', 'show', 'alpha.recent']);
    assert.equal(md.code, 0, md.stderr);
    // The registered project p1 holds the current folder: a project view is rendered for it.
    assert.equal(md.stdout, 'Recent\n# alpha\nproject p1, render 1\n');
    const table = cli(['views', 'show', 'alpha.table']);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^Files\nname +size\na\.txt +1\nb\\x1b\[2Jc +2\n$/);
    const huge = cli(['views', 'show', 'alpha.huge', '--json']);
    assert.equal(huge.code, 0, huge.stderr);
    const rendered = JSON.parse(huge.stdout) as { content: { type: string; text: string }; warnings: string[] };
    assert.equal(rendered.content.text.length, 65536);
    assert.match(rendered.warnings.join('\n'), /cut to the host's limit/);
  });

  it('refuses with one line and a fix: an unknown view, a garbled answer, an undeclared view, an unknown project', () => {
    const unknown = cli(['views', 'show', 'alpha.nothing']);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /view alpha\.nothing: no enabled extension offers view "alpha\.nothing"/);
    const garbled = cli(['views', 'show', 'alpha.garbled']);
    assert.equal(garbled.code, 1);
    assert.match(garbled.stderr, /it is not a typed view/);
    assert.doesNotMatch(garbled.stdout + garbled.stderr, /<script>/);
    const sneaky = cli(['views', 'show', 'sneaky.recent']);
    assert.equal(sneaky.code, 1);
    assert.match(sneaky.stderr, /view sneaky\.hidden/);
    const project = cli(['views', 'show', 'alpha.recent', '--project', 'nope']);
    assert.notEqual(project.code, 0);
    assert.match(project.stderr, /nope/);
  });

  it('through a running hub: the hub\'s peer renders, and views/changed reaches the event stream', async () => {
    const started = cli(['hub', 'start', '--port', '0']);
    assert.equal(started.code, 0, started.stderr);
    // From the hub's newest seq: the follower gets the event however late it connects (no sleep deciding it).
    const info = cli(['rpc', 'host.info']);
    assert.equal(info.code, 0, info.stderr);
    const { lastSeq } = JSON.parse(info.stdout) as { lastSeq: number };
    const events = new CliJob(['events', '--follow', '--type', 'extension.view.changed', '--since', String(lastSeq)], h);
    jobs.push(events);
    const r = cli(['views', 'show', 'alpha.recent', '--project', 'p1']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^project p1, render \d+$/m);
    const line = await waitFor('extension.view.changed on the event stream', () => events.stdout.split('\n').find((l) => l.includes('"alpha.recent"')));
    const event = JSON.parse(line) as { type: string; attributes: Record<string, unknown>; scope?: { projectId?: string } };
    assert.equal(event.type, 'extension.view.changed');
    assert.deepEqual(event.attributes, { extension: 'alpha', view: 'alpha.recent' });
    assert.equal(event.scope?.projectId, 'p1');
    assert.ok(!events.stdout.includes('alpha.undeclared'));
  });
});
