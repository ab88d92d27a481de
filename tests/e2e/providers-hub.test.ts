// Providers through a running hub (DESIGN §8): a provider's peer starts on the first query (onProvider), a
// newer query from the same consumer cancels the older one in the peer and its late answer never shows, the
// user's `providers.deadlineMs` reaches the running hub, and `diagnostics --follow` asks again when a provider
// says its results changed.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { actionsHome, CliJob, isRunning, waitFor } from './actions-home.js';
import { cliAsync, startBusHub, WsClient, type TestBusHub } from './events-hub.js';
import { runCli } from './lib/fixture-home.js';

const search = (id: string) => ({ id, kind: 'search', title: `Title of ${id}` });

describe('providers through a running hub', { timeout: 120_000 }, () => {
  const h = actionsHome([
    { name: 'alpha', providers: [search('alpha.find')] },
    { name: 'slowpoke', providers: [search('slowpoke.slow')] },
    { name: 'checker', providers: [{ id: 'checker.problems', kind: 'diagnostics', title: 'Checks' }] },
  ]);
  let hub: TestBusHub;
  let ws: WsClient;
  const jobs: CliJob[] = [];
  /** A CLI run that does not reach the hub (config); the hub runs in this process, so nothing may block it. */
  const cli = (args: string[]) => runCli(args, { home: h.home, env: { ...h.env, NO_COLOR: '1' }, cwd: h.root });
  /** A CLI run through the hub in this process. */
  const viaHub = (args: string[]) => cliAsync(args, h.home, h.root);

  before(async () => {
    hub = await startBusHub({ home: h.home, env: h.env, advertise: true, peers: true });
    ws = await WsClient.connect(hub.port, hub.token);
  });
  after(async () => {
    for (const j of jobs) j.killGroup();
    ws?.close();
    await hub?.close();
    h.cleanup();
  });

  it('onProvider: a provider\'s peer starts on the first query and keeps running in the hub', async () => {
    const peers = await hub.host.peers();
    assert.ok(!(await peers.peerStatus('alpha'))?.pid, 'nothing started before a query');
    assert.deepEqual(h.marksOf('alpha'), []);
    // A cold start counts against the deadline; this machine may be busy, so this query allows 15 s.
    const r = await ws.call('providers.search', { query: 'first', deadlineMs: 15_000 });
    const answered = (r.result?.answered ?? []) as Array<{ provider: { id: string }; items: Array<{ title: string }> }>;
    assert.deepEqual(answered.find((a) => a.provider.id === 'alpha.find')?.items.map((i) => i.title), ['alpha found first'], JSON.stringify(r));
    const pid = (await peers.peerStatus('alpha'))?.pid;
    assert.ok(typeof pid === 'number' && isRunning(pid), `the hub keeps the started peer: ${JSON.stringify(await peers.peerStatus('alpha'))}`);
    // A diagnostics provider was not asked by a search, so its peer did not start.
    assert.ok(!(await peers.peerStatus('checker'))?.pid);
  });

  it('a newer query from the same consumer cancels the older one in the peer; its late answer never shows', async () => {
    // The older query starts slowpoke's peer (a cold start on a busy machine): its deadline must not end it
    // before the newer one replaces it. The newer one's deadline lets the warm alpha answer on a busy machine;
    // slowpoke never answers before it is cancelled, so it times out whatever the deadline.
    const older = ws.call('providers.search', { query: 'older', consumer: 'page-1', deadlineMs: 60_000 });
    await waitFor('the slow provider to be asked the older query', () => h.marksOf('slowpoke').includes('query slowpoke.slow "older"'));
    const newer = ws.call('providers.search', { query: 'newer', consumer: 'page-1', deadlineMs: 3_000 });
    const olderAnswer = await older;
    assert.equal(olderAnswer.error?.data?.code, 'cancelled', JSON.stringify(olderAnswer));
    assert.match(olderAnswer.error?.message ?? '', /a newer query from "page-1" replaced this one/);
    await waitFor('the slow provider to see $/cancelRequest for the older query', () => h.marksOf('slowpoke').includes('cancelled older'));
    // It answers once cancelled: that late answer is on its way to the hub, which must drop it.
    await waitFor('the late answer to the older query', () => h.marksOf('slowpoke').includes('late answer older'));
    const newerAnswer = await newer;
    assert.deepEqual(newerAnswer.result.answered.map((a: { provider: { id: string } }) => a.provider.id), ['alpha.find']);
    assert.equal(newerAnswer.result.missed[0]?.outcome, 'timed_out');
    // Another consumer's query is independent: it is not cancelled by page-1's.
    const other = await ws.call('providers.search', { query: 'other', consumer: 'terminal-2', deadlineMs: 300 });
    assert.equal(other.error, undefined, JSON.stringify(other));
    const seen = JSON.stringify([olderAnswer, newerAnswer, other, ws.notifications]);
    assert.ok(!seen.includes('late older'), 'the late answer of the cancelled query reached nobody');
  });

  it('providers.deadlineMs set from the CLI reaches the running hub; a value out of range is refused', async () => {
    const bad = cli(['config', 'providers.deadlineMs', '5', '--user']);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /providers\.deadlineMs must be a whole number of milliseconds from 100 to 60000/);
    // The key's own fix, not CONFIG_INVALID_VALUE's generic one about an extension's config keys.
    assert.match(bad.stderr, / — give one with `outboard config providers\.deadlineMs 5000 --user`, or unset it with `outboard config providers\.deadlineMs --unset --user`/);
    assert.doesNotMatch(bad.stderr, /extensions info/);
    const set = cli(['config', 'providers.deadlineMs', '400', '--user']);
    assert.equal(set.code, 0, set.stderr);
    const r = await viaHub(['search', 'quick', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const missed = (JSON.parse(r.stdout) as { missed: Array<{ provider: { id: string }; outcome: string; reason: string }> }).missed;
    const slow = missed.find((m) => m.provider.id === 'slowpoke.slow');
    assert.equal(slow?.outcome, 'timed_out');
    assert.match(slow?.reason ?? '', /no answer within 400 ms \(`outboard config providers\.deadlineMs <ms>` gives providers longer\)/);
    const unset = cli(['config', 'providers.deadlineMs', '--unset', '--user']);
    assert.equal(unset.code, 0, unset.stderr);
  });

  it('diagnostics --follow asks again when a provider says its results changed, until Ctrl+C', async () => {
    // Start the diagnostics peer first: a cold start on a busy machine may outlast the 2 s deadline.
    const warm = await ws.call('providers.search', { kind: 'diagnostics', query: '', deadlineMs: 15_000 });
    assert.equal(warm.result?.answered?.length, 1, JSON.stringify(warm));
    const job = new CliJob(['diagnostics', '--follow'], h);
    jobs.push(job);
    await waitFor('the first diagnostics', () => job.stdout.includes('broken'), 20_000);
    assert.equal(job.stdout.match(/checker — Checks/g)?.length, 1);
    // alpha's peer announces providers/changed (for its declared provider, and one it did not declare).
    const r = await viaHub(['search', 'changed', '--json']);
    assert.equal(r.code, 0, r.stderr);
    await waitFor('a second round of diagnostics', () => (job.stdout.match(/checker — Checks/g)?.length ?? 0) >= 2, 10_000);
    assert.match(job.stderr, /— alpha\.find has new results; asked again at /);
    assert.ok(!job.stderr.includes('alpha.undeclared'), 'an undeclared provider\'s change is ignored');
    process.kill(-(job.child.pid as number), 'SIGINT');
    const exit = await job.done();
    assert.equal(exit.code, 130, job.stderr);
  });

  it('--follow without a running hub says how to start one', () => {
    const r = runCli(['diagnostics', '--follow'], { home: `${h.root}/empty-home`, env: { ...h.env, NO_COLOR: '1' }, cwd: h.root });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /no hub runs for this home, and providers announce changed results through the hub/);
    assert.match(r.stderr, /outboard hub start/);
  });
});
