// One passing and one failing package.json per rule, in tests/fixtures/<rule>/; this table runs them all.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MANIFEST_RULES, formatProblem } from '../src/index.js';
import { checkPackageJson } from '../src/validate/index.js';
import { packageRoot } from './package-root.js';
import { FIXTURE_CONTEXT } from './sample-context.js';

const fixtures = join(packageRoot(), 'tests', 'fixtures');
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

describe('rule fixtures', () => {
  it('has a fixture folder for every rule and a rule for every fixture folder', () => {
    const folders = readdirSync(fixtures).sort();
    assert.deepEqual(folders, MANIFEST_RULES.map((r) => r.id).sort());
    for (const folder of folders) assert.deepEqual(readdirSync(join(fixtures, folder)).sort(), ['fail.json', 'pass.json'], folder);
  });

  for (const rule of MANIFEST_RULES) {
    describe(rule.id, () => {
      it('pass.json is valid', () => {
        const result = checkPackageJson(readJson(join(fixtures, rule.id, 'pass.json')), FIXTURE_CONTEXT);
        const shown = 'problems' in result ? result.problems.map(formatProblem).join('\n') : '';
        assert.equal(result.kind, 'valid', shown);
      });

      it(`fail.json breaks ${rule.id} and is ${rule.outcome}`, () => {
        const result = checkPackageJson(readJson(join(fixtures, rule.id, 'fail.json')), FIXTURE_CONTEXT);
        assert.equal(result.kind, rule.outcome);
        assert.ok('problems' in result);
        const rules = result.problems.map((p) => p.rule);
        assert.ok(rules.includes(rule.id), `expected ${rule.id}, got ${rules.join(', ')}`);
        for (const p of result.problems) {
          assert.ok(p.message.length > 0 && p.fix.length > 0, formatProblem(p));
          assert.doesNotMatch(formatProblem(p), /\n/);
        }
      });
    });
  }
});
