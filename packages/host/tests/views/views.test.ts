// Views over real fixture peers through the host's one RPC registry (`views.list`, `views.render`): a render
// is routed to the one peer that declares the view, checked and capped as action results are, scoped to the
// projects the extension may see; `views/changed` is published as `extension.view.changed` for a declared view.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BusEvent } from '../../src/bus/bus-event.js';
import type { RenderedView } from '../../src/views/view-renderer.js';
import { peerHome } from '../peers/peer-fixtures.js';

const view = (id: string, more: Record<string, unknown> = {}) => ({ id, title: `Title of ${id}`, ...more });

describe('views', () => {
  let env: Awaited<ReturnType<typeof peerHome>>;
  before(async () => {
    env = await peerHome([
      { name: 'seer', activation: ['onView'], contributes: { views: [view('seer.recent', { where: ['home', 'project'] }), view('seer.table'), view('seer.huge'), view('seer.hostile'), view('seer.garbled'), view('seer.slow')] } },
      { name: 'scoped', activation: ['onView'], grantProjects: ['elsewhere'], contributes: { views: [view('scoped.recent', { where: ['project'] })] } },
      { name: 'sneaky', mode: 'undeclared-view', activation: ['onView'], contributes: { views: [view('sneaky.recent')] } },
    ]);
  });
  after(async () => env.cleanup());
  const render = async (id: string, projectId?: string) => (await env.host.rpc.call('views.render', { id, ...(projectId ? { projectId } : {}) })) as RenderedView;
  const refusal = async (id: string, projectId?: string): Promise<{ code: unknown; message: string }> => {
    try {
      await render(id, projectId);
    } catch (error) {
      return { code: (error as { data?: { code?: unknown } }).data?.code, message: (error as Error).message };
    }
    assert.fail(`views.render ${id} was not refused`);
  };

  it('lists the declared views of enabled extensions, filtered by place and extension', async () => {
    const all = (await env.host.rpc.call('views.list', {})) as Array<{ id: string; kind: string; where: string[] }>;
    assert.deepEqual(all.map((v) => v.id), ['scoped.recent', 'seer.garbled', 'seer.hostile', 'seer.huge', 'seer.recent', 'seer.slow', 'seer.table', 'sneaky.recent']);
    assert.deepEqual(all.find((v) => v.id === 'seer.table'), { id: 'seer.table', extension: 'seer', title: 'Title of seer.table', where: ['extension'], kind: 'peer' });
    const home = (await env.host.rpc.call('views.list', { where: 'home' })) as Array<{ id: string }>;
    assert.deepEqual(home.map((v) => v.id), ['seer.recent']);
    const scoped = (await env.host.rpc.call('views.list', { extension: 'scoped' })) as Array<{ id: string }>;
    assert.deepEqual(scoped.map((v) => v.id), ['scoped.recent']);
  });

  it('renders a peer view (starting the peer onView), for a project too, and publishes its views/changed', async () => {
    const seen: BusEvent[] = [];
    const sub = env.host.bus.subscribe({ types: ['extension.view.*'] }, (e) => void seen.push(e));
    try {
      const first = await render('seer.recent');
      assert.deepEqual(first.content, { type: 'markdown', markdown: '# seer\nproject -, render 1' });
      assert.equal(first.view.id, 'seer.recent');
      assert.deepEqual(first.warnings, []);
      const second = await render('seer.recent', 'p1');
      assert.deepEqual(second.content, { type: 'markdown', markdown: '# seer\nproject p1, render 2' });
      for (let i = 0; i < 200 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      // The undeclared `seer.undeclared` the peer also notified is ignored.
      assert.deepEqual(seen.map((e) => [e.type, e.attributes, e.scope?.projectId]), [
        ['extension.view.changed', { extension: 'seer', view: 'seer.recent' }, undefined],
        ['extension.view.changed', { extension: 'seer', view: 'seer.recent' }, 'p1'],
      ]);
    } finally {
      sub.dispose();
    }
  });

  it('cleans and caps what the peer answers, and refuses an answer that is no typed view', async () => {
    const table = await render('seer.table');
    assert.deepEqual(table.content, { type: 'table', title: 'Files', columns: ['name', 'size'], rows: [['a.txt', '1'], ['b\\x1b[2Jc', '2']], truncated: false });
    const hostile = await render('seer.hostile');
    assert.deepEqual(hostile.content, { type: 'text', text: 'red \\x1b[31malert\\x1b[0m\nline two' });
    // 200,000 characters (sent with the `kind` alias) are cut to the action-result limit, and the cut is named.
    const huge = await render('seer.huge');
    assert.equal(huge.content.type, 'text');
    assert.equal(huge.content.type === 'text' && huge.content.text.length, 64 * 1024);
    assert.match(huge.warnings.join('\n'), /cut to the host's limit \(65536 characters\)/);
    const garbled = await refusal('seer.garbled');
    assert.equal(garbled.code, 'internal');
    assert.match(garbled.message, /view seer\.garbled: refused the answer of extension seer: it is not a typed view/);
  });

  it('refuses an unknown view, a project it may not see, an unknown project, and a project view without a project', async () => {
    const unknown = await refusal('seer.nothing');
    assert.equal(unknown.code, 'not_found');
    assert.match(unknown.message, /no enabled extension offers view "seer\.nothing"; `outboard views list` shows those on offer/);
    const scope = await refusal('scoped.recent', 'p1');
    assert.equal(scope.code, 'invalid_scope');
    assert.match(scope.message, /extension scoped is approved only for the projects "elsewhere", not "p1"/);
    const missing = await refusal('seer.recent', 'nope');
    assert.equal(missing.code, 'invalid_params');
    assert.match(missing.message, /no project "nope" is registered/);
    const none = await refusal('scoped.recent');
    assert.match(none.message, /view scoped\.recent is shown per project: name one/);
    const notProject = await refusal('seer.table', 'p1');
    assert.match(notProject.message, /view seer\.table is not a project view \(it shows on: extension\)/);
    // No peer was asked for any of these.
    assert.ok(!(await import('node:fs')).readFileSync(env.marks, 'utf8').includes('render scoped.recent'));
  });

  it('refuses a peer that announces a view its manifest does not declare (it never becomes ready)', async () => {
    const sneaky = await refusal('sneaky.recent');
    assert.equal(sneaky.code, 'unavailable');
    assert.match(sneaky.message, /view sneaky\.hidden/);
    assert.ok(!(await import('node:fs')).readFileSync(env.marks, 'utf8').includes('render sneaky.'), 'the refused peer was never asked to render');
  });

  it('gives up on a slow render at its deadline and cancels it in the peer', async () => {
    const started = Date.now();
    await assert.rejects(env.host.rpc.call('views.render', { id: 'seer.slow', deadlineMs: 300 }), (e: Error & { data?: { code?: unknown } }) => e.data?.code === 'timeout' && /view seer\.slow of extension seer: no answer within 300 ms/.test(e.message));
    assert.ok(Date.now() - started < 5000);
  });
});
