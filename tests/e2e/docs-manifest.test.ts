// The manifest reference agrees with the JSON Schema: the field table of docs/manifest.md is exactly what
// scripts/docs-manifest-fields.mjs generates from the schema, every schema field is documented, and no field
// the page names (in its example or in backticks) is one the schema lacks.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CAPABILITY_CATALOG, MANIFEST_RULE_IDS } from '@outboard/manifest';
import { REPO_ROOT } from './lib/fixture-home.js';

interface FieldsScript {
  SCHEMA_FILE: string;
  MANIFEST_DOC: string;
  schemaFields(schema: unknown): Array<{ path: string }>;
  withFieldTable(page: string, schema: unknown): string;
}

const script = (await import(pathToFileURL(join(REPO_ROOT, 'scripts', 'docs-manifest-fields.mjs')).href)) as FieldsScript;
const schema: unknown = JSON.parse(readFileSync(script.SCHEMA_FILE, 'utf8'));
const page = readFileSync(script.MANIFEST_DOC, 'utf8');
const fields = new Set(script.schemaFields(schema).map((f) => f.path));
// Fields whose value is free-form JSON (a JSON Schema of the author's): what is under them is not manifest.
const OPEN = ['contributes.actions[].argsSchema'];

function known(path: string): boolean {
  return fields.has(path) || OPEN.some((open) => path.startsWith(`${open}.`) || path.startsWith(`${open}[]`));
}

/** Every key path of a JSON value, `[]` for array elements (`commands[].bin`). */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => keyPaths(v, `${prefix}[]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    return [path, ...keyPaths(v, path)];
  });
}

describe('docs/manifest.md and the manifest JSON Schema', () => {
  it('the field table is the one generated from the schema (run node scripts/docs-manifest-fields.mjs)', () => {
    assert.ok(fields.size >= 40, `only ${fields.size} fields found in the schema`);
    assert.equal(script.withFieldTable(page, schema), page, 'docs/manifest.md is stale: run node scripts/docs-manifest-fields.mjs');
  });

  it('documents every schema field', () => {
    const missing = [...fields].filter((f) => !page.includes(`\`${f}\``));
    assert.deepEqual(missing, []);
  });

  it('its example manifest uses only fields the schema has', () => {
    const example = /```json\n([\s\S]*?)```/.exec(page)?.[1];
    assert.ok(example, 'docs/manifest.md has an example package.json');
    const block = (JSON.parse(example) as { outboard: { extension: unknown } }).outboard.extension;
    const paths = keyPaths(block);
    assert.ok(paths.length > 20);
    assert.deepEqual(paths.filter((p) => !known(p)), []);
  });

  it('names no field the schema lacks', () => {
    const roots = [...fields].filter((f) => !f.includes('.') && !f.includes('['));
    // Capability names and rule ids are dotted too (`hub.request`, `name.slug`): they are not fields.
    const notFields = new Set([...CAPABILITY_CATALOG.map((c) => c.name), ...MANIFEST_RULE_IDS]);
    const looksLikeField = new RegExp(`^(${roots.map((r) => r.replace(/\$/g, '\\$')).join('|')})(\\[\\])?(\\.[A-Za-z$]+(\\[\\])?)+$`);
    const named = [...page.matchAll(/`([^`\s]+)`/g)].map((m) => m[1] as string).filter((t) => looksLikeField.test(t) && !notFields.has(t));
    assert.ok(named.length > 20, named.join(' '));
    assert.deepEqual([...new Set(named.filter((t) => !known(t)))], []);
  });
});
