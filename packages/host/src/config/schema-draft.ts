import type { ErrorObject, Options } from 'ajv';
import { ConfigError } from './config-error.js';

/** The part of an Ajv instance the config validator uses. */
export interface AjvLike {
  addSchema(schema: object, key?: string): unknown;
  compile(schema: object): AjvValidate;
}

/** A compiled Ajv validator. */
export interface AjvValidate {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** A JSON Schema draft the validator supports, with how to load its Ajv class. */
export interface SchemaDraft {
  /** `draft-07`, `2019-09` or `2020-12`. */
  readonly name: string;
  /** The `$schema` value Ajv knows this draft by. */
  readonly metaSchema: string;
  /** Imports Ajv lazily, so reading config never loads it. */
  readonly load: () => Promise<new (options: Options) => AjvLike>;
}

const DRAFT_07: SchemaDraft = {
  name: 'draft-07',
  metaSchema: 'http://json-schema.org/draft-07/schema#',
  load: async () => (await import('ajv')).default.default as unknown as new (options: Options) => AjvLike,
};
const DRAFT_2019: SchemaDraft = {
  name: '2019-09',
  metaSchema: 'https://json-schema.org/draft/2019-09/schema',
  load: async () => (await import('ajv/dist/2019.js')).default.default as unknown as new (options: Options) => AjvLike,
};
const DRAFT_2020: SchemaDraft = {
  name: '2020-12',
  metaSchema: 'https://json-schema.org/draft/2020-12/schema',
  load: async () => (await import('ajv/dist/2020.js')).default.default as unknown as new (options: Options) => AjvLike,
};

/**
 * The draft named by a schema's `$schema`: draft-07 when absent; draft-07, 2019-09 and 2020-12 by their
 * URIs (http or https, with or without a final `#`). Any other value throws `CONFIG_SCHEMA_UNSUPPORTED`.
 */
export function schemaDraftOf(metaSchema: unknown, label: string): SchemaDraft {
  if (metaSchema === undefined) return DRAFT_07;
  const normalised = typeof metaSchema === 'string' ? metaSchema.replace(/^http:/, 'https:').replace(/#$/, '') : '';
  if (normalised === 'https://json-schema.org/draft-07/schema') return DRAFT_07;
  if (normalised === 'https://json-schema.org/draft/2019-09/schema') return DRAFT_2019;
  if (normalised === 'https://json-schema.org/draft/2020-12/schema') return DRAFT_2020;
  throw new ConfigError(
    'CONFIG_SCHEMA_UNSUPPORTED',
    `${label} uses "$schema": ${JSON.stringify(metaSchema)}, which is not supported. Use "${DRAFT_07.metaSchema}" or "${DRAFT_2020.metaSchema}" (or leave $schema out for draft-07).`,
  );
}

/** Ajv options for config checking: every error, formats as annotations, unknown keywords ignored. */
export const CONFIG_AJV_OPTIONS: Readonly<Options> = Object.freeze({
  allErrors: true,
  strict: false,
  validateFormats: false,
  allowUnionTypes: true,
});
