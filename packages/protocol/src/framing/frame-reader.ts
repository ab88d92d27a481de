import type { Framing, OversizedFrame } from './framing.js';
import { TopLevelScanner } from './top-level-scanner.js';
import { concatBytes, decodeUtf8, decodeUtf8Parts } from './utf8-text.js';

/** Where a {@link FrameReader} delivers what it reads. Called synchronously from `push()`/`end()`. */
export interface FrameReaderSink {
  /** A complete message, parsed (any JSON value; the caller validates its shape). */
  message(value: unknown, framing: Framing): void;
  /** A frame that looked like JSON (started with `{`/`[`, or had a Content-Length) but did not parse. */
  parseError(text: string, framing: Framing): void;
  /** A line that is not a protocol message (e.g. a stray `print`), truncated to `maxStrayChars`. */
  stray(line: string): void;
  /** A message over the size limit, skipped without being buffered. Reported once per message. */
  oversized(frame: OversizedFrame): void;
}

/** Options of {@link FrameReader}. */
export interface FrameReaderOptions {
  /** Where messages and reports go. Required. */
  readonly sink: FrameReaderSink;
  /** Largest message accepted, in bytes (UTF-8, excluding framing). Default 1 MiB (1048576). */
  readonly maxMessageBytes?: number;
  /** Characters of a stray line or unparsable frame kept for reports. Default 512. */
  readonly maxStrayChars?: number;
}

const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;
const OPEN_BRACE = 123;
const OPEN_BRACKET = 91;
/** Largest header block (Content-Length framing) kept while reading it, in bytes. */
const MAX_HEADER_BYTES = 8192;
const ONE_BLANK = new Uint8Array([SPACE]);

const LINE = 0;
const HEADERS = 1;
const BODY = 2;
const SKIP_LINE = 3;
const SKIP_BODY = 4;

/**
 * A pure reader: bytes in, messages out. Accepts newline-delimited JSON and LSP `Content-Length` frames,
 * detected per message from its first bytes (the first message fixes {@link framing}). A message over
 * `maxMessageBytes` is skipped as it streams past, never buffered whole; the bytes held between calls
 * never exceed `maxMessageBytes` ({@link bufferedBytes}). Lines that are not JSON are reported as stray.
 * Never throws on any input; exceptions thrown by the sink propagate to the caller of `push()`.
 */
export class FrameReader {
  private readonly sink: FrameReaderSink;
  private readonly limit: number;
  private readonly headerLimit: number;
  private readonly maxStrayChars: number;
  private readonly decoder = new TextDecoder();
  private parts: Uint8Array[] = [];
  private partsBytes = 0;
  private state = LINE;
  private bodyRemaining = 0;
  private bodyLength = 0;
  private contentLength: number | undefined;
  private headerBlockValid = true;
  private scanner: TopLevelScanner | undefined;
  private skipped = 0;
  private skipFraming: Framing = 'ndjson';
  private reported = false;
  private detected: Framing | undefined;
  /** Blanks after a line's text that did not fit under the limit: counted, not held. */
  private droppedBlanks = 0;

  /** @throws TypeError when an option is out of range. */
  constructor(options: FrameReaderOptions) {
    const sink = options?.sink as FrameReaderSink | undefined;
    if (!sink || typeof sink.message !== 'function' || typeof sink.parseError !== 'function' || typeof sink.stray !== 'function' || typeof sink.oversized !== 'function') {
      throw new TypeError('FrameReaderOptions.sink must have message, parseError, stray and oversized functions');
    }
    const limit = options.maxMessageBytes ?? 1024 * 1024;
    if (!Number.isSafeInteger(limit) || limit < 16) throw new TypeError(`maxMessageBytes must be an integer >= 16 (bytes), got ${String(limit)}`);
    const stray = options.maxStrayChars ?? 512;
    if (!Number.isSafeInteger(stray) || stray < 0) throw new TypeError(`maxStrayChars must be an integer >= 0, got ${String(stray)}`);
    this.sink = sink;
    this.limit = limit;
    this.headerLimit = Math.min(MAX_HEADER_BYTES, limit);
    this.maxStrayChars = stray;
  }

  /** The framing of the first message read, undefined before one arrived. */
  get framing(): Framing | undefined {
    return this.detected;
  }

