// Renders the files generated from src/schema/extension-manifest-v1.ts: the published JSON Schema and
// the precompiled (Ajv standalone) validator the validate subpath runs, so nothing compiles at run time.
import { Ajv } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';
import { EXTENSION_MANIFEST_SCHEMA_V1 } from '../src/schema/index.js';

/** Package-relative paths of the generated files. */
export const GENERATED_FILES = {
  schemaJson: 'schema/extension-manifest.v1.schema.json',
  validator: 'src/validate/manifest-v1.validator.ts',
} as const;

/** The command that rewrites the generated files (shown when they are stale). */
export const REGENERATE_COMMAND =
  'npx tsc -b packages/manifest && UPDATE_GENERATED=1 node --test packages/manifest/dist/tests/schema-generated-files.test.js && npx tsc -b packages/manifest';

/** `schema/extension-manifest.v1.schema.json`: the schema constant as pretty JSON. */
export function renderSchemaJson(): string {
  return `${JSON.stringify(EXTENSION_MANIFEST_SCHEMA_V1, null, 2)}\n`;
}

/** `src/validate/manifest-v1.validator.ts`: Ajv's standalone code for the schema, as an ES module. */
export function renderValidatorSource(): string {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, code: { source: true, esm: true, lines: true } });
  const code = standalone.default(ajv, ajv.compile(EXTENSION_MANIFEST_SCHEMA_V1));
  // Ajv's ESM output still require()s its runtime helpers; an ES module has no require, so import them.
  const esm = code.replace(
    /^const (\w+) = require\("([^"]+)"\)\.default;$/gm,
    (_line, name: string, from: string) => `import ${name}Module from "${from}.js";\nconst ${name} = ${name}Module.default;`,
  );
  if (/\brequire\(/.test(esm)) throw new Error('Ajv standalone output has a require() this generator does not rewrite');
  return [
    '// @ts-nocheck',
    '// GENERATED from src/schema/extension-manifest-v1.ts by tests/generated-sources.ts. Do not edit; regenerate with:',
    `// ${REGENERATE_COMMAND}`,
    '// Ajv standalone code (as fastify precompiles its config validator): validation loads no Ajv and compiles nothing.',
    esm,
    '',
  ].join('\n');
}
