import { isSchemaNode, LIST_SUBSCHEMA_KEYWORDS, MAP_SUBSCHEMA_KEYWORDS, SINGLE_SUBSCHEMA_KEYWORDS, type SchemaNode } from './schema-walk.js';

// Keywords that only say "a key is missing": a config section is filled one key at a time.
const MISSING_KEY_KEYWORDS = ['required', 'dependentRequired', 'minProperties'];
// Inside these, dropping `required` would change what the schema means (`not: {required}` would reject all).
const KEEP_INTACT = new Set(['not', 'if']);

/**
 * A copy of `schema` with every missing-key rule removed (`required`, `dependentRequired`, `minProperties`
 * and the key-list form of `dependencies`), except under `not` and `if` where removing them would invert
 * the meaning. Validating against it reports every violation other than a missing key: the write check.
 */
export function relaxMissingKeyRules(schema: unknown): unknown {
  if (!isSchemaNode(schema)) return schema;
  const out: SchemaNode = { ...schema };
  for (const keyword of MISSING_KEY_KEYWORDS) delete out[keyword];
  for (const keyword of SINGLE_SUBSCHEMA_KEYWORDS) {
    if (KEEP_INTACT.has(keyword)) continue;
    const child = out[keyword];
    if (child !== undefined && !Array.isArray(child)) out[keyword] = relaxMissingKeyRules(child);
  }
  for (const keyword of LIST_SUBSCHEMA_KEYWORDS) {
    const list = out[keyword];
    if (Array.isArray(list)) out[keyword] = list.map(relaxMissingKeyRules);
  }
  for (const keyword of MAP_SUBSCHEMA_KEYWORDS) {
    const map = out[keyword];
    if (!isSchemaNode(map)) continue;
    const relaxed: SchemaNode = {};
    for (const [name, child] of Object.entries(map)) {
      if (keyword === 'dependencies' && Array.isArray(child)) continue; // key-list form: a missing-key rule
      relaxed[name] = Array.isArray(child) ? child : relaxMissingKeyRules(child);
    }
    out[keyword] = relaxed;
  }
  return out;
}