  /** Bytes held for an incomplete message or header (never more than `maxMessageBytes`). */
  get bufferedBytes(): number {
    return this.partsBytes;
  }

  /** Reads a chunk; complete messages and reports go to the sink before this returns. */
  push(chunk: Uint8Array): void {
    let pos = 0;
    const length = chunk.length;
    while (pos < length) {
      switch (this.state) {
        case LINE:
        case HEADERS:
          pos = this.readLine(chunk, pos);
          break;
        case BODY:
          pos = this.readBody(chunk, pos);
          break;
        case SKIP_LINE:
          pos = this.skipLine(chunk, pos);
          break;
        default:
          pos = this.skipBody(chunk, pos);
      }
    }
  }

  /** The stream ended: a last line without a newline is read as a line; a partial frame is dropped. */
  end(): void {
    if ((this.state === LINE || this.state === HEADERS) && this.partsBytes > 0) {
      const bytes = this.takeParts();
      this.onLine(bytes, 0, bytes.length);
    } else if (this.state === SKIP_LINE || this.state === SKIP_BODY) {
      this.finishSkip();
    }
    this.parts = [];
    this.partsBytes = 0;
    this.droppedBlanks = 0;
    this.state = LINE;
  }

  private readLine(chunk: Uint8Array, pos: number): number {
    const inLine = this.state === LINE;
    const limit = inLine ? this.limit : this.headerLimit;
    if (inLine && this.partsBytes === 0) {
      // Whitespace before a message is framing: neither held nor counted against the limit.
      while (pos < chunk.length && isBlank(chunk[pos] as number)) pos++;
      if (pos === chunk.length) return pos;
    }
    const nl = chunk.indexOf(LF, pos);
    const lineEnd = nl === -1 ? chunk.length : nl;
    // So is whitespace after it (the CR of CRLF, trailing spaces): the limit is on the JSON text.
    const contentEnd = inLine ? trimBlankEnd(chunk, pos, lineEnd) : lineEnd;
    if ((this.droppedBlanks > 0 && contentEnd > pos) || this.partsBytes + (contentEnd - pos) > limit) {
      // Too long (scanned in place rather than copied when the whole line is here).
      this.beginSkipLine();
      return this.skipLine(chunk, pos);
    }
    if (nl === -1) {
      // Trailing blanks may yet be inside the text: held up to the limit; past it they are only counted
      // (any text after them makes the message oversized), so what is held never exceeds the limit.
      const keep = Math.min(lineEnd - pos, limit - this.partsBytes);
      if (keep > 0) {
        this.parts.push(chunk.subarray(pos, pos + keep));
        this.partsBytes += keep;
      }
      this.droppedBlanks += lineEnd - pos - keep;
      return chunk.length;
    }
    this.droppedBlanks = 0;
    if (this.partsBytes === 0) {
      this.onLine(chunk, pos, contentEnd);
    } else {
      this.parts.push(chunk.subarray(pos, contentEnd));
      this.partsBytes += contentEnd - pos;
      if (!inLine || !this.parseHeldJson('ndjson')) {
        const bytes = this.takeParts();
        this.onLine(bytes, 0, inLine ? trimBlankEnd(bytes, 0, bytes.length) : bytes.length);
      }
    }
    return nl + 1;
  }

  private onLine(bytes: Uint8Array, start: number, end: number): void {
    if (end > start && bytes[end - 1] === CR) end--;
    let i = start;
    while (i < end && (bytes[i] === SPACE || bytes[i] === TAB || bytes[i] === CR)) i++;
    if (this.state === HEADERS) {
      this.onHeaderLine(bytes, i, end);
      return;
    }
    if (i === end) return;
    const first = bytes[i];
    if (first === OPEN_BRACE || first === OPEN_BRACKET) {
      this.parseFrame(bytes, i, end, 'ndjson');
    } else if (startsWithHeader(bytes, i, end)) {
      this.state = HEADERS;
      this.contentLength = undefined;
      this.headerBlockValid = true;
      this.onHeaderLine(bytes, i, end);
    } else {
      this.sink.stray(this.decodeTruncated(bytes, i, end));
    }
  }

