import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatVectorResult, loadConformanceVectors, runConformance } from '../../src/index.js';
import { tsPeer } from './conformance-peers.js';

describe('conformance: the TS peer built with this package', () => {
  it('passes every vector, the optional ones included', async () => {
    const vectors = loadConformanceVectors();
    assert.ok(vectors.length >= 12, `${vectors.length} vectors`);
    const report = await runConformance({ command: [process.execPath, tsPeer], vectors, timeScale: 2, concurrency: 3 });
    const failed = report.results.filter((r) => !r.passed);
    assert.deepEqual(failed.map(formatVectorResult), []);
    assert.equal(report.passed, true);
  });
});
