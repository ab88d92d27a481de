import { EXTENSION_MANIFEST_SCHEMA_V1 } from './extension-manifest-v1.js';
import type { JsonSchemaObject } from './extension-manifest-v1.js';

/**
 * A JSON Schema for the parts of a whole package.json a host reads: `engines.<hostId>` and
 * `<hostId>.extension`. A host publishes it under its own name so authors get completion on package.json
 * itself (an editor honours `$schema` only at a document's root). Other package.json fields are allowed.
 */
export function packageJsonSchema(hostId: string): JsonSchemaObject {
  const { $schema: _dialect, ...block } = EXTENSION_MANIFEST_SCHEMA_V1;
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `package.json of a ${hostId} extension`,
    type: 'object',
    required: ['engines', hostId],
    properties: {
      engines: {
        type: 'object',
        required: [hostId],
        properties: {
          [hostId]: {
            type: 'string',
            examples: ['>=0.1.0'],
            description: `Semver range of ${hostId} versions the extension supports; outside it the extension is incompatible.`,
          },
        },
      },
      [hostId]: {
        type: 'object',
        required: ['extension'],
        properties: { extension: block },
      },
    },
  };
}
