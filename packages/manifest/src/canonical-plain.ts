/**
 * What the two one-pass canonical writers (the text in manifest-hash.ts, the bytes in canonical-bytes.ts)
 * may write themselves, and the key order they write in. Anything else is left to the definition
 * (sort every object's keys, then JSON.stringify), so both give its exact output.
 */

/** A UTF-16 unit JSON.stringify writes as it is in ASCII: printable, not a quote, not a backslash. */
export function isPlainAsciiUnit(c: number): boolean {
  return c >= 0x20 && c <= 0x7e && c !== 0x22 && c !== 0x5c;
}

/** An array whose prototype is Array.prototype (a subclass or an exotic array is left to the definition). */
export function isPlainArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && Object.getPrototypeOf(value) === Array.prototype;
}

/**
 * The keys of a plain object (prototype Object.prototype or null) in canonical order, or undefined when the
 * definition must write it: a class instance, a `toJSON` key, or a key starting with a digit (an index-like
 * key, which JSON.stringify would put first in numeric order).
 */
export function plainSortedKeys(value: object): string[] | undefined {
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return undefined;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const c = key.charCodeAt(0);
    if ((c >= 0x30 && c <= 0x39) || key === 'toJSON') return undefined;
  }
  sortKeyList(keys);
  return keys;
}

/**
 * Sorts keys in code-unit order, as Array.prototype.sort does for strings: in place for the handful of keys
 * an object has (the native sort allocates work arrays), natively beyond that so a hostile object with many
 * keys stays n log n.
 */
function sortKeyList(keys: string[]): void {
  if (keys.length > 16) {
    keys.sort();
    return;
  }
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as string;
    let j = i;
    for (; j > 0 && (keys[j - 1] as string) > key; j--) keys[j] = keys[j - 1] as string;
    keys[j] = key;
  }
}
