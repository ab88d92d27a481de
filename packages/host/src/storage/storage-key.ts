import { sha256 } from '@outboard/manifest';

/** The longest key, in UTF-16 code units (JavaScript string length). */
export const MAX_STORAGE_KEY_LENGTH = 200;

// File names stay well under the usual 255-byte limit, leaving room for the atomic writer's temp suffix.
const MAX_FILE_NAME_LENGTH = 200;
// eslint-disable-next-line no-control-regex -- refuses control characters in a key
const CONTROL = /[\u0000-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const KEPT_BYTE = /^[a-z0-9-]$/;

/**
 * The problem with `key` as one line, or `undefined` when it is a valid key: a string of 1 to 200
 * characters without control characters (NUL included) or unpaired surrogates. Any other character,
 * `/`, `\` and `..` included, is allowed: keys never become paths (see {@link keyFileName}).
 */
export function storageKeyProblem(key: unknown): string | undefined {
  if (typeof key !== 'string' || key.length === 0) return `a key must be a non-empty string, got ${JSON.stringify(key) ?? typeof key}`;
  if (key.length > MAX_STORAGE_KEY_LENGTH) return `a key is at most ${MAX_STORAGE_KEY_LENGTH} characters, got one of ${key.length}`;
  if (CONTROL.test(key)) return `a key must not contain control characters (NUL, newline, …), got ${JSON.stringify(key)}`;
  if (LONE_SURROGATE.test(key)) return 'a key must be well-formed Unicode (no unpaired surrogate)';
  return undefined;
}

/**
 * The file name that holds `key` (which must be valid): `k-<encoded>.json`, where ASCII lowercase
 * letters, digits and `-` are kept and every other UTF-8 byte becomes `_xx` (lowercase hex). The result
 * has no `/`, `\`, `.` run, NUL or upper-case letter, so it can only name a file directly in its folder and
 * two keys never collide on a case-insensitive file system. A name longer than 200 characters becomes
 * `h-<sha256 of the key>.json`; the key itself is stored in every file, so such keys stay listable.
 */
export function keyFileName(key: string): string {
  let encoded = '';
  for (const byte of Buffer.from(key, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += KEPT_BYTE.test(char) ? char : `_${byte.toString(16).padStart(2, '0')}`;
  }
  const readable = `k-${encoded}.json`;
  if (readable.length <= MAX_FILE_NAME_LENGTH) return readable;
  return `h-${sha256(key, 'hex')}.json`;
}

/**
 * What a file name in a storage folder holds: `{ kind: 'key', key }` for a `k-` name (decoded without
 * reading the file), `{ kind: 'hashed' }` for an `h-` name (the key is inside), `undefined` for anything
 * else (temp files, the lock file, strays), which is never a key.
 */
export function parseKeyFileName(name: string): { kind: 'key'; key: string } | { kind: 'hashed' } | undefined {
  if (/^h-[0-9a-f]{64}\.json$/.test(name)) return { kind: 'hashed' };
  const match = /^k-((?:[a-z0-9-]|_[0-9a-f]{2})+)\.json$/.exec(name);
  if (match === null) return undefined;
  const bytes: number[] = [];
  const encoded = match[1]!;
  for (let i = 0; i < encoded.length; i++) {
    if (encoded[i] === '_') {
      bytes.push(Number.parseInt(encoded.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(encoded.charCodeAt(i));
    }
  }
  const key = new TextDecoder('utf-8', { fatal: false }).decode(Uint8Array.from(bytes));
  // Only canonical names count: a hand-made alias of a key (e.g. `_61` for `a`) is a stray file, not a second copy.
  return keyFileName(key) === name ? { kind: 'key', key } : undefined;
}
