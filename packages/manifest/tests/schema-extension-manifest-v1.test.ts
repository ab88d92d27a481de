import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { CAPABILITY_CATALOG } from '../src/index.js';
import { EXTENSION_MANIFEST_SCHEMA_V1, packageJsonSchema } from '../src/schema/index.js';
import type { JsonSchemaObject } from '../src/schema/index.js';
import { packageRoot } from './package-root.js';
import { propertySchemas } from './schema-paths.js';

// Keywords the validator words itself (schema-problems.ts) or that a rule owns (pattern, exclusiveMinimum).
const VALIDATION_KEYWORDS = new Set(['type', 'required', 'enum', 'minLength', 'minItems', 'pattern', 'exclusiveMinimum', 'properties', 'items']);
const ANNOTATION_KEYWORDS = new Set(['$schema', 'title', 'description', 'default', 'examples']);

function everySubschema(schema: unknown, visit: (s: Record<string, unknown>) => void): void {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return;
  const s = schema as Record<string, unknown>;
  visit(s);
  if (s.properties && typeof s.properties === 'object') for (const sub of Object.values(s.properties)) everySubschema(sub, visit);
  everySubschema(s.items, visit);
}

describe('EXTENSION_MANIFEST_SCHEMA_V1', () => {
  it('describes every field, so editors can explain it', () => {
    const undescribed = propertySchemas(EXTENSION_MANIFEST_SCHEMA_V1).filter((p) => typeof p.schema.description !== 'string' || p.schema.description.length < 8);
    assert.deepEqual(undescribed.map((p) => p.path), []);
  });

  it('uses only keywords the validator turns into readable problems', () => {
    const unknown = new Set<string>();
    everySubschema(EXTENSION_MANIFEST_SCHEMA_V1, (s) => {
      for (const k of Object.keys(s)) if (!VALIDATION_KEYWORDS.has(k) && !ANNOTATION_KEYWORDS.has(k)) unknown.add(k);
    });
    assert.deepEqual([...unknown], []);
  });

  it('ignores unknown fields (no additionalProperties anywhere)', () => {
    everySubschema(EXTENSION_MANIFEST_SCHEMA_V1, (s) => assert.equal(s.additionalProperties, undefined));
  });

  it('offers every catalog capability for completion', () => {
    const props = EXTENSION_MANIFEST_SCHEMA_V1.properties as Record<string, JsonSchemaObject>;
    const capabilities = (props.capabilities?.properties ?? {}) as Record<string, { items: { examples: string[] } }>;
    for (const list of ['required', 'optional']) {
      assert.deepEqual(capabilities[list]?.items.examples, CAPABILITY_CATALOG.map((c) => c.name));
    }
  });
});

describe('packageJsonSchema', () => {
  it('nests the block under the given host id, with the engines range', () => {
    const schema = packageJsonSchema('ndx');
    const props = schema.properties as Record<string, JsonSchemaObject>;
    const ndx = props.ndx?.properties as Record<string, JsonSchemaObject>;
    assert.equal(ndx.extension?.title, EXTENSION_MANIFEST_SCHEMA_V1.title);
    assert.equal(ndx.extension?.$schema, undefined, 'a subschema carries no $schema');
    assert.deepEqual((props.engines?.properties as Record<string, unknown>).ndx !== undefined, true);
    assert.equal(props.outboard, undefined);
  });

  it('is a valid draft-07 schema that accepts a fixture package and requires engines.<hostId>', () => {
    const validate = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true }).compile(packageJsonSchema('outboard'));
    const pkg = JSON.parse(readFileSync(join(packageRoot(), 'tests', 'fixtures', 'engines.missing', 'pass.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(validate(pkg), true, JSON.stringify(validate.errors));
    const { engines: _engines, ...noEngines } = pkg;
    assert.equal(validate(noEngines), false);
  });
});
