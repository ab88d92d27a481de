// Random manifests: the validator never throws, and every problem carries a documented rule id. The
// second property is what keeps the schema's editor patterns and the rules in step: a pattern the rules
// do not cover would surface as an undocumented `schema.pattern` problem.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { MANIFEST_RULE_IDS, formatProblem } from '../src/index.js';
import { checkPackageJson } from '../src/validate/index.js';
import { FIXTURE_CONTEXT } from './sample-context.js';

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.stringMatching(/^[a-zA-Z0-9.*/\\ {}:_-]{0,14}$/),
  fc.constantFrom('', 'git', 'git.log', 'help', 'init', 'onEvent:', 'onStartup', 'GET /x', 'get /x', './a.js', '../a.js', 'C:\\a.js', '/p/{projectId}', '{x}', 'rpc.x', 'projects.read'),
);
const anyJson = fc.jsonValue({ maxDepth: 2 });
const value = fc.oneof(text, anyJson, fc.array(text, { maxLength: 3 }));
const runnable = fc.record({ bin: value, exec: fc.oneof(value, fc.array(text, { maxLength: 3 })), health: value, idleStopMinutes: fc.oneof(fc.double(), value), activation: value }, { requiredKeys: [] });
const entry = (keys: string[]): fc.Arbitrary<unknown> => fc.oneof(fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] }), anyJson);

const block = fc.record(
  {
    apiVersion: fc.oneof(fc.constant(1), fc.constant(1), fc.constant(2), value),
    name: fc.oneof(text, value),
    publisher: text,
    displayName: value,
    description: value,
    commands: fc.oneof(fc.array(fc.oneof(runnable, entry(['name', 'bin', 'exec', 'summary'])), { maxLength: 3 }), value),
    sidecar: fc.oneof(runnable, value),
    peer: fc.oneof(runnable, value),
    hub: entry(['label', 'description']),
    projectLinks: fc.oneof(fc.array(entry(['label', 'path']), { maxLength: 2 }), value),
    configSchema: value,
    contributes: fc.oneof(
      fc.record({ actions: fc.array(entry(['id', 'title', 'description', 'targets', 'argsSchema']), { maxLength: 2 }), status: fc.array(entry(['id', 'title']), { maxLength: 2 }), rpc: fc.array(text, { maxLength: 3 }), events: fc.array(text, { maxLength: 3 }) }, { requiredKeys: [] }),
      value,
    ),
    capabilities: fc.oneof(fc.record({ required: fc.array(text, { maxLength: 3 }), optional: fc.array(text, { maxLength: 3 }) }, { requiredKeys: [] }), value),
    permissions: fc.oneof(fc.record({ hub: fc.array(text, { maxLength: 3 }) }, { requiredKeys: [] }), value),
  },
  { requiredKeys: [] },
);
const pkg = fc.record({ name: value, engines: fc.oneof(fc.record({ outboard: fc.oneof(text, fc.constantFrom('>=0.1.0', '^0.2.0', '>=1')) }), value), outboard: fc.record({ extension: fc.oneof(block, block, block, value) }) }, { requiredKeys: ['outboard'] });

describe('checkPackageJson on random input', () => {
  it('never throws, and reports only documented rules, one line each', () => {
    const known = new Set(MANIFEST_RULE_IDS);
    fc.assert(
      fc.property(pkg, (p) => {
        const result = checkPackageJson(p, FIXTURE_CONTEXT);
        if (result.kind === 'valid' || result.kind === 'not-extension') return;
        assert.ok(result.problems.length > 0);
        for (const problem of result.problems) {
          assert.ok(known.has(problem.rule), formatProblem(problem));
          assert.ok(problem.path.startsWith('$'));
          assert.doesNotMatch(formatProblem(problem), /[\n\r]/);
        }
      }),
      { numRuns: 600, seed: 20261129, endOnFailure: true },
    );
  });
});
