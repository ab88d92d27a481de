import type { JsonPathSegment } from '../json-path.js';
import type { ProblemCollector } from './problem-collector.js';
import type { SchemaViolation } from './schema-shape.js';
import { describeValue, fieldLabel } from './wording.js';

/** What to add for a missing required field, keyed by field name. */
const REQUIRED_EXAMPLES: Record<string, string> = {
  apiVersion: '"apiVersion": 1',
  name: '"name": "my-extension"',
  label: '"label": "My extension"',
  title: '"title": "Do something"',
  id: '"id": "my-extension.do-something"',
  path: '"path": "/project/{projectId}"',
};

/**
 * Turns JSON Schema violations into problems with readable rule ids (`schema.type`, `schema.required`,
 * ...). `block` is the manifest block the pointers refer to; `root` is its path in package.json.
 */
export function reportSchemaViolations(
  violations: readonly SchemaViolation[],
  block: unknown,
  root: readonly JsonPathSegment[],
  problems: ProblemCollector,
): void {
  for (const v of violations) {
    const at = pointerSegments(v.instancePath, block);
    const value = valueAt(block, at);
    const label = fieldLabel(at);
    switch (v.keyword) {
      case 'type': {
        const expected = typeWords(String(v.params.type));
        problems.schema([...root, ...at], 'schema.type', `${label} must be ${expected}, not ${describeValue(value)}.`, `Change ${label} to ${expected}, or remove it if it is optional.`);
        break;
      }
      case 'required': {
        const missing = String(v.params.missingProperty);
        const field = [...at, missing];
        const example = at[0] === 'commands' && missing === 'name' ? '"name": "my-command"' : (REQUIRED_EXAMPLES[missing] ?? `"${missing}": ...`);
        const where = at.length === 0 ? 'the extension block' : label;
        problems.schema([...root, ...field], 'schema.required', `${fieldLabel(field)} is required but missing.`, `Add ${example} to ${where}.`);
        break;
      }
      case 'enum': {
        const allowed = Array.isArray(v.params.allowedValues) ? v.params.allowedValues.map((a) => JSON.stringify(a)).join(', ') : '';
        problems.schema([...root, ...at], 'schema.enum', `${label} is ${describeValue(value)}, which is not one of ${allowed}.`, `Use one of ${allowed}.`);
        break;
      }
      case 'minLength':
        problems.schema([...root, ...at], 'schema.min-length', `${label} is an empty string.`, `Give ${label} a value, or remove it if it is optional.`);
        break;
      case 'minItems':
        problems.schema([...root, ...at], 'schema.min-items', `${label} is an empty list.`, `List at least one entry in ${label}, or remove it to get the default.`);
        break;
      case 'pattern':
        problems.schema([...root, ...at], 'schema.pattern', `${label} is ${describeValue(value)}, which does not match ${String(v.params.pattern)}.`, `Change ${label} to match ${String(v.params.pattern)}.`);
        break;
      default:
        problems.schema([...root, ...at], `schema.${v.keyword}`, `${label} ${v.message ?? `breaks the schema keyword ${v.keyword}`}.`, `Change ${label} to follow the manifest schema.`);
    }
  }
}

/** Decodes a JSON Pointer; a step into an array becomes a number, so paths print as `commands[0]`. */
function pointerSegments(pointer: string, root: unknown): JsonPathSegment[] {
  if (pointer === '') return [];
  const out: JsonPathSegment[] = [];
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      const index = Number(key);
      out.push(index);
      node = node[index];
    } else {
      out.push(key);
      node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    }
  }
  return out;
}

function valueAt(root: unknown, segments: readonly JsonPathSegment[]): unknown {
  let node = root;
  for (const s of segments) node = node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[s] : undefined;
  return node;
}

/** Ajv's `type` param (`string`, `object,boolean`...) in words: `a string`, `an object or a boolean`. */
function typeWords(types: string): string {
  return types
    .split(',')
    .map((t) => (t === 'integer' ? 'an integer' : t === 'array' || t === 'object' ? `an ${t}` : `a ${t}`))
    .join(' or ');
}
