/** A JSON Schema node that is an object (boolean schemas have no keywords to walk). */
export type SchemaNode = Record<string, unknown>;

/** Whether `value` is an object-form schema node. */
export function isSchemaNode(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keywords whose value is one subschema. */
export const SINGLE_SUBSCHEMA_KEYWORDS: readonly string[] = [
  'additionalProperties', 'additionalItems', 'items', 'contains', 'propertyNames',
  'unevaluatedProperties', 'unevaluatedItems', 'if', 'then', 'else', 'not',
];
/** Keywords whose value is a list of subschemas (`items` too, in its draft-07 tuple form). */
export const LIST_SUBSCHEMA_KEYWORDS: readonly string[] = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
/** Keywords whose value maps names to subschemas (`dependencies` values may also be key lists). */
export const MAP_SUBSCHEMA_KEYWORDS: readonly string[] = [
  'properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'dependencies',
];

/**
 * Calls `visit` with every direct subschema of `node` and the keyword it sits under. Only schema positions
 * are visited, so data such as `const`, `enum` or `default` (which may hold `$ref`-like keys) never is.
 */
export function forEachSubschema(node: SchemaNode, visit: (child: unknown, keyword: string) => void): void {
  for (const keyword of SINGLE_SUBSCHEMA_KEYWORDS) {
    const child = node[keyword];
    if (child !== undefined && !Array.isArray(child)) visit(child, keyword);
  }
  for (const keyword of LIST_SUBSCHEMA_KEYWORDS) {
    const list = node[keyword];
    if (Array.isArray(list)) for (const child of list) visit(child, keyword);
  }
  for (const keyword of MAP_SUBSCHEMA_KEYWORDS) {
    const map = node[keyword];
    if (isSchemaNode(map)) for (const child of Object.values(map)) if (!Array.isArray(child)) visit(child, keyword);
  }
}
