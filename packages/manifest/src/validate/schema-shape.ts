import { validate } from './manifest-v1.validator.js';

/** One JSON Schema violation, as Ajv reports it. */
export interface SchemaViolation {
  /** JSON Pointer into the manifest block, e.g. `/commands/0/bin`. */
  instancePath: string;
  /** The keyword that failed: `type`, `required`, `enum`, `minLength`, `minItems`, `pattern`... */
  keyword: string;
  /** The keyword's details, e.g. `{ missingProperty: 'name' }` or `{ type: 'string' }`. */
  params: Record<string, unknown>;
  /** Ajv's own wording, used only for keywords this package has no wording for. */
  message?: string;
}

type StandaloneValidator = ((data: unknown) => boolean) & { errors?: SchemaViolation[] | null };

/** Every way the manifest block breaks the apiVersion 1 JSON Schema (all errors, not only the first). */
export function schemaViolations(block: unknown): SchemaViolation[] {
  const check = validate as StandaloneValidator;
  return check(block) ? [] : [...(check.errors ?? [])];
}