  private onHeaderLine(bytes: Uint8Array, start: number, end: number): void {
    if (start === end) {
      // A blank line ends the header block.
      this.state = LINE;
      const length = this.contentLength;
      if (!this.headerBlockValid || length === undefined) {
        this.sink.stray('<a Content-Length header block without a valid Content-Length>');
        return;
      }
      if (length > this.limit) {
        this.skipFraming = 'content-length';
        this.startScan(length);
        this.state = SKIP_BODY;
        this.bodyRemaining = length;
        return;
      }
      if (length === 0) {
        this.sink.parseError('', 'content-length');
        return;
      }
      this.state = BODY;
      this.bodyRemaining = length;
      this.bodyLength = length;
      return;
    }
    const colon = indexOfInRange(bytes, 58, start, end);
    if (colon === -1) {
      // Not a header: the block is broken. Report it and read this line afresh as a line.
      this.state = LINE;
      this.sink.stray('<an unterminated Content-Length header block>');
      this.onLine(bytes, start, end);
      return;
    }
    if (matchesIgnoringCase(bytes, start, colon, 'content-length')) {
      const text = this.decoder.decode(bytes.subarray(colon + 1, end)).trim();
      const value = /^[0-9]{1,15}$/.test(text) ? Number(text) : Number.NaN;
      if (Number.isSafeInteger(value)) this.contentLength = value;
      else this.headerBlockValid = false;
    }
  }

  private readBody(chunk: Uint8Array, pos: number): number {
    const available = chunk.length - pos;
    if (this.partsBytes === 0 && available >= this.bodyRemaining) {
      const end = pos + this.bodyRemaining;
      this.state = LINE;
      this.parseFrame(chunk, pos, end, 'content-length');
      return end;
    }
    const take = Math.min(available, this.bodyRemaining);
    this.parts.push(chunk.subarray(pos, pos + take));
    this.partsBytes += take;
    this.bodyRemaining -= take;
    if (this.bodyRemaining === 0) {
      this.state = LINE;
      if (!this.parseHeldJson('content-length')) {
        const bytes = this.takeParts();
        this.parseFrame(bytes, 0, bytes.length, 'content-length');
      }
    }
    return pos + take;
  }

  /**
   * A complete message held in several parts (a line that starts with `{` or `[`, or a body), decoded
   * without concatenating them first when it can be. True when it parsed and was delivered (the parts
   * are released); false, with the parts kept, for the caller's general path (which then reads it as
   * before, and reports a parse error with the same text). JSON's own whitespace is the blanks the line
   * path trims, so parsing the untrimmed text gives the same value.
   */
  private parseHeldJson(framing: Framing): boolean {
    const first = (this.parts[0] as Uint8Array)[0];
    if (framing === 'ndjson' && first !== OPEN_BRACE && first !== OPEN_BRACKET) return false;
    let value: unknown;
    try {
      value = JSON.parse(decodeUtf8Parts(this.parts, this.partsBytes));
    } catch {
      return false;
    }
    this.parts = [];
    this.partsBytes = 0;
    if (this.detected === undefined) this.detected = framing;
    this.sink.message(value, framing);
    return true;
  }

