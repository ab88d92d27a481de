import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { loadConformanceVectors, matchPattern, runConformance, substituteCaptures } from '../../src/index.js';
import { conformanceCli, nonconformantPeer } from './conformance-peers.js';

describe('conformance runner', () => {
  it('fails a peer that breaks the rules, with the step, expected, actual and where they differ', async () => {
    const vectors = loadConformanceVectors().filter((v) => v.name === 'echo' || v.name === 'cancellation');
    const report = await runConformance({ command: [process.execPath, nonconformantPeer], vectors });
    assert.equal(report.passed, false);
    const echo = report.results.find((r) => r.name === 'echo');
    assert.equal(echo?.passed, false);
    assert.equal(echo?.failure?.mismatch?.path, '$.result.n');
    assert.equal(echo?.failure?.mismatch?.expected, '-1.5e-7');
    assert.equal(echo?.failure?.mismatch?.actual, undefined);
    const cancellation = report.results.find((r) => r.name === 'cancellation');
    assert.match(cancellation?.failure?.message ?? '', /no message within 1000 ms/);
  });

  it('the CLI prints FAIL with the diff and exits 1; bad usage exits 2', () => {
    const run = spawnSync(process.execPath, [conformanceCli, '--only', 'echo', '--', process.execPath, nonconformantPeer], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 1);
    assert.match(run.stdout, /^FAIL echo /m);
    assert.match(run.stdout, /diff: {5}at \$\.result\.n: expected -1\.5e-7, got nothing/);
    assert.match(run.stdout, /NOT conformant/);
    const usage = spawnSync(process.execPath, [conformanceCli, '--only', 'echo'], { encoding: 'utf8' });
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /no peer command given; put it after --/);
  });
});

describe('patterns', () => {
  it('match subsets, types, bounds, alternatives, absence, and captures', () => {
    const captures = new Map<string, unknown>();
    assert.equal(matchPattern({ a: 1 }, { a: 1, extra: true }, captures), undefined);
    assert.equal(matchPattern({ n: { $type: 'integer' } }, { n: 1.5 }, captures)?.expected, 'a value of type integer');
    assert.equal(matchPattern({ n: { $gte: 2, $lte: 3 } }, { n: 4 }, captures)?.path, '$.n');
    assert.equal(matchPattern({ v: { $oneOf: [1, 'one'] } }, { v: 'one' }, captures), undefined);
    assert.equal(matchPattern({ gone: { $absent: true } }, { gone: 0 }, captures)?.expected, 'absent');
    assert.equal(matchPattern({ id: { $capture: 'id' } }, { id: 'x-1' }, captures), undefined);
    assert.equal(matchPattern({ id: { $ref: 'id' } }, { id: 'x-1' }, captures), undefined);
    assert.deepEqual(substituteCaptures({ reply: { $ref: 'id' }, list: [{ $ref: 'id' }] }, captures), { reply: 'x-1', list: ['x-1'] });
    assert.equal(matchPattern([1, 2], [1, 2, 3], captures)?.expected, 'an array of 2');
    assert.throws(() => substituteCaptures({ $ref: 'missing' }, captures), /no earlier step captured/);
  });
});
