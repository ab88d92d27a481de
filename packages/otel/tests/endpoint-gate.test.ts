import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EndpointGate } from '../src/endpoint-gate.js';

describe('EndpointGate', () => {
  it('pauses after a failed export (doubling to a bound), while an export goes unanswered, and opens on success', () => {
    let now = 0;
    const gate = new EndpointGate({ initialPauseMs: 100, maxPauseMs: 300, stallMs: 50, now: () => now });
    let answer: ((result: { code: number }) => void) | undefined;
    const exporter = gate.wrap({ export: (_items: number[], cb: (r: { code: number }) => void) => void (answer = cb), shutdown: async () => undefined });
    assert.equal(gate.open(), true);
    exporter.export([1], () => undefined);
    now = 49;
    assert.equal(gate.open(), true);
    now = 50;
    assert.equal(gate.open(), false, 'an export unanswered for stallMs closes it');
    answer!({ code: 1 });
    assert.equal(gate.open(), false, 'a failure pauses it');
    now = 150;
    assert.equal(gate.open(), true);
    gate.report(true);
    now = 349;
    assert.equal(gate.open(), false, 'the second failure in a row pauses twice as long');
    now = 350;
    gate.report(true);
    gate.report(true);
    now = 649;
    assert.equal(gate.open(), false);
    now = 650;
    assert.equal(gate.open(), true, 'never longer than maxPauseMs');
    gate.report(true);
    gate.report(false);
    assert.equal(gate.open(), true, 'a success opens it again');
    assert.equal(gate.skipped, 4);
  });
});
