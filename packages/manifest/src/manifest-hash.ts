import { createRequire } from 'node:module';
import { ownField } from './json-value.js';

/**
 * JSON with every object's keys sorted (recursively), so equal data always gives equal text. Values
 * JSON cannot hold behave as in `JSON.stringify` (dropped from objects, `null` in arrays). The input
 * must not contain cycles (data parsed from JSON never does).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  // fromEntries defines own properties, so a `__proto__` key stays data instead of reaching the prototype.
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

/**
 * SHA-256 (hex) of the canonical JSON of `{ block: pkg[hostId].extension, engines: pkg.engines[hostId] }`,
 * each `null` when absent. Approvals store it: any change to the block or the range asks again, while
 * key order, whitespace and the rest of package.json do not matter.
 */
let crypto: typeof import('node:crypto') | undefined;

export function manifestHash(pkg: unknown, hostId: string): string {
  const block = ownField(ownField(pkg, hostId), 'extension');
  const engines = ownField(ownField(pkg, 'engines'), hostId);
  // node:crypto loads on the first hash, not with this module: a host's --help path imports this entry.
  // Required once (a createRequire per hash was a tenth of a cold discovery).
  crypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return crypto.createHash('sha256')
    .update(canonicalJson({ block: block ?? null, engines: engines ?? null }))
    .digest('hex');
}

