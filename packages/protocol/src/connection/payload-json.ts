/**
 * JSON.stringify of a message's params or result, faster when they carry long strings (file contents, logs,
 * base64): JSON.stringify checks a string for characters to escape one at a time, about 55 µs for 64 KiB,
 * most of what sending such a message costs. A long string with nothing to escape is quoted as it is after
 * native searches for the characters that would need it (about 14 µs for 64 KiB of ASCII).
 *
 * The output is JSON.stringify's, byte for byte: the walk only enters plain objects and arrays (a few levels,
 * a few dozen members), serialises every other member with JSON.stringify itself, and hands the whole value
 * to JSON.stringify when it meets anything whose serialisation depends on its place (a `toJSON` method, which
 * receives its key). Tests compare the two on generated values. (A getter on the way may be read more than
 * once: by the look for long strings, the walk, and JSON.stringify after a hand-over.)
 */

/** Strings shorter than this are left to JSON.stringify: for them it is faster than the searches. */
const LONG_STRING = 1024;
/** How far the walk looks for long strings; deeper or wider values are serialised by JSON.stringify whole. */
const MAX_DEPTH = 4;
const MAX_MEMBERS = 64;
/** How deep the look for a long string goes before the walk (see {@link hasLongString}). */
const SCAN_DEPTH = 2;
/** Returned by the walk when the value must go to JSON.stringify whole. */
const WHOLE = null;
/** The characters JSON escapes besides `"` and `\`: U+0000 to U+001F. */
const CONTROLS = Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c));

/** `JSON.stringify(value)`. @throws what JSON.stringify throws (a cycle, a BigInt). */
export function stringifyPayload(value: unknown): string | undefined {
  // Most payloads are small: a look for a long string, without building anything, keeps them on the native path.
  if (!hasLongString(value, 0)) return JSON.stringify(value);
  const text = walk(value, 0);
  return text === WHOLE ? JSON.stringify(value) : text;
}

/**
 * Whether a long string sits in the value or two levels below it (`params.text`, `params.file.content`),
 * where the walk pays. Allocates nothing (for-in, not Object.keys): about 30 ns per member looked at.
 */
function hasLongString(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.length >= LONG_STRING;
  if (typeof value !== 'object' || value === null || depth >= SCAN_DEPTH) return false;
  if (Array.isArray(value)) {
    const n = Math.min(value.length, MAX_MEMBERS);
    for (let i = 0; i < n; i++) if (hasLongString(value[i], depth + 1)) return true;
    return false;
  }
  let members = 0;
  for (const key in value) {
    if (hasLongString((value as Record<string, unknown>)[key], depth + 1)) return true;
    if (++members >= MAX_MEMBERS) return false;
  }
  return false;
}

/** The JSON of `value`, undefined where JSON.stringify gives undefined, or {@link WHOLE}. */
function walk(value: unknown, depth: number): string | undefined | typeof WHOLE {
  if (typeof value === 'string') return value.length >= LONG_STRING ? quoteLong(value) : JSON.stringify(value);
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const proto: unknown = Object.getPrototypeOf(value);
  // JSON.stringify calls a toJSON it finds anywhere on the value (own or inherited, enumerable or not).
  if ('toJSON' in value) return WHOLE;
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) return WHOLE;
    if (depth >= MAX_DEPTH || value.length > MAX_MEMBERS) return JSON.stringify(value);
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const item = walk(value[i], depth + 1);
      if (item === WHOLE) return WHOLE;
      out += i === 0 ? (item ?? 'null') : `,${item ?? 'null'}`;
    }
    return `${out}]`;
  }
  if (proto !== Object.prototype && proto !== null) return WHOLE; // a Date, a class instance: it may have toJSON
  const keys = Object.keys(value);
  if (depth >= MAX_DEPTH || keys.length > MAX_MEMBERS) return JSON.stringify(value);
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const item = walk((value as Record<string, unknown>)[key], depth + 1);
    if (item === WHOLE) return WHOLE;
    if (item === undefined) continue; // undefined, a function, a symbol: left out, as JSON.stringify does
    out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${item}`;
  }
  return `${out}}`;
}

/** JSON.stringify of a long string: the string itself in quotes when nothing in it needs escaping. */
function quoteLong(text: string): string {
  if (text.includes('"') || text.includes('\\')) return JSON.stringify(text);
  for (let i = 0; i < CONTROLS.length; i++) if (text.includes(CONTROLS[i] as string)) return JSON.stringify(text);
  // A lone surrogate is escaped by JSON.stringify; isWellFormed finds one natively (ES2024, Node 20).
  const wellFormed = (text as { isWellFormed?: () => boolean }).isWellFormed?.();
  return wellFormed === true ? `"${text}"` : JSON.stringify(text);
}
