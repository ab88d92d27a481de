import { CanonicalBytes } from './canonical-bytes.js';
import { isPlainArray, isPlainAsciiUnit, plainSortedKeys } from './canonical-plain.js';
import { ownField } from './json-value.js';
import { sha256 } from './sha256.js';

/**
 * JSON with every object's keys sorted (recursively), so equal data always gives equal text. Values
 * JSON cannot hold behave as in `JSON.stringify` (dropped from objects, `null` in arrays). The input
 * must not contain cycles (data parsed from JSON never does).
 */
export function canonicalJson(value: unknown): string {
  return plainCanonicalJson(value) ?? referenceCanonicalJson(value);
}

/**
 * The definition of {@link canonicalJson}: sort every object's keys, then `JSON.stringify`. Approvals store
 * hashes of this text, so its output is the contract; the fast writer below must match it byte for byte.
 */
function referenceCanonicalJson(value: unknown): string {
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
 * The canonical text written in one pass, without the sorted copy the reference builds (that copy was most
 * of a manifest hash, the hash itself a tenth). Only for what JSON.parse produces: null, booleans, strings,
 * finite numbers, arrays and plain objects whose keys do not start with a digit. Returns undefined for
 * anything else (undefined, functions, BigInt, NaN, class instances, a `toJSON` key, index-like keys, which
 * JSON.stringify would re-order numerically), and the caller falls back to the reference: equal by construction.
 */
function plainCanonicalJson(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return quoteString(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : undefined;
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        if (!isPlainArray(value)) return undefined;
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          // A hole reads as undefined: not plain, left to the reference.
          const item = plainCanonicalJson(value[i]);
          if (item === undefined) return undefined;
          if (i > 0) out += ',';
          out += item;
        }
        return `${out}]`;
      }
      const keys = plainSortedKeys(value);
      if (keys === undefined) return undefined;
      const n = keys.length;
      let out = '{';
      for (let i = 0; i < n; i++) {
        const key = keys[i] as string;
        const item = plainCanonicalJson((value as Record<string, unknown>)[key]);
        if (item === undefined) return undefined;
        if (i > 0) out += ',';
        out += quoteString(key);
        out += ':';
        out += item;
      }
      return `${out}}`;
    }
    default:
      return undefined;
  }
}

/** JSON.stringify of a string, without the call for printable ASCII with nothing to escape (names, paths, ranges). */
function quoteString(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isPlainAsciiUnit(c)) return JSON.stringify(text);
  }
  return `"${text}"`;
}

/**
 * Hashes canonical JSON through one byte buffer it owns, reused from hash to hash: whoever hashes many values
 * (a discovery scan, a manifest per package) keeps one; the free functions below make one per call.
 */
export class CanonicalHasher {
  readonly #bytes: CanonicalBytes;

  /** @param initialBytes the buffer's first size, in bytes (it doubles as needed). Default 16 KiB. */
  constructor(initialBytes?: number) {
    this.#bytes = new CanonicalBytes(initialBytes);
  }

  /** See {@link manifestHash}. */
  manifestHash(pkg: unknown, hostId: string): string {
    const block = ownField(ownField(pkg, hostId), 'extension') ?? null;
    const engines = ownField(ownField(pkg, 'engines'), hostId) ?? null;
    const bytes = this.#bytes;
    // The bytes of canonicalJson({ block, engines }): its two keys are already in order.
    const written = bytes.hash(() => {
      bytes.writeAscii('{"block":');
      if (!bytes.writeValue(block)) return false;
      bytes.writeAscii(',"engines":');
      if (!bytes.writeValue(engines)) return false;
      bytes.writeAscii('}');
      return true;
    });
    return written ?? sha256(canonicalJson({ block, engines }), 'hex');
  }

  /** See {@link canonicalSha256}. */
  canonicalSha256(value: unknown): string {
    return this.#bytes.hash(() => this.#bytes.writeValue(value)) ?? sha256(canonicalJson(value), 'hex');
  }
}

/** The first buffer size of a one-off hash: most values hashed alone (a load field, a schema) are small. */
const ONE_OFF_BYTES = 1024;

/**
 * SHA-256 (hex) of the canonical JSON of `{ block: pkg[hostId].extension, engines: pkg.engines[hostId] }`,
 * each `null` when absent. Approvals store it: any change to the block or the range asks again, while
 * key order, whitespace and the rest of package.json do not matter. Hashing many: keep a {@link CanonicalHasher}.
 */
export function manifestHash(pkg: unknown, hostId: string): string {
  return new CanonicalHasher(ONE_OFF_BYTES).manifestHash(pkg, hostId);
}

/** `sha256(canonicalJson(value), 'hex')`, written as bytes without the text where the value is plain JSON. */
export function canonicalSha256(value: unknown): string {
  return new CanonicalHasher(ONE_OFF_BYTES).canonicalSha256(value);
}
