// Listeners and automations end to end (DESIGN §10), with real peers in a real hub: a listener event starts an
// automation made from a template, which runs the action within 200 ms with the templated arguments; the modes
// under bursts of 20 events; the loop breaker; a hub restart keeps automations and history and records a run
// cut by the stop as interrupted; a disabled action extension leaves its automation broken, running nothing;
// the broker refuses an event type the peer never declared.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, runCli, runCliJson, tempDir } from './lib/fixture-home.js';
import { send } from './hub-home.js';

const FIXTURES = join(REPO_ROOT, 'tests', 'e2e', 'fixtures');

interface Run {
  id: string;
  status: string;
  reason?: string;
  args?: Record<string, unknown>;
  projectId?: string;
  event: { type: string; time: string; attributes: Record<string, unknown> };
}
interface Record_ {
  start: number;
  end: number;
  args: Record<string, unknown>;
  projectId: string | null;
  cancelled: boolean;
}

/** Polls `check` every 50 ms until it returns a value, at most `ms`. */
async function waitFor<T>(what: string, ms: number, check: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    assert.ok(Date.now() < deadline, `timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('automations through the hub', { timeout: 150_000 }, () => {
  const tmp = tempDir('outboard-automations-');
  const home = join(tmp.path, 'home');
  const project = join(tmp.path, 'web');
  const cli = (...args: string[]) => runCli(args, { home });
  const records = (): Record_[] => {
    const file = join(home, 'ext', 'autosink', 'records.ndjson');
    return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record_) : [];
  };
  const api = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> => {
    const hub = JSON.parse(readFileSync(join(home, 'hub.json'), 'utf8')) as { port: number };
    const token = readFileSync(join(home, 'token'), 'utf8').trim();
    const answer = await send(hub.port, method, path, { 'x-outboard-token': token, ...(body ? { 'content-type': 'application/json' } : {}) }, body === undefined ? undefined : JSON.stringify(body));
    return { status: answer.status, json: JSON.parse(answer.body) };
  };
  const runsOf = async (id: string): Promise<Run[]> => (await api('GET', `/api/automations/${id}/runs`)).json.runs as Run[];
  const fire = (count: number, branch: string) => {
    const r = cli('actions', 'run', 'autosrc.fire', '--project', 'web', '--args', JSON.stringify({ count, branch }));
    assert.equal(r.code, 0, r.stderr);
  };
  /** The runs of `id` once `count` of them have ended. */
  const settled = (id: string, count: number, ms = 20_000) =>
    waitFor(`${count} finished runs of ${id}`, ms, async () => {
      const runs = await runsOf(id);
      return runs.length >= count && runs.every((r) => r.status !== 'running') ? runs : undefined;
    });

  before(() => {
    mkdirSync(home);
    mkdirSync(project);
    assert.equal(cli('projects', 'add', project, '--id', 'web').code, 0);
    for (const [dir, name] of [['auto-src', 'autosrc'], ['auto-sink', 'autosink']]) {
      const linked = cli('extensions', 'link', join(FIXTURES, dir as string));
      assert.equal(linked.code, 0, linked.stderr);
      const enabled = cli('extensions', 'enable', name as string, '--yes', '--grant-all');
      assert.equal(enabled.code, 0, enabled.stderr);
    }
    const started = cli('hub', 'start', '--port', '0');
    assert.equal(started.code, 0, started.stderr);
  });
  after(() => {
    cli('hub', 'stop');
    tmp.cleanup();
  });

  it('the broker refuses an event type the peer never declared', () => {
    const r = runCliJson<{ view: { text: string } }>(['actions', 'run', 'autosrc.undeclared', '--json'], { home });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.json.view.text, /^refused \(denied\): .*may not publish "autosrc\.nope".*contributes\.listeners/);
  });

  it('the catalogue lists the enabled listeners, templates and the host event types', async () => {
    const { status, json } = await api('GET', '/api/automations/catalog');
    assert.equal(status, 200);
    assert.equal(json.apiVersion, 1);
    assert.deepEqual(json.catalog.listeners.map((l: { type: string; extension: string }) => [l.type, l.extension]), [['autosrc.ping', 'autosrc']]);
    assert.deepEqual(json.catalog.templates.map((t: { id: string }) => t.id), ['autosrc.record-ping']);
    assert.ok(json.catalog.hostEvents.some((h: { type: string }) => h.type === 'project.registered'));
    const refused = await api('POST', '/api/automations', { trigger: { type: 'autosrc.unknown' }, action: { id: 'autosink.record', args: { text: 'x' } } });
    assert.equal(refused.status, 422);
    assert.equal(refused.json.code, 'AUTOMATION_REFUSED');
    assert.match(refused.json.error, /autosrc\.unknown.*not in the catalogue/);
  });

  it('an automation made from a template runs the action within 200 ms with the templated arguments', async () => {
    const added = cli('automations', 'add', '--template', 'autosrc.record-ping', '--id', 'rec', '--filter', '{"branch": "main"}');
    assert.equal(added.code, 0, added.stderr);
    assert.match(added.stdout, /Added automation rec: when autosrc\.ping happens, run autosink\.record/);
    const test = runCliJson<{ matches: boolean; args: unknown; projectId: string }>(['automations', 'test', 'rec', '--event', '{"attributes": {"branch": "main", "n": 7}, "projectId": "web"}', '--json'], { home });
    assert.deepEqual(test.json, { automation: 'rec', matches: true, action: 'autosink.record', args: { text: 'main', n: 7, project: 'web' }, projectId: 'web' });
    assert.equal(records().length, 0, 'test runs nothing');
    // The sink's peer is up and its argsSchema compiled once (a first run pays that, automation or not).
    assert.equal(cli('actions', 'run', 'autosink.record', '--args', '{"text": "warm"}').code, 0);
    fire(1, 'main');
    const [run] = await settled('rec', 1);
    assert.equal(run?.status, 'ok', JSON.stringify(run));
    assert.deepEqual(run?.args, { text: 'main', n: 1, project: 'web' });
    const [, record] = records();
    assert.deepEqual(record?.args, { text: 'main', n: 1, project: 'web' });
    assert.equal(record?.projectId, 'web');
    const lag = (record?.start ?? 0) - Date.parse(run?.event.time ?? '');
    assert.ok(lag >= 0 && lag < 200, `the action started ${lag} ms after the event (the run ${Date.parse((run as unknown as { startedAt: string }).startedAt) - Date.parse(run?.event.time ?? "")} ms after)`);
    const cliRuns = runCliJson<Run[]>(['automations', 'runs', 'rec', '--json'], { home });
    assert.equal(cliRuns.json[0]?.id, run?.id);
    // The hub's page shows it with its trigger, its action and the trace of the run.
    const hubFile = JSON.parse(readFileSync(join(home, 'hub.json'), 'utf8')) as { port: number };
    const page = await send(hubFile.port, 'GET', '/automations', { 'x-outboard-token': readFileSync(join(home, 'token'), 'utf8').trim() });
    assert.equal(page.status, 200);
    assert.match(page.body, /data-automation="rec"/);
    assert.match(page.body, /autosrc\.ping/);
    assert.match(page.body, /<code>autosink\.record<\/code>/);
    assert.match(page.body, /<td>autosrc\.ping #\d+<\/td><td>ok<\/td>/);
    assert.equal(cli('automations', 'disable', 'rec').code, 0);
  });

  it('modes under a burst of 20 events: single runs one, restart keeps the last, queued runs all in turn, parallel up to max', async () => {
    const add = (id: string, mode: string, max: number, delayMs: number) => {
      const r = cli('automations', 'add', '--id', id, '--trigger', 'autosrc.ping', '--filter', '{"branch": "burst"}', '--action', 'autosink.record', '--args', JSON.stringify({ text: id, n: '{{event.attributes.n}}', delayMs }), '--mode', mode, '--max', String(max));
      assert.equal(r.code, 0, r.stderr);
    };
    // A run lasts longer than the burst takes to arrive (checked below), so every event meets runs in progress.
    add('single', 'single', 1, 3000);
    add('restart', 'restart', 1, 3000);
    add('queued', 'queued', 30, 20);
    add('parallel', 'parallel', 5, 3000);
    fire(20, 'burst');
    const count = (runs: Run[], status: string) => runs.filter((r) => r.status === status).length;
    const single = await settled('single', 20);
    const times = single.map((r) => Date.parse(r.event.time));
    assert.ok(Math.max(...times) - Math.min(...times) < 1000, `the burst took ${Math.max(...times) - Math.min(...times)} ms to arrive`);
    assert.equal(count(single, 'ok'), 1);
    assert.equal(count(single, 'skipped'), 19);
    assert.match(single.find((r) => r.status === 'skipped')?.reason ?? '', /mode single/);
    const restart = await settled('restart', 20);
    assert.equal(count(restart, 'ok'), 1, JSON.stringify(restart.map((r) => r.status)));
    assert.equal(count(restart, 'cancelled'), 19);
    assert.equal(restart.find((r) => r.status === 'ok')?.args?.['n'], 20, 'the last event wins');
    const parallel = await settled('parallel', 20);
    assert.equal(count(parallel, 'ok'), 5);
    assert.equal(count(parallel, 'skipped'), 15);
    const queued = await settled('queued', 20);
    assert.equal(count(queued, 'ok'), 20);
    const inTurn = records().filter((r) => r.args['text'] === 'queued');
    assert.deepEqual(inTurn.map((r) => r.args['n']), Array.from({ length: 20 }, (_, i) => i + 1), 'in event order');
    for (let i = 1; i < inTurn.length; i++) assert.ok((inTurn[i]?.start ?? 0) >= (inTurn[i - 1]?.end ?? 0), 'one at a time');
    const overlap = records().filter((r) => r.args['text'] === 'parallel');
    assert.equal(overlap.length, 5);
    for (const id of ['single', 'restart', 'queued', 'parallel']) assert.equal(cli('automations', 'remove', id).code, 0);
  });

  it('the loop breaker pauses a self-triggering automation and says automation.looped', async () => {
    const r = cli('automations', 'add', '--id', 'loop', '--trigger', 'autosrc.ping', '--filter', '{"branch": "loop"}', '--action', 'autosrc.echo', '--args', '{"branch": "loop"}', '--mode', 'queued');
    assert.equal(r.code, 0, r.stderr);
    fire(1, 'loop');
    const view = await waitFor('the loop automation paused', 15_000, async () => {
      const { json } = await api('GET', '/api/automations/loop');
      return json.automation.state === 'paused' ? json.automation : undefined;
    });
    assert.match(view.paused, /looped: 6 runs in a row/);
    const runs = await settled('loop', 1);
    assert.ok(runs.length <= 8, `${runs.length} runs before it stopped`);
    const looped = runCliJson<{ events: Array<{ type: string; attributes: Record<string, unknown> }> }>(['rpc', 'events.recent', '{"types": ["automation.looped"]}'], { home });
    assert.equal(looped.json.events.length, 1);
    assert.equal(looped.json.events[0]?.attributes['automation'], 'loop');
    const listed = cli('automations', 'list');
    assert.match(listed.stdout, /loop: paused: looped/);
  });

  it('a hub restart keeps automations and their history; a run cut by the stop is interrupted', async () => {
    const r = cli('automations', 'add', '--id', 'slow', '--trigger', 'autosrc.ping', '--filter', '{"branch": "slow"}', '--action', 'autosink.record', '--args', '{"text": "slow", "delayMs": 20000}');
    assert.equal(r.code, 0, r.stderr);
    fire(1, 'slow');
    await waitFor('the slow run to start', 10_000, async () => ((await runsOf('slow'))[0]?.status === 'running' ? true : undefined));
    const before = (await runsOf('rec')).length;
    assert.equal(cli('hub', 'stop').code, 0);
    assert.equal(cli('hub', 'start', '--port', '0').code, 0);
    const ids = (await api('GET', '/api/automations')).json.automations.map((a: { id: string }) => a.id);
    assert.deepEqual(ids, ['loop', 'rec', 'slow']);
    assert.equal((await runsOf('rec')).length, before);
    const [slow] = await runsOf('slow');
    assert.equal(slow?.status, 'interrupted');
  });

  it("an automation whose action's extension is disabled shows broken with the reason and runs nothing", async () => {
    assert.equal(cli('automations', 'enable', 'rec').code, 0);
    assert.equal(cli('extensions', 'disable', 'autosink').code, 0);
    const view = await waitFor('rec broken', 10_000, async () => {
      const { json } = await api('GET', '/api/automations/rec');
      return json.automation.state === 'broken' ? json.automation : undefined;
    });
    assert.match(view.broken, /action "autosink\.record" is not offered by any enabled extension/);
    const listed = cli('automations', 'list');
    assert.match(listed.stdout, /rec: broken: its action "autosink\.record"/);
    const recorded = records().length;
    const ran = (await runsOf('rec')).length;
    fire(1, 'main');
    const runs = await settled('rec', ran + 1);
    assert.equal(runs[0]?.status, 'skipped');
    assert.match(runs[0]?.reason ?? '', /^broken: /);
    assert.equal(records().length, recorded, 'nothing ran');
  });
});
