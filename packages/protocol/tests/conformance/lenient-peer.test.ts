import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatVectorResult, loadConformanceVectors, runConformance } from '../../src/index.js';
import { lenientPeer } from './conformance-peers.js';

describe('conformance: a lenient peer answering activate with {}', () => {
  it('passes every vector: the vectors match "a result" for activate, not its content (DESIGN §8)', async () => {
    const vectors = loadConformanceVectors();
    const report = await runConformance({ command: [process.execPath, lenientPeer], vectors, timeScale: 2, concurrency: 3 });
    assert.deepEqual(report.results.filter((r) => !r.passed).map(formatVectorResult), []);
    assert.equal(report.passed, true);
  });

  it('an error response to activate still fails the handshake vector', async () => {
    const vectors = loadConformanceVectors().filter((v) => v.name === 'handshake');
    const report = await runConformance({ command: [process.execPath, '-e', FAILING_ACTIVATE], vectors, timeScale: 2 });
    assert.equal(report.passed, false);
    assert.match(formatVectorResult(report.results[0]!), /result/);
  });
});

/** A peer whose `activate` answers an error response: activation failed, whatever the vectors accept. */
const FAILING_ACTIVATE = `
const rl = require('node:readline').createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const m = JSON.parse(line);
  if (m.method === 'initialize') process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: { protocol: 1, name: 'x', version: '1.0.0', contributes: {}, capabilities: {} } }) + '\\n');
  else if (m.method === 'activate') process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, error: { code: -32603, message: 'no', data: { code: 'unavailable' } } }) + '\\n');
});
`;
