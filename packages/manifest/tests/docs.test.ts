// docs/manifest.md is the authors' reference: its field table must list exactly the schema's fields, its
// rule table exactly the validator's rules, and its capability table exactly the catalog.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CAPABILITY_CATALOG, MANIFEST_RULES } from '../src/index.js';
import { EXTENSION_MANIFEST_SCHEMA_V1 } from '../src/schema/index.js';
import { packageRoot } from './package-root.js';
import { schemaPropertyPaths } from './schema-paths.js';

const docs = readFileSync(join(packageRoot(), '..', '..', 'docs', 'manifest.md'), 'utf8');

/** The rows of the first table under `## <heading>`, as their cells. */
function tableRows(heading: string): string[][] {
  const start = docs.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `docs/manifest.md has no "## ${heading}" section`);
  const end = docs.indexOf('\n## ', start + 1);
  const section = docs.slice(start, end < 0 ? undefined : end);
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return rows.map((line) => line.split(' | ').map((cell) => cell.replace(/^\| /, '').replace(/ \|$/, '').trim()));
}

const firstCells = (heading: string): string[] => tableRows(heading).map(([first = '']) => first.replace(/^`|`$/g, ''));

describe('docs/manifest.md', () => {
  it('documents every schema field, and no field the schema lacks', () => {
    const documented = firstCells('Fields');
    const declared = schemaPropertyPaths(EXTENSION_MANIFEST_SCHEMA_V1);
    assert.deepEqual(documented.filter((p) => !declared.includes(p)), [], 'documented but not in the schema');
    assert.deepEqual(declared.filter((p) => !documented.includes(p)), [], 'in the schema but not documented');
    assert.equal(new Set(documented).size, documented.length, 'a field is documented twice');
  });

  it('documents every rule with its outcome, in the order of MANIFEST_RULES', () => {
    const rows = tableRows('Rules').map(([id = '', outcome = '']) => [id.replace(/`/g, ''), outcome]);
    assert.deepEqual(rows, MANIFEST_RULES.map((r) => [r.id, r.outcome]));
  });

  it('documents every catalog capability with its scope and access', () => {
    const rows = tableRows('Capabilities').map(([name = '', scope = '', access = '']) => [name.replace(/`/g, ''), scope, access]);
    assert.deepEqual(rows, CAPABILITY_CATALOG.map((c) => [c.name, c.scope, c.access]));
  });
});
