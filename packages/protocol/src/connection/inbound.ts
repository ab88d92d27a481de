import { ResponseError } from '../errors/response-error.js';
import { exceedsByteLimit } from '../framing/frame-encoder.js';
import { FrameReader, type FrameReaderSink } from '../framing/frame-reader.js';
import type { Framing, OversizedFrame } from '../framing/framing.js';
import { BuiltInMethods, type RequestId } from '../messages.js';
import type { ConnectionDiagnosticsCounters } from './connection-diagnostics.js';
import type { ResolvedConnectionOptions } from './connection-options.js';
import type { HandlerTable } from './handler-table.js';
import type { IncomingRequests } from './incoming-requests.js';
import type { Outbound } from './outbound.js';
import type { PendingRequests } from './pending-requests.js';
import type { NotificationHandler } from './request-context.js';

/** @internal The parts of a connection that what the peer sends is handed to. */
export interface InboundParts {
  readonly options: ResolvedConnectionOptions;
  readonly counters: ConnectionDiagnosticsCounters;
  /** Where answers go. */
  readonly out: Outbound;
  /** The peer's requests, which run their handlers there. */
  readonly incoming: IncomingRequests;
  /** Our requests, which responses settle. */
  readonly pending: PendingRequests;
  readonly notificationHandlers: HandlerTable<NotificationHandler>;
}

const EMPTY_RESULT = Object.freeze({});
const OPEN_BRACE = 123;
const encoder = new TextEncoder();

/**
 * @internal Everything the peer sends, from bytes (or a message's text) to where it goes: messages are read
 * ({@link FrameReader}) and sorted — a request goes to {@link IncomingRequests}, which runs its handler and
 * answers through {@link Outbound}; a response settles one of our {@link PendingRequests}; `$/` notifications
 * are handled here, others by their handler; anything malformed is answered or reported.
 */
export class Inbound implements FrameReaderSink {
  private readonly parts: InboundParts;
  private readonly name: string;
  private readonly limit: number;
  private readonly reader: FrameReader;

  constructor(parts: InboundParts) {
    this.parts = parts;
    this.name = parts.options.name;
    this.limit = parts.options.maxMessageBytes;
    this.reader = new FrameReader({ sink: this, maxMessageBytes: this.limit, maxStrayChars: parts.options.maxStrayLineChars });
  }

  /** Framing of the peer's first message, undefined before one was read from bytes. */
  get framing(): Framing | undefined {
    return this.reader.framing;
  }

  /** Reads a chunk of bytes. The answers to a whole chunk of requests leave together, after it is read. */
  read(chunk: Uint8Array): void {
    const writer = this.parts.out.writer;
    writer.hold();
    try {
      this.reader.push(chunk);
    } finally {
      writer.release();
    }
  }

  /**
   * Reads one whole message's text. An object is parsed once, here; anything else (a parse error, a size
   * over the limit, a batch, a stray line) takes the byte path, so that it is reported the same way.
   */
  readText(text: string): void {
    const writer = this.parts.out.writer;
    writer.hold();
    try {
      let value: unknown;
      let parsed = false;
      if (text.charCodeAt(0) === OPEN_BRACE && !exceedsByteLimit(text, this.limit)) {
        try {
          value = JSON.parse(text);
          parsed = true;
        } catch {
          // reported by the byte path below
        }
      }
      // One line: a newline may only be whitespace between JSON tokens (inside a string it is escaped).
      if (parsed) this.route(value);
      else this.reader.push(encoder.encode(`${text.replace(/[\r\n]/g, ' ')}\n`));
    } finally {
      writer.release();
    }
  }

  /** The stream ended: a last line without a newline is read. */
  end(): void {
    this.reader.end();
  }

  // --- what the frame reader produces -------------------------------------------------------------

  message(value: unknown, framing: Framing): void {
    this.parts.out.mirror(framing);
    this.route(value);
  }

  parseError(text: string, framing: Framing): void {
    const { out, counters } = this.parts;
    out.mirror(framing);
    counters.parseErrors++;
    counters.warn('parse_error', `${this.name} sent a frame that is not valid JSON: ${JSON.stringify(text.slice(0, 120))}; it was answered with a parse error`);
    out.sendError(null, new ResponseError('parse_error', 'the message is not valid JSON; send one JSON-RPC object per line', {}));
  }

  stray(line: string): void {
    const { counters } = this.parts;
    if (counters.stray.add(line)) {
      counters.warn(
        'stray_output',
        `${this.name} wrote a line to stdout that is not a protocol message: ${JSON.stringify(line.slice(0, 200))}. stdout carries only JSON-RPC; the extension should log to stderr. Further stray lines are counted in diagnostics()`,
      );
    }
  }

