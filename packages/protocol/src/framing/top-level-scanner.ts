import type { OversizedKind } from './framing.js';

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COLON = 58;
const COMMA = 44;
const MAX_KEY_BYTES = 16;
const MAX_VALUE_BYTES = 256;

/**
 * Streams over the bytes of a JSON object without keeping it, noting its top-level `id`, `method` and
 * whether it has `result`/`error`. Used for messages over the size limit, so that the skipped message can
 * still be answered (a request) or matched to its caller (a response). Never throws, whatever the bytes.
 * Memory is constant: at most a few hundred bytes of one key or value.
 */
export class TopLevelScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private expectingKey = false;
  private key: number[] | undefined;
  private lastKey = '';
  private value: number[] | undefined;
  private valueKey = '';
  private sawId = false;
  private sawMethodKey = false;
  private sawResultOrError = false;
  // The method's value has ended (read or given up), so an early report carries it.
  private methodSettled = false;
  private finished = false;
  private decoder = new TextDecoder();

  /** The top-level id, when read: a number, a string, or null. Undefined until known. */
  id: number | string | null | undefined;
  /** The top-level method, when read. */
  method: string | undefined;

  /** True once enough is known to act: a request's or response's id and kind, or the end of the object. */
  get decisive(): boolean {
    return this.finished || (this.sawId && this.id !== undefined && ((this.sawMethodKey && this.methodSettled) || this.sawResultOrError));
  }

  /** What the members seen so far say the message is. */
  get kind(): OversizedKind {
    if (this.sawMethodKey) return this.sawId ? 'request' : this.finished ? 'notification' : 'unknown';
    if (this.sawResultOrError) return 'response';
    return 'unknown';
  }

  /** Feeds bytes [start, end) of `bytes`. */
  feed(bytes: Uint8Array, start = 0, end = bytes.length): void {
    for (let i = start; i < end && !this.finished; i++) {
      const c = bytes[i] as number;
      if (this.inString) {
        this.key?.push(c);
        this.value?.push(c);
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) {
          this.inString = false;
          if (this.key) this.endKey();
        }
        this.bound();
        continue;
      }
      switch (c) {
        case QUOTE:
          this.inString = true;
          if (this.depth === 1 && this.expectingKey) {
            this.key = [];
            this.expectingKey = false;
          } else this.value?.push(c);
          break;
        case OPEN_BRACE:
        case OPEN_BRACKET:
          if (this.depth === 0 && c === OPEN_BRACE) this.expectingKey = true;
          this.depth++;
          // An object or array is not a valid id/method; stop capturing it.
          if (this.value) this.dropValue();
          break;
        case CLOSE_BRACE:
        case CLOSE_BRACKET:
          this.depth--;
          if (this.depth <= 0) {
            this.endValue();
            this.finished = true;
          }
          break;
        case COLON:
          if (this.depth === 1 && (this.lastKey === 'id' || this.lastKey === 'method')) {
            this.value = [];
            this.valueKey = this.lastKey;
          }
          break;
        case COMMA:
          if (this.depth === 1) {
            this.endValue();
            this.expectingKey = true;
          }
          break;
        default:
          this.value?.push(c);
      }
      this.bound();
    }
  }

  /** Marks the end of the message (its framing said so); an unterminated object ends here. */
  end(): void {
    this.endValue();
    this.finished = true;
  }

  private bound(): void {
    if (this.key && this.key.length > MAX_KEY_BYTES) this.key = undefined;
    if (this.value && this.value.length > MAX_VALUE_BYTES) this.dropValue();
  }

  private endKey(): void {
    const bytes = this.key as number[];
    this.key = undefined;
    // bytes include the closing quote
    this.lastKey = String.fromCharCode(...bytes.slice(0, -1));
    if (this.lastKey === 'id') this.sawId = true;
    else if (this.lastKey === 'method') this.sawMethodKey = true;
    else if (this.lastKey === 'result' || this.lastKey === 'error') this.sawResultOrError = true;
  }

  private dropValue(): void {
    this.value = undefined;
    if (this.valueKey === 'method') this.methodSettled = true;
  }

  private endValue(): void {
    const bytes = this.value;
    if (!bytes) return;
    this.dropValue();
    let parsed: unknown;
    try {
      parsed = JSON.parse(this.decoder.decode(new Uint8Array(bytes)));
    } catch {
      return;
    }
    if (this.valueKey === 'id' && (typeof parsed === 'number' || typeof parsed === 'string' || parsed === null)) this.id = parsed;
    else if (this.valueKey === 'method' && typeof parsed === 'string') this.method = parsed;
  }
}
