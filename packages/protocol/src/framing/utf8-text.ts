/**
 * Decoding the UTF-8 text of a frame as cheaply as the runtime allows. On Node, Buffer decodes a range
 * without allocating a view, and text that is all ASCII (the common case for JSON) is copied as Latin-1
 * (no UTF-8 validation, and a message held in several chunks is joined as strings instead of being
 * concatenated into one more buffer first). Elsewhere, TextDecoder. The result is the same string in
 * every case: ASCII bytes read as Latin-1 are the same characters as read as UTF-8, and anything else is
 * decoded as UTF-8 from the whole message, so a character split across chunks is never cut.
 */

interface NodeBufferLike {
  toString(encoding: string, start: number, end: number): string;
  latin1Slice(start: number, end: number): string;
}

interface NodeBufferClass {
  isBuffer(value: unknown): boolean;
  concat(list: readonly Uint8Array[], length: number): Uint8Array;
}

const nodeBuffer = (globalThis as { Buffer?: NodeBufferClass }).Buffer;
// node:buffer's isAscii (Node >= 20.16 exposes builtins without an import, so the core stays Node-free).
const nodeIsAscii = ((globalThis as { process?: { getBuiltinModule?: (id: string) => { isAscii?: unknown } | undefined } }).process?.getBuiltinModule?.('node:buffer')?.isAscii) as
  | ((bytes: Uint8Array) => boolean)
  | undefined;
/** Below this many bytes, checking for ASCII first costs more than it saves. */
const ASCII_CHECK_BYTES = 1024;
const decoder = new TextDecoder();

/** True when `bytes` can be decoded with the Node fast paths (a Buffer, on Node). */
function isNodeBuffer(bytes: Uint8Array): boolean {
  return nodeBuffer !== undefined && nodeBuffer.isBuffer(bytes);
}

/** The text of bytes [start, end) (UTF-8; invalid sequences become U+FFFD, as TextDecoder does). */
export function decodeUtf8(bytes: Uint8Array, start: number, end: number): string {
  if (!isNodeBuffer(bytes)) return decoder.decode(bytes.subarray(start, end));
  const buffer = bytes as unknown as NodeBufferLike;
  if (nodeIsAscii && end - start >= ASCII_CHECK_BYTES && nodeIsAscii(bytes.subarray(start, end))) return buffer.latin1Slice(start, end);
  return buffer.toString('utf8', start, end);
}

/**
 * The text of a message held in `parts` (`length` bytes in all), as {@link decodeUtf8} of their
 * concatenation would give it; the parts are concatenated only when one of them is not ASCII.
 */
export function decodeUtf8Parts(parts: readonly Uint8Array[], length: number): string {
  if (parts.length === 1) return decodeUtf8(parts[0] as Uint8Array, 0, (parts[0] as Uint8Array).length);
  if (nodeIsAscii && length >= ASCII_CHECK_BYTES && parts.every((part) => isNodeBuffer(part) && (nodeIsAscii as (bytes: Uint8Array) => boolean)(part))) {
    let text = '';
    for (const part of parts) text += (part as unknown as NodeBufferLike).latin1Slice(0, part.length);
    return text;
  }
  const whole = concatBytes(parts, length);
  return decodeUtf8(whole, 0, whole.length);
}

/** One array with the bytes of `parts` (`length` in all); the part itself when there is one. */
export function concatBytes(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  if (nodeBuffer) return nodeBuffer.concat(parts, length);
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}
