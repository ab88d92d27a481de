// `outboard search` and `outboard diagnostics` over real fixture peers: the fan-out shows what answered and
// names what timed out, failed or was not ready; Ctrl+C cancels pending queries in the peers; answers are
// checked against their kind (capped, cleaned, refused when malformed); undeclared providers are refused.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { actionsHome, CliJob, waitFor } from './actions-home.js';
import { runCli } from './lib/fixture-home.js';

const search = (id: string) => ({ id, kind: 'search', title: `Title of ${id}` });
/**
 * The deadline of these fan-outs. A cold start counts against it and a busy machine (2 cores, the suite's files
 * in parallel) may take seconds to start five peers, so the providers that answer get a generous one; the one
 * that times out (slowpoke) never answers until cancelled, so it times out whatever the deadline.
 */
const DEADLINE_MS = 10_000;

describe('providers fan-out', () => {
  const h = actionsHome([
    { name: 'alpha', providers: [search('alpha.find')] },
    { name: 'slowpoke', providers: [search('slowpoke.slow')] },
    { name: 'crashy', providers: [search('crashy.crash')] },
    { name: 'messy', providers: [search('messy.flood'), search('messy.malformed'), search('messy.hostile')] },
    { name: 'sneaky', mode: 'undeclared-provider', providers: [search('sneaky.find')] },
    { name: 'checker', providers: [{ id: 'checker.problems', kind: 'diagnostics', title: 'Checks' }] },
  ]);
  const jobs: CliJob[] = [];
  after(() => {
    for (const j of jobs) j.killGroup();
    h.cleanup();
  });
  const cli = (args: string[]) => runCli(args, { home: h.home, env: { ...h.env, NO_COLOR: '1' }, cwd: h.root });
  before(() => {
    const set = cli(['config', 'providers.deadlineMs', String(DEADLINE_MS), '--user']);
    assert.equal(set.code, 0, set.stderr);
  });

  it('shows the answers, and names the slow provider as timed out and the crashed one as failed', async () => {
    const started = Date.now();
    const r = cli(['search', 'hello', '--json']);
    const elapsed = Date.now() - started;
    assert.equal(r.code, 0, r.stderr);
    const result = JSON.parse(r.stdout) as { answered: Array<{ provider: { id: string }; items: Array<Record<string, unknown>>; truncated: boolean; cursor?: string; warnings: string[] }>; missed: Array<{ provider: { id: string }; outcome: string; reason: string }> };
    const answered = new Map(result.answered.map((a) => [a.provider.id, a]));
    const missed = new Map(result.missed.map((m) => [m.provider.id, m]));
    assert.deepEqual(answered.get('alpha.find')?.items, [{ title: 'alpha found hello', path: 'notes/a.md', detail: 'project p1' }]);
    assert.equal(missed.get('slowpoke.slow')?.outcome, 'timed_out');
    assert.match(missed.get('slowpoke.slow')?.reason ?? '', new RegExp(`no answer within ${DEADLINE_MS} ms`));
    assert.equal(missed.get('crashy.crash')?.outcome, 'failed');
    // The slow one is cancelled in its peer at the deadline (it answers only then), and the run does not wait
    // for that late answer: it never shows.
    await waitFor('the slow provider to see $/cancelRequest', () => h.marksOf('slowpoke').includes('cancelled hello'));
    assert.ok(!r.stdout.includes('late hello'), r.stdout);
    assert.ok(elapsed >= DEADLINE_MS, `took ${elapsed} ms: the slow provider was given the whole deadline`);

    // Oversized: capped at the limit (default 50), truncated, the cursor kept, the cut named.
    const flood = answered.get('messy.flood');
    assert.equal(flood?.items.length, 50);
    assert.equal(flood?.truncated, true);
    assert.equal(flood?.cursor, 'next-page');
    assert.match(flood?.warnings.join('\n') ?? '', /kept the first 50 of 500 items/);
    // Malformed: refused with the reason.
    assert.equal(missed.get('messy.malformed')?.outcome, 'failed');
    assert.match(missed.get('messy.malformed')?.reason ?? '', /refused its answer: the answer is not an object with an "items" array/);
    // Hostile: control characters shown as visible escapes, javascript: URL dropped, the item without a title dropped and named.
    const hostile = answered.get('messy.hostile');
    assert.deepEqual(hostile?.items, [{ title: 'bad \\x1b[31mred\\x1b[0m title' }]);
    assert.match(hostile?.warnings.join('\n') ?? '', /dropped 1 item\(s\) that are not search items/);
    // A peer announcing a provider its manifest does not declare is refused at its handshake: not ready, with why.
    assert.equal(missed.get('sneaky.find')?.outcome, 'not_ready');
    assert.match(missed.get('sneaky.find')?.reason ?? '', /provider sneaky\.hidden/);
    assert.ok(!h.marksOf('sneaky').some((l) => l.startsWith('query')), 'the refused peer was never asked');
    // Diagnostics providers are not asked by search.
    assert.ok(!h.marksOf('checker').some((l) => l.startsWith('query')));
  });

  it('prints the answers grouped by extension and the missing providers with their reason', () => {
    const r = cli(['search', 'hi', 'there']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /alpha — Title of alpha\.find\n {2}alpha found hi there {2}→ notes\/a\.md/);
    assert.match(r.stderr, new RegExp(`slowpoke \\(slowpoke\\.slow\\) timed out: no answer within ${DEADLINE_MS} ms`));
    assert.match(r.stderr, /crashy \(crashy\.crash\) failed: /);
    assert.ok(!r.stdout.includes('\u001b'), 'no escape sequence from a peer reaches the terminal');
  });

  it('Ctrl+C cancels the pending queries in the peers', async () => {
    const job = new CliJob(['search', 'stopme'], h);
    jobs.push(job);
    await waitFor('the slow provider to be asked', () => h.marksOf('slowpoke').includes('query slowpoke.slow "stopme"'));
    process.kill(-(job.child.pid as number), 'SIGINT');
    const exit = await job.done();
    assert.equal(exit.code, 130, job.stderr);
    assert.match(job.stderr, /Cancelled search\./);
    await waitFor('the slow provider to see $/cancelRequest', () => h.marksOf('slowpoke').includes('cancelled stopme'));
    assert.ok(!job.stdout.includes('late'), job.stdout);
  });

  it('diagnostics exits 1 when a provider reports an error', () => {
    const r = cli(['diagnostics']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /checker — Checks\n {2}✖ a\.txt:3: broken\n {2}! meh/);
  });

  it('refuses a provider nobody declares, and a project nobody registered', () => {
    const r = cli(['rpc', 'providers.query', JSON.stringify({ id: 'alpha.nope', query: 'x' })]);
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /no enabled extension offers provider "alpha\.nope"/);
    const p = cli(['search', 'x', '--project', 'nope']);
    assert.notEqual(p.code, 0);
    assert.match(p.stderr, /no registered project has the id "nope"/);
  });
});
