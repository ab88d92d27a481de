// docs/troubleshooting.md covers every refusal: each error code of the host's one table, each manifest rule,
// and each rule id the host and the CLI put on a doctor line (found in their sources, so a new rule cannot
// be added without its row), with a link to the full error table.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '@outboard/host';
import { MANIFEST_RULE_IDS } from '@outboard/manifest';
import { REPO_ROOT } from './lib/fixture-home.js';

const page = readFileSync(join(REPO_ROOT, 'docs', 'troubleshooting.md'), 'utf8');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * Rule ids the host and the CLI report on doctor lines: literal ids (`rule: 'x.y'`, `rule: c ? 'a.b' : 'c.d'`,
 * `at('x.y', ...)`, `check(path, 'x.y', ...)`), and families built from a prefix (`rule: \`config.${...}\``,
 * documented as `config.<...>`).
 */
function hostRules(): { ids: Set<string>; families: Set<string> } {
  const ids = new Set<string>();
  const families = new Set<string>();
  const dotted = /^[a-z][A-Za-z-]*(\.[a-z][A-Za-z-]*)+$/;
  for (const file of ['host', 'cli', 'hub'].flatMap((p) => sources(join(REPO_ROOT, 'packages', p, 'src')))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\brule:\s*([^,}\n]+)/g)) {
      for (const q of (m[1] as string).matchAll(/'([^']+)'/g)) if (dotted.test(q[1] as string)) ids.add(q[1] as string);
      const family = /^`([a-z][A-Za-z-]*\.)\$\{/.exec(m[1] as string);
      if (family) families.add(family[1] as string);
    }
    for (const m of text.matchAll(/\b(?:at|check)\((?:[^,()]+,\s*)?'([^']+)'/g)) if (dotted.test(m[1] as string)) ids.add(m[1] as string);
  }
  return { ids, families };
}

describe('docs/troubleshooting.md', () => {
  it('links the full error table', () => {
    assert.match(page, /\]\(errors\.md\)/);
  });

  it('names every error code', () => {
    const missing = Object.keys(ERROR_CODES).filter((code) => !page.includes(`\`${code}\``));
    assert.deepEqual(missing, []);
  });

  it('names every manifest rule', () => {
    assert.ok(MANIFEST_RULE_IDS.length > 40);
    assert.deepEqual(MANIFEST_RULE_IDS.filter((id) => !page.includes(`\`${id}\``)), []);
  });

  it('names every rule id the host and the CLI report, and every family of them', () => {
    const { ids, families } = hostRules();
    for (const known of ['package-json.missing', 'path.symlink-escape', 'name.conflict', 'approvals.corrupt', 'home.permissions']) {
      assert.ok(ids.has(known), `the source scan no longer finds ${known}: fix the scan`);
    }
    assert.ok(families.has('config.') && families.has('dev-paths.'), [...families].join(' '));
    assert.deepEqual([...ids].filter((id) => !page.includes(`\`${id}\``)), []);
    assert.deepEqual([...families].filter((f) => !page.includes(`\`${f}<`) && !page.includes(`\`${f}`)), []);
    // The experimental switches' rule is `experimental.<flag>.<rule>`, built from the key path.
    assert.ok(page.includes('`experimental.<flag>.type`'));
  });
});
