import { isPlainArray, isPlainAsciiUnit, plainSortedKeys } from './canonical-plain.js';
import { sha256 } from './sha256.js';

/**
 * The canonical JSON of manifest-hash.ts written as UTF-8 straight into a reused byte buffer and hashed
 * from there, without building the text: the text's many small strings were most of a manifest hash's
 * cost and a fifth of the garbage of a cold discovery (2.6 KB per manifest, 0.5 KB this way).
 *
 * Same contract as the string writer there: only for what JSON.parse produces (null, booleans, strings,
 * finite numbers, arrays, plain objects whose keys do not start with a digit and are not `toJSON`). For
 * anything else the writer declines and the caller takes the string path, which is the definition.
 */

/** The buffer's first size; one grown past {@link KEEP_BYTES} for a large value is let go afterwards. */
const INITIAL_BYTES = 16 * 1024;
const KEEP_BYTES = 1024 * 1024;

/** Made on first use: a --help run that imports this package never hashes. */
let bytes = new Uint8Array(0);
let length = 0;
/** Set while a value is written: a nested call (from a getter) must not reuse the buffer. */
let writing = false;

/**
 * Runs `write` into the buffer and returns the SHA-256 (hex) of what it wrote; undefined when it declined
 * (not plain JSON) or when the buffer is already in use (a getter that hashes, reached while writing).
 */
export function hashWritten(write: () => boolean): string | undefined {
  if (writing) return undefined;
  writing = true;
  length = 0;
  try {
    return write() ? sha256(bytes.subarray(0, length), 'hex') : undefined;
  } finally {
    writing = false;
    if (bytes.length > KEEP_BYTES) bytes = new Uint8Array(0);
  }
}

function reserve(extra: number): void {
  if (length + extra <= bytes.length) return;
  const grown = new Uint8Array(Math.max(INITIAL_BYTES, bytes.length * 2, length + extra));
  grown.set(bytes.subarray(0, length));
  bytes = grown;
}

/** Appends text known to be ASCII (punctuation, literals, number text). */
export function writeAscii(text: string): void {
  reserve(text.length);
  for (let i = 0; i < text.length; i++) bytes[length++] = text.charCodeAt(i);
}

/** Appends a JSON string: printable ASCII with nothing to escape is copied as it is scanned, the rest goes through JSON.stringify and UTF-8. */
function writeString(text: string): void {
  reserve(text.length + 2);
  const start = length;
  bytes[length++] = 0x22;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isPlainAsciiUnit(c)) {
      length = start;
      writeUtf8(JSON.stringify(text));
      return;
    }
    bytes[length++] = c;
  }
  bytes[length++] = 0x22;
}

/**
 * Appends `text` as UTF-8. JSON.stringify escapes lone surrogates, so every surrogate here is half of a pair.
 * By hand rather than TextEncoder: this package runs on any JavaScript runtime (tsconfig.core.json).
 */
function writeUtf8(text: string): void {
  reserve(text.length * 3);
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      bytes[length++] = c;
    } else if (c < 0x800) {
      bytes[length++] = 0xc0 | (c >> 6);
      bytes[length++] = 0x80 | (c & 0x3f);
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      c = 0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00);
      bytes[length++] = 0xf0 | (c >> 18);
      bytes[length++] = 0x80 | ((c >> 12) & 0x3f);
      bytes[length++] = 0x80 | ((c >> 6) & 0x3f);
      bytes[length++] = 0x80 | (c & 0x3f);
    } else {
      bytes[length++] = 0xe0 | (c >> 12);
      bytes[length++] = 0x80 | ((c >> 6) & 0x3f);
      bytes[length++] = 0x80 | (c & 0x3f);
    }
  }
}

function writeByte(byte: number): void {
  reserve(1);
  bytes[length++] = byte;
}

/** Appends the canonical JSON of `value`; false when it is not plain JSON (the caller then takes the string path). */
export function writeValue(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
      writeString(value);
      return true;
    case 'boolean':
      writeAscii(value ? 'true' : 'false');
      return true;
    case 'number':
      if (!Number.isFinite(value)) return false;
      writeAscii(JSON.stringify(value));
      return true;
    case 'object': {
      if (value === null) {
        writeAscii('null');
        return true;
      }
      if (Array.isArray(value)) {
        if (!isPlainArray(value)) return false;
        writeByte(0x5b);
        for (let i = 0; i < value.length; i++) {
          if (i > 0) writeByte(0x2c);
          // A hole reads as undefined: not plain, left to the string path.
          if (!writeValue(value[i])) return false;
        }
        writeByte(0x5d);
        return true;
      }
      const keys = plainSortedKeys(value);
      if (keys === undefined) return false;
      const n = keys.length;
      writeByte(0x7b);
      for (let i = 0; i < n; i++) {
        const key = keys[i] as string;
        if (i > 0) writeByte(0x2c);
        writeString(key);
        writeByte(0x3a);
        if (!writeValue((value as Record<string, unknown>)[key])) return false;
      }
      writeByte(0x7d);
      return true;
    }
    default:
      return false;
  }
}
