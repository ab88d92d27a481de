import type { Framing } from './framing.js';

/**
 * Exact UTF-8 length of a string, in bytes, without encoding it. Lone surrogates count as 3 bytes
 * (they are encoded as U+FFFD).
 */
export function utf8ByteLength(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        // A surrogate pair is 2 UTF-16 units and 4 UTF-8 bytes.
        bytes += 2;
        i++;
      } else bytes += 2;
    } else bytes += 2;
  }
  return bytes;
}

/**
 * True when `json` encodes to more than `maxBytes` bytes of UTF-8. Cheap for the common case: a string
 * of n UTF-16 units is at most 3n bytes, so only long strings are measured exactly.
 */
export function exceedsByteLimit(json: string, maxBytes: number): boolean {
  if (json.length * 3 <= maxBytes) return false;
  if (json.length > maxBytes) return true;
  return utf8ByteLength(json) > maxBytes;
}

/** Frames one serialised message for the wire: a newline after it, or an LSP Content-Length header before it. */
export function encodeFrame(json: string, framing: Framing): string {
  return framing === 'ndjson' ? json + '\n' : `Content-Length: ${utf8ByteLength(json)}\r\n\r\n${json}`;
}
