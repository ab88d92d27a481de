import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { formatVectorResult, loadConformanceVectors, runConformance } from '../../src/index.js';
import { conformanceCli, pythonPeer } from './conformance-peers.js';

describe('conformance: the Python example peer (standard library only)', () => {
  it('passes every vector, the optional ones included', async () => {
    const report = await runConformance({ command: ['python3', pythonPeer], vectors: loadConformanceVectors(), timeScale: 2, concurrency: 3 });
    const failed = report.results.filter((r) => !r.passed);
    assert.deepEqual(failed.map(formatVectorResult), []);
    assert.equal(report.passed, true);
  });

  it('passes through the CLI too, which prints PASS per vector and exits 0', () => {
    const run = spawnSync(process.execPath, [conformanceCli, '--only', 'handshake,oversized', '--', 'python3', pythonPeer], { encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^PASS handshake /m);
    assert.match(run.stdout, /^PASS oversized /m);
    assert.match(run.stdout, /2\/2 vectors passed: conformant/);
  });
});
