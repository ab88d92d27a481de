import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { formatConformanceSummary, formatVectorResult, loadConformanceVectors, peerLaunchGuardEnv, runConformance } from '../../src/index.js';
import { conformanceCli, guardedCorePeer } from './conformance-peers.js';

const CORE = ['handshake', 'malformed', 'oversized', 'protocol-mismatch', 'shutdown', 'stdin-close', 'unknown-method'];

describe('conformance: core vectors and the launch guard', () => {
  it('the shipped vectors: the core ones need no method beyond the protocol, the others name the test methods they need', () => {
    const vectors = loadConformanceVectors();
    const core = vectors.filter((v) => (v.requires ?? []).length === 0).map((v) => v.name);
    assert.deepEqual(core, CORE);
    for (const vector of vectors) {
      const called = new Set([...JSON.stringify(vector.steps).matchAll(/"method":"(test\/[A-Za-z]+)"/g)].map((m) => m[1]));
      // A method only named inside an oversized request is never read, so it is not required.
      const sent = new Set([...JSON.stringify(vector.steps.filter((s) => !('sendOversized' in s))).matchAll(/"method":"(test\/[A-Za-z]+)"/g)].map((m) => m[1]));
      assert.ok([...sent].every((m) => vector.requires?.includes(m as string)), `${vector.name} calls ${[...called].join(', ')} but requires ${JSON.stringify(vector.requires)}`);
    }
  });

  it('a peer that follows docs/peers.md (launch guard, no test methods) passes: core vectors pass, the rest are skipped with the reason', async () => {
    const vectors = loadConformanceVectors();
    const report = await runConformance({ command: [process.execPath, guardedCorePeer], vectors, timeScale: 2, concurrency: 3 });
    const byName = new Map(report.results.map((r) => [r.name, r]));
    for (const name of CORE) assert.equal(byName.get(name)?.passed, true, formatVectorResult(byName.get(name)!));
    const skipped = report.results.filter((r) => r.skipped !== undefined);
    assert.equal(skipped.length, vectors.length - CORE.length, report.results.map(formatVectorResult).join('\n'));
    assert.ok(skipped.every((r) => !r.failure && !r.passed && /the peer does not implement test\/\w+ \(answered method_not_found\)/.test(r.skipped ?? '')));
    assert.equal(report.passed, true);
    assert.match(formatConformanceSummary(report), new RegExp(`^${CORE.length}/${vectors.length} vectors passed \\(${skipped.length} skipped: the peer lacks the test methods they need\\): conformant$`));
  });

  it('takes the host id and variable prefix as options: under another prefix the same peer only starts when told it', async () => {
    const vectors = loadConformanceVectors().filter((v) => v.name === 'handshake');
    const wrong = await runConformance({ command: [process.execPath, guardedCorePeer, 'ACME'], vectors, env: withoutGuards(), startupMs: 5000 });
    assert.equal(wrong.passed, false);
    assert.match(wrong.results[0]?.stderrTail ?? '', /started by its host, not by hand/);
    const right = await runConformance({ command: [process.execPath, guardedCorePeer, 'ACME'], vectors, env: withoutGuards(), host: { id: 'acme-tools', envPrefix: 'ACME' } });
    assert.equal(right.passed, true, right.results.map(formatVectorResult).join('\n'));
    assert.deepEqual(peerLaunchGuardEnv({ hostId: 'acme-tools' }), { ACME_TOOLS_PEER_HOST: 'acme-tools', ACME_TOOLS_PEER_PROTOCOL: '1' });
    assert.throws(() => peerLaunchGuardEnv({ envPrefix: 'lower' }), TypeError);
  });

  it('the CLI: --core runs only the core vectors; SKIP lines say why; --env-prefix/--host-id set the guard', () => {
    const core = spawnSync(process.execPath, [conformanceCli, '--core', '--only', 'handshake,echo', '--', process.execPath, guardedCorePeer], { encoding: 'utf8', timeout: 60_000, env: withoutGuards() });
    assert.equal(core.status, 0, core.stdout + core.stderr);
    assert.match(core.stdout, /^PASS handshake /m);
    assert.doesNotMatch(core.stdout, /echo/);
    const all = spawnSync(process.execPath, [conformanceCli, '--only', 'handshake,echo', '--env-prefix', 'ACME', '--', process.execPath, guardedCorePeer, 'ACME'], { encoding: 'utf8', timeout: 60_000, env: withoutGuards() });
    assert.equal(all.status, 0, all.stdout + all.stderr);
    assert.match(all.stdout, /^SKIP echo \(\d+ ms\) - the peer does not implement test\/echo/m);
    assert.match(all.stdout, /1\/2 vectors passed \(1 skipped/);
  });
});

/** This process's environment without any launch guard (the tests may run under a host). */
function withoutGuards(): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/_PEER_(HOST|PROTOCOL)$/.test(key)));
}