  private parseFrame(bytes: Uint8Array, start: number, end: number, framing: Framing): void {
    const text = decodeUtf8(bytes, start, end);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.sink.parseError(text.length > this.maxStrayChars ? text.slice(0, this.maxStrayChars) : text, framing);
      return;
    }
    if (this.detected === undefined) this.detected = framing;
    this.sink.message(value, framing);
  }

  private beginSkipLine(): void {
    // Header lines over the header limit are not messages: skip them without scanning.
    this.skipFraming = this.state === HEADERS ? 'content-length' : 'ndjson';
    const isHeader = this.state === HEADERS;
    this.state = SKIP_LINE;
    if (isHeader) {
      this.scanner = undefined;
      this.reported = true;
      this.skipped = this.partsBytes;
      this.parts = [];
      this.partsBytes = 0;
      return;
    }
    this.startScan(0);
    for (const part of this.parts) this.feedScan(part, 0, part.length);
    if (this.droppedBlanks > 0) {
      // One blank stands for those not held: it separates tokens as they did.
      this.feedScan(ONE_BLANK, 0, 1);
      this.skipped += this.droppedBlanks - 1;
      this.droppedBlanks = 0;
    }
    this.parts = [];
    this.partsBytes = 0;
  }

  private startScan(declared: number): void {
    this.scanner = new TopLevelScanner();
    this.skipped = 0;
    this.bodyLength = declared;
    this.reported = false;
  }

  /** Feeds skipped bytes to the scanner; reports early once decisive, unless the message ends here anyway. */
  private feedScan(bytes: Uint8Array, start: number, end: number, endsHere = false): void {
    this.skipped += end - start;
    const scanner = this.scanner;
    if (!scanner || this.reported) return;
    if (!scanner.decisive) scanner.feed(bytes, start, end);
    if (!endsHere && scanner.decisive && (this.skipped > this.limit || this.skipFraming === 'content-length')) this.report(false);
  }

  private skipLine(chunk: Uint8Array, pos: number): number {
    const nl = chunk.indexOf(LF, pos);
    if (nl === -1) {
      this.feedScan(chunk, pos, chunk.length);
      return chunk.length;
    }
    this.feedScan(chunk, pos, nl, true);
    this.finishSkip();
    this.state = LINE;
    return nl + 1;
  }

  private skipBody(chunk: Uint8Array, pos: number): number {
    const take = Math.min(chunk.length - pos, this.bodyRemaining);
    this.feedScan(chunk, pos, pos + take, take === this.bodyRemaining);
    this.bodyRemaining -= take;
    if (this.bodyRemaining === 0) {
      this.finishSkip();
      this.state = LINE;
    }
    return pos + take;
  }

  private finishSkip(): void {
    if (this.scanner === undefined) {
      if (this.state === SKIP_LINE && this.skipFraming === 'content-length') this.sink.stray('<a Content-Length header line over 8 KiB>');
    } else if (!this.reported) {
      this.scanner.end();
      this.report(true);
    }
    this.scanner = undefined;
    this.skipped = 0;
  }

  private report(complete: boolean): void {
    const scanner = this.scanner as TopLevelScanner;
    this.reported = true;
    const bytes = this.skipFraming === 'content-length' ? this.bodyLength : this.skipped;
    this.sink.oversized({ bytes, complete: complete || this.skipFraming === 'content-length', id: scanner.id, method: scanner.method, kind: scanner.kind, framing: this.skipFraming });
  }

  private takeParts(): Uint8Array {
    const bytes = concatBytes(this.parts, this.partsBytes);
    this.parts = [];
    this.partsBytes = 0;
    return bytes;
  }

  private decodeTruncated(bytes: Uint8Array, start: number, end: number): string {
    const max = this.maxStrayChars;
    const text = this.decoder.decode(bytes.subarray(start, Math.min(end, start + max * 4)));
    return text.length > max ? text.slice(0, max) : text;
  }
}

/** Space, tab or CR: whitespace around a message on its line. */
function isBlank(byte: number): boolean {
  return byte === SPACE || byte === TAB || byte === CR;
}

/** `end` moved back over trailing blanks, not before `start`. */
function trimBlankEnd(bytes: Uint8Array, start: number, end: number): number {
  while (end > start && isBlank(bytes[end - 1] as number)) end--;
  return end;
}

function indexOfInRange(bytes: Uint8Array, value: number, start: number, end: number): number {
  for (let i = start; i < end; i++) if (bytes[i] === value) return i;
  return -1;
}

function startsWithHeader(bytes: Uint8Array, start: number, end: number): boolean {
  // Header names are short; do not scan a long stray line for a colon.
  const colon = indexOfInRange(bytes, 58, start, Math.min(end, start + 32));
  if (colon === -1) return false;
  return matchesIgnoringCase(bytes, start, colon, 'content-length') || matchesIgnoringCase(bytes, start, colon, 'content-type');
}

function matchesIgnoringCase(bytes: Uint8Array, start: number, end: number, lower: string): boolean {
  while (end > start && (bytes[end - 1] === SPACE || bytes[end - 1] === TAB)) end--;
  if (end - start !== lower.length) return false;
  for (let i = 0; i < lower.length; i++) {
    // OR-ing 0x20 lowercases ASCII letters; '-' (0x2d) is unchanged by it.
    if (((bytes[start + i] as number) | 0x20) !== lower.charCodeAt(i)) return false;
  }
  return true;
}
