import type { Transport } from '../transport.js';

/** How the connection frames what it writes; `auto` mirrors the peer (see {@link ConnectionOptions.framing}). */
export type FramingOption = 'auto' | 'ndjson' | 'content-length';

/** Options of a {@link Connection}. Every field but `transport` is optional. */
export interface ConnectionOptions {
  /** The byte pipe to the peer. Required. */
  readonly transport: Transport;
  /** Who is on the other side, used in every error and warning message (e.g. the extension's name). Default `"peer"`. */
  readonly name?: string;
  /** Largest message, in bytes of UTF-8, in either direction. Default 1048576 (1 MiB). At least 1024. */
  readonly maxMessageBytes?: number;
  /**
   * Framing of outgoing messages. `auto` (default): newline-delimited JSON until the peer's first message
   * shows its framing, then the peer's. Incoming framing is always detected. A host talking to a peer built
   * with an LSP-style library sets `content-length`, since the host speaks first.
   */
  readonly framing?: FramingOption;
  /** Deadline of an outgoing request, in milliseconds, unless the call sets its own; 0 = none. Default 30000. */
  readonly requestTimeoutMs?: number;
  /** Incoming requests whose handlers may run at once; more wait in a queue. Default 32. */
  readonly maxIncomingInFlight?: number;
  /** Incoming requests that may wait for a slot; beyond that they fail with `unavailable`. Default 1024. */
  readonly maxIncomingQueued?: number;
  /**
   * Outgoing data that may queue while the peer does not read, in UTF-16 code units (bytes for ASCII).
   * Beyond it sends fail with `unavailable`. Default 67108864 (64 Mi). At least `maxMessageBytes`.
   */
  readonly maxQueuedWriteBytes?: number;
  /** Stray (non-JSON) lines from the peer kept for diagnostics, most recent last. Default 20. */
  readonly strayLinesKept?: number;
  /** Characters kept of each stray line. Default 512. */
  readonly maxStrayLineChars?: number;
  /**
   * Turns each error a `request()` rejects with (a ResponseError or ConnectionError, see {@link Connection.request})
   * into the caller's own, with the request's method: a client library's coded errors, without a second
   * promise per call to translate them. Called once per failed request; what it returns (or throws) is what
   * the request rejects with. Default: none (the errors as they are). TypeErrors for bad request options are
   * thrown as they are.
   */
  readonly mapRequestError?: (error: Error, method: string) => Error;
}

/** {@link ConnectionOptions} with every default applied. */
export interface ResolvedConnectionOptions {
  readonly transport: Transport;
  readonly name: string;
  readonly maxMessageBytes: number;
  readonly framing: FramingOption;
  readonly requestTimeoutMs: number;
  readonly maxIncomingInFlight: number;
  readonly maxIncomingQueued: number;
  readonly maxQueuedWriteBytes: number;
  readonly strayLinesKept: number;
  readonly maxStrayLineChars: number;
  readonly mapRequestError: ((error: Error, method: string) => Error) | undefined;
}

/** Checks a number option; a TypeError names the option, the rule and the value. */
export function checkInteger(owner: string, field: string, value: unknown, min: number, unit: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    throw new TypeError(`${owner}.${field} must be an integer >= ${min}${unit ? ` (${unit})` : ''}, got ${describe(value)}`);
  }
  return value;
}

/** A short rendering of a bad option value for error messages. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object';
  return String(value);
}

/** Applies defaults and validates. @throws TypeError naming the bad option and its value. */
export function resolveConnectionOptions(options: ConnectionOptions): ResolvedConnectionOptions {
  const owner = 'ConnectionOptions';
  if (typeof options !== 'object' || options === null) throw new TypeError(`${owner} must be an object, got ${describe(options)}`);
  const transport = options.transport as Partial<Transport> | undefined;
  if (!transport || typeof transport.start !== 'function' || typeof transport.write !== 'function' || typeof transport.close !== 'function') {
    throw new TypeError(`${owner}.transport must be a Transport (start, write, close), got ${describe(options.transport)}`);
  }
  const name = options.name ?? 'peer';
  if (typeof name !== 'string' || name.length === 0) throw new TypeError(`${owner}.name must be a non-empty string, got ${describe(name)}`);
  const framing = options.framing ?? 'auto';
  if (framing !== 'auto' && framing !== 'ndjson' && framing !== 'content-length') {
    throw new TypeError(`${owner}.framing must be "auto", "ndjson" or "content-length", got ${describe(framing)}`);
  }
  const mapRequestError = options.mapRequestError;
  if (mapRequestError !== undefined && typeof mapRequestError !== 'function') throw new TypeError(`${owner}.mapRequestError must be a function (error, method) => Error, got ${describe(mapRequestError)}`);
  const maxMessageBytes = checkInteger(owner, 'maxMessageBytes', options.maxMessageBytes ?? 1048576, 1024, 'bytes');
  const maxQueuedWriteBytes = checkInteger(owner, 'maxQueuedWriteBytes', options.maxQueuedWriteBytes ?? Math.max(67108864, maxMessageBytes), 1, 'bytes');
  if (maxQueuedWriteBytes < maxMessageBytes) {
    throw new TypeError(`${owner}.maxQueuedWriteBytes must be >= maxMessageBytes (${maxMessageBytes}), got ${maxQueuedWriteBytes}`);
  }
  return {
    transport: options.transport,
    name,
    framing,
    maxMessageBytes,
    maxQueuedWriteBytes,
    requestTimeoutMs: checkInteger(owner, 'requestTimeoutMs', options.requestTimeoutMs ?? 30000, 0, 'milliseconds'),
    maxIncomingInFlight: checkInteger(owner, 'maxIncomingInFlight', options.maxIncomingInFlight ?? 32, 1, 'requests'),
    maxIncomingQueued: checkInteger(owner, 'maxIncomingQueued', options.maxIncomingQueued ?? 1024, 0, 'requests'),
    strayLinesKept: checkInteger(owner, 'strayLinesKept', options.strayLinesKept ?? 20, 0, 'lines'),
    maxStrayLineChars: checkInteger(owner, 'maxStrayLineChars', options.maxStrayLineChars ?? 512, 1, 'characters'),
    mapRequestError,
  };
}
