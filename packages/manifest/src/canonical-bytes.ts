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

/** The buffer's first size by default; one grown past {@link KEEP_BYTES} for a large value is let go afterwards. */
const INITIAL_BYTES = 16 * 1024;
const KEEP_BYTES = 1024 * 1024;

/**
 * One reusable byte buffer that canonical JSON is written into and hashed from. Not shared between owners:
 * whoever hashes many values (a discovery scan) keeps one; a one-off hash makes its own.
 */
export class CanonicalBytes {
  /** Made on first use, at `initialBytes`: a --help run that imports this package never hashes. */
  #bytes = new Uint8Array(0);
  #length = 0;
  /** Set while a value is written: a nested call (from a getter) must not reuse the buffer. */
  #writing = false;
  readonly #initialBytes: number;

  /** @param initialBytes the buffer's first size, in bytes (it doubles as needed). Default 16 KiB. */
  constructor(initialBytes = INITIAL_BYTES) {
    if (!Number.isSafeInteger(initialBytes) || initialBytes < 1) throw new TypeError(`initialBytes must be a positive integer, got ${String(initialBytes)}`);
    this.#initialBytes = initialBytes;
  }

  /**
   * Runs `write` into the buffer and returns the SHA-256 (hex) of what it wrote; undefined when it declined
   * (not plain JSON) or when the buffer is already in use (a getter that hashes, reached while writing).
   */
  hash(write: () => boolean): string | undefined {
    if (this.#writing) return undefined;
    this.#writing = true;
    this.#length = 0;
    try {
      return write() ? sha256(this.#bytes.subarray(0, this.#length), 'hex') : undefined;
    } finally {
      this.#writing = false;
      if (this.#bytes.length > KEEP_BYTES) this.#bytes = new Uint8Array(0);
    }
  }

  #reserve(extra: number): void {
    if (this.#length + extra <= this.#bytes.length) return;
    const grown = new Uint8Array(Math.max(this.#initialBytes, this.#bytes.length * 2, this.#length + extra));
    grown.set(this.#bytes.subarray(0, this.#length));
    this.#bytes = grown;
  }

  /** Appends text known to be ASCII (punctuation, literals, number text). */
  writeAscii(text: string): void {
    this.#reserve(text.length);
    const bytes = this.#bytes;
    let length = this.#length;
    for (let i = 0; i < text.length; i++) bytes[length++] = text.charCodeAt(i);
    this.#length = length;
  }

  /** Appends a JSON string: printable ASCII with nothing to escape is copied as it is scanned, the rest goes through JSON.stringify and UTF-8. */
  #writeString(text: string): void {
    this.#reserve(text.length + 2);
    const bytes = this.#bytes;
    const start = this.#length;
    let length = start;
    bytes[length++] = 0x22;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (!isPlainAsciiUnit(c)) {
        this.#length = start;
        this.#writeUtf8(JSON.stringify(text));
        return;
      }
      bytes[length++] = c;
    }
    bytes[length++] = 0x22;
    this.#length = length;
  }

/**
 * Appends `text` as UTF-8. JSON.stringify escapes lone surrogates, so every surrogate here is half of a pair.
 * By hand rather than TextEncoder: this package runs on any JavaScript runtime (tsconfig.core.json).
 */
  #writeUtf8(text: string): void {
    this.#reserve(text.length * 3);
    const bytes = this.#bytes;
    let length = this.#length;
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
    this.#length = length;
  }

  #writeByte(byte: number): void {
    this.#reserve(1);
    this.#bytes[this.#length++] = byte;
  }

  /** Appends the canonical JSON of `value`; false when it is not plain JSON (the caller then takes the string path). */
  writeValue(value: unknown): boolean {
    switch (typeof value) {
      case 'string':
        this.#writeString(value);
        return true;
      case 'boolean':
        this.writeAscii(value ? 'true' : 'false');
        return true;
      case 'number':
        if (!Number.isFinite(value)) return false;
        this.writeAscii(JSON.stringify(value));
        return true;
      case 'object': {
        if (value === null) {
          this.writeAscii('null');
          return true;
        }
        if (Array.isArray(value)) {
          if (!isPlainArray(value)) return false;
          this.#writeByte(0x5b);
          for (let i = 0; i < value.length; i++) {
            if (i > 0) this.#writeByte(0x2c);
            // A hole reads as undefined: not plain, left to the string path.
            if (!this.writeValue(value[i])) return false;
          }
          this.#writeByte(0x5d);
          return true;
        }
        const keys = plainSortedKeys(value);
        if (keys === undefined) return false;
        const n = keys.length;
        this.#writeByte(0x7b);
        for (let i = 0; i < n; i++) {
          const key = keys[i] as string;
          if (i > 0) this.#writeByte(0x2c);
          this.#writeString(key);
          this.#writeByte(0x3a);
          if (!this.writeValue((value as Record<string, unknown>)[key])) return false;
        }
        this.#writeByte(0x7d);
        return true;
      }
      default:
        return false;
    }
  }
}