  oversized(frame: OversizedFrame): void {
    const { counters, out, pending } = this.parts;
    counters.oversizedIncoming++;
    const size = `${frame.complete ? '' : 'over '}${frame.bytes} bytes`;
    const what = `${frame.kind === 'unknown' ? 'message' : frame.kind}${frame.method ? ` "${frame.method}"` : ''}${frame.id !== undefined ? ` (id ${JSON.stringify(frame.id)})` : ''}`;
    counters.warn('oversized_incoming', `${this.name} sent a ${what} of ${size}, over the ${this.limit}-byte limit (maxMessageBytes); it was skipped. Send less per message (page large data) or raise the limit on both sides`);
    const id = frame.id;
    if (typeof id !== 'number' && typeof id !== 'string') return;
    if (frame.kind === 'request') {
      out.sendError(id, new ResponseError('too_large', `the request is ${size}, over the ${this.limit}-byte limit of the receiver; it was not read. Send less per request (page large data)`, { limit: this.limit, bytes: frame.bytes }));
    } else if (frame.kind === 'response') {
      pending.fail(id, new ResponseError('too_large', `the answer of ${this.name} is ${size}, over the ${this.limit}-byte limit (maxMessageBytes); it was skipped. Ask for less per request or raise the limit`, { limit: this.limit, bytes: frame.bytes }));
    }
  }

  // --- sorting a message ----------------------------------------------------------------------------

  private route(value: unknown): void {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.invalid(null, Array.isArray(value) ? 'a JSON-RPC batch (array); protocol v1 has no batches: send one message per frame' : `a JSON ${value === null ? 'null' : typeof value}, not a JSON-RPC message object`);
      return;
    }
    const message = value as Record<string, unknown>;
    const method = message['method'];
    const id = message['id'];
    const version = message['jsonrpc'];
    // Absent is accepted (docs/protocol.md); present, it must be "2.0".
    if (version !== '2.0' && version !== undefined) {
      this.wrongVersion(id, version, typeof method === 'string' ? method : undefined, 'result' in message || 'error' in message);
      return;
    }
    if (typeof method === 'string') {
      if (id === undefined) this.notification(method, message['params']);
      else if (typeof id === 'number' || typeof id === 'string') {
        if (method === BuiltInMethods.ping) this.parts.out.sendResult(id, EMPTY_RESULT);
        else this.parts.incoming.receive(id, method, message['params']);
      } else this.invalid(null, `a request whose id is ${JSON.stringify(id)}; ids are numbers or strings`);
      return;
    }
    if (id !== undefined && ('result' in message || 'error' in message)) {
      this.response(id, message);
      return;
    }
    this.invalid(typeof id === 'number' || typeof id === 'string' ? id : null, 'an object with neither a string "method" nor a "result"/"error"');
  }

  private response(id: unknown, message: Record<string, unknown>): void {
    const { counters, pending } = this.parts;
    if (pending.settle(id, message)) return;
    if (id === null && message['error'] !== undefined) {
      const error = ResponseError.fromWire(message['error']);
      counters.warn('peer_reported_error', `${this.name} could not read a message from this side: ${error.message} (${error.reason})`);
      return;
    }
    counters.unmatchedResponses++;
    counters.warn('unmatched_response', `${this.name} answered request id ${JSON.stringify(id)}, which was never sent; the answer was dropped`);
  }

  private notification(method: string, params: unknown): void {
    if (method === BuiltInMethods.cancelRequest) {
      this.parts.incoming.cancel((params as { id?: unknown } | undefined)?.id);
      return;
    }
    if (method === BuiltInMethods.progress) {
      const p = params as { token?: unknown; value?: unknown } | undefined;
      this.parts.pending.progress(p?.token, p?.value);
      return;
    }
    const handler = this.parts.notificationHandlers.get(method);
    if (!handler) {
      this.parts.counters.unhandledNotifications++;
      return;
    }
    try {
      const result = handler(params);
      if (result && typeof (result as Promise<void>).then === 'function') (result as Promise<void>).then(undefined, (error: unknown) => this.notificationFailed(method, error));
    } catch (error) {
      this.notificationFailed(method, error);
    }
  }

  private notificationFailed(method: string, error: unknown): void {
    this.parts.counters.warn('handler_failed', `the handler of notification "${method}" from ${this.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  private wrongVersion(id: unknown, version: unknown, method: string | undefined, isResponse: boolean): void {
    const what = `a message whose "jsonrpc" is ${JSON.stringify(version)}, not "2.0"`;
    const validId = typeof id === 'number' || typeof id === 'string' ? id : null;
    if (method === undefined && isResponse && validId !== null) {
      // An answer in the wrong dialect is not an answer: the request fails now rather than at its deadline.
      this.parts.counters.invalidMessages++;
      this.parts.counters.warn('invalid_message', `${this.name} sent ${what} (an answer to id ${JSON.stringify(validId)}); it was dropped`);
      this.parts.pending.fail(validId, new ResponseError('invalid_request', `${this.name} answered with ${what}; it must speak JSON-RPC 2.0`));
      return;
    }
    this.invalid(method === undefined ? null : validId, what);
  }

  private invalid(id: RequestId | null, what: string): void {
    this.parts.counters.invalidMessages++;
    this.parts.counters.warn('invalid_message', `${this.name} sent ${what}; it was answered with invalid_request`);
    this.parts.out.sendError(id, new ResponseError('invalid_request', `not a valid JSON-RPC 2.0 message: ${what}`));
  }
}
