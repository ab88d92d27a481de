// The published schema JSON and the precompiled validator are generated from the schema constant; this
// fails when either is stale. UPDATE_GENERATED=1 rewrites them (then rebuild).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { EXTENSION_MANIFEST_SCHEMA_V1 } from '../src/schema/index.js';
import { GENERATED_FILES, REGENERATE_COMMAND, renderSchemaJson, renderValidatorSource } from './generated-sources.js';
import { packageRoot } from './package-root.js';

const update = process.env.UPDATE_GENERATED === '1';

describe('generated files', () => {
  for (const [file, render] of [
    [GENERATED_FILES.schemaJson, renderSchemaJson],
    [GENERATED_FILES.validator, renderValidatorSource],
  ] as const) {
    it(`${file} matches src/schema/extension-manifest-v1.ts`, () => {
      const path = join(packageRoot(), file);
      const expected = render();
      if (update) writeFileSync(path, expected);
      assert.ok(readFileSync(path, 'utf8') === expected, `${file} is stale; regenerate it: ${REGENERATE_COMMAND}`);
    });
  }

  it('the published JSON parses back to the schema constant', () => {
    const published: unknown = JSON.parse(readFileSync(join(packageRoot(), GENERATED_FILES.schemaJson), 'utf8'));
    assert.deepEqual(published, EXTENSION_MANIFEST_SCHEMA_V1);
  });
});
