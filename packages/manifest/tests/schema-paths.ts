// Field paths as the docs write them (`commands[].bin`), read from the schema and from a sample object.
import type { JsonSchemaObject } from '../src/schema/index.js';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every property path the schema declares, containers included, e.g. `commands`, `commands[].name`. */
export function schemaPropertyPaths(schema: JsonSchemaObject, prefix = ''): string[] {
  const out: string[] = [];
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [key, sub] of Object.entries(properties)) {
    if (!isObject(sub)) continue;
    const path = prefix + key;
    out.push(path);
    if (isObject(sub.properties)) out.push(...schemaPropertyPaths(sub, `${path}.`));
    if (isObject(sub.items) && isObject(sub.items.properties)) out.push(...schemaPropertyPaths(sub.items, `${path}[].`));
  }
  return out;
}

/** Every property schema in the document (each entry of every `properties`), with its path. */
export function propertySchemas(schema: JsonSchemaObject, prefix = ''): Array<{ path: string; schema: Record<string, unknown> }> {
  const out: Array<{ path: string; schema: Record<string, unknown> }> = [];
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const [key, sub] of Object.entries(properties)) {
    if (!isObject(sub)) continue;
    const path = prefix + key;
    out.push({ path, schema: sub });
    if (isObject(sub.properties)) out.push(...propertySchemas(sub, `${path}.`));
    if (isObject(sub.items) && isObject(sub.items.properties)) out.push(...propertySchemas(sub.items, `${path}[].`));
  }
  return out;
}

/** The same paths read from a sample value: objects give `a.b`, arrays of objects give `a[].b`. */
export function samplePropertyPaths(value: unknown, prefix = '', leafObjects: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  if (!isObject(value)) return out;
  for (const [key, sub] of Object.entries(value)) {
    const path = prefix + key;
    out.push(path);
    if (leafObjects.has(path)) continue;
    if (isObject(sub)) out.push(...samplePropertyPaths(sub, `${path}.`, leafObjects));
    if (Array.isArray(sub)) {
      const keys = new Set<string>();
      for (const item of sub) for (const p of samplePropertyPaths(item, `${path}[].`, leafObjects)) keys.add(p);
      out.push(...keys);
    }
  }
  return out;
}
