/**
 * @outboard/manifest/schema — the manifest JSON Schema as data, for hosts that serve or publish it.
 * The same schema ships as `schema/extension-manifest.v1.schema.json`.
 */
export type { JsonSchemaObject } from './extension-manifest-v1.js';
export { EXTENSION_MANIFEST_SCHEMA_V1 } from './extension-manifest-v1.js';
export { packageJsonSchema } from './package-json-schema.js';
