import type { Framing } from '../framing/framing.js';

/**
 * A pattern a received message must match. Plain JSON matches by value, except that an object matches
 * any object having at least its members (extra members are allowed). An object whose keys all start
 * with `$` is a matcher:
 * - `{"$type": "string"|"number"|"integer"|"boolean"|"null"|"object"|"array"}`
 * - `{"$any": true}` anything present; `{"$absent": true}` the member must be missing
 * - `{"$oneOf": [p1, p2]}` any of the patterns
 * - `{"$gte": n}`, `{"$lte": n}` number bounds
 * - `{"$capture": "name"}` remembers the value (combine with other matchers); `{"$ref": "name"}` equals it
 */
export type Pattern = unknown;

/** One step of a vector. Every step may carry a `note` shown in reports. */
export type ConformanceStep = { readonly note?: string } & (
  /** Writes a message (any `{"$ref": name}` inside is replaced by the captured value). */
  | { readonly send: unknown }
  /** Writes text exactly as given (for malformed input); a newline is not added. */
  | { readonly sendRaw: string }
  /** Writes a request of `bytes` bytes: `{"jsonrpc":"2.0","id":…,"method":…,"params":{"data":"xxx…"}}`. */
  | { readonly sendOversized: { readonly id: number | string; readonly method: string; readonly bytes: number } }
  /** The next message must match. Unsolicited notifications that do not match are skipped. */
  | { readonly expect: Pattern; readonly withinMs?: number }
  /** The next messages must match these patterns, in any order. */
  | { readonly expectUnordered: readonly Pattern[]; readonly withinMs?: number }
  /** Messages matching `match` are counted until one matches `until`; the count must be in [min, max]. */
  | { readonly collect: Pattern; readonly until: Pattern; readonly min?: number; readonly max?: number; readonly last?: Pattern; readonly withinMs?: number }
  /** No request or response may arrive for this many milliseconds (notifications are ignored). */
  | { readonly expectNoMessage: number }
  /** Closes the peer's stdin. */
  | { readonly closeInput: true }
  /** The peer must exit (with `code`, when given) within `withinMs`. */
  | { readonly expectExit: { readonly code?: number; readonly withinMs?: number } }
  /** Waits. */
  | { readonly sleep: number }
);

/** An exchange any peer, in any language, must get right. Stored as `conformance/<name>.json`. */
export interface ConformanceVector {
  readonly name: string;
  readonly description: string;
  /** Run the standard initialize/activate exchange first. Default true. */
  readonly handshake?: boolean;
  /** Framing the runner writes in, and expects back. Default `ndjson`. */
  readonly framing?: Framing;
  /** A failure is reported but does not fail the run. Default false. */
  readonly optional?: boolean;
  /**
   * Methods beyond the core protocol that the vector calls (the `test/*` methods of docs/protocol.md,
   * "Conformance"). A peer that answers one of them `method_not_found` has the vector skipped, with the
   * reason, not failed. Absent: every peer must pass it.
   */
  readonly requires?: readonly string[];
  readonly steps: readonly ConformanceStep[];
}

/** The exchange run before a vector's steps unless it sets `"handshake": false`. */
export const STANDARD_HANDSHAKE: readonly ConformanceStep[] = Object.freeze([
  {
    note: 'initialize',
    send: {
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: {
        protocol: { min: 1, max: 1 },
        host: { name: 'conformance-runner', version: '1.0.0' },
        instanceId: 'conformance',
        features: [],
        extension: { name: 'conformance-peer', version: '0.0.0' },
        limits: { maxMessageBytes: 1048576 },
      },
    },
  },
  {
    expect: {
      jsonrpc: '2.0',
      id: 'init',
      result: { protocol: 1, name: { $type: 'string' }, version: { $type: 'string' }, contributes: { $type: 'object' }, capabilities: { $type: 'object' } },
    },
  },
  { note: 'activate', send: { jsonrpc: '2.0', id: 'activate', method: 'activate', params: { grants: [], context: {} } } },
  // DESIGN §8: any result means ready (`{ready: true}` and `{}` alike); only an error response fails activation.
  { expect: { jsonrpc: '2.0', id: 'activate', result: { $any: true } } },
]);
