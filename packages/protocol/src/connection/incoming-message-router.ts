import { ResponseError } from '../errors/response-error.js';
import type { FrameReaderSink } from '../framing/frame-reader.js';
import type { Framing, OversizedFrame } from '../framing/framing.js';
import { BuiltInMethods, type RequestId } from '../messages.js';
import type { ConnectionDiagnosticsCounters } from './connection-diagnostics.js';
import type { ResolvedConnectionOptions } from './connection-options.js';
import type { IncomingRequests } from './incoming-requests.js';
import type { OutgoingRequests } from './outgoing-requests.js';
import type { NotificationHandler } from './request-context.js';

/** @internal What the router needs from its connection. */
export interface RouterHost {
  readonly options: ResolvedConnectionOptions;
  readonly counters: ConnectionDiagnosticsCounters;
  readonly outgoing: OutgoingRequests;
  readonly incoming: IncomingRequests;
  notificationHandler(method: string): NotificationHandler | undefined;
  sendResult(id: RequestId, result: unknown): void;
  sendError(id: RequestId | null, error: ResponseError): void;
  onFraming(framing: Framing): void;
}

const EMPTY_RESULT = Object.freeze({});

/**
 * @internal Sorts what the frame reader produces: requests to the incoming side, responses to the
 * outgoing side, built-in notifications handled here, and everything malformed answered or reported.
 */
export class IncomingMessageRouter implements FrameReaderSink {
  private readonly host: RouterHost;
  private readonly name: string;

  constructor(host: RouterHost) {
    this.host = host;
    this.name = host.options.name;
  }

  message(value: unknown, framing: Framing): void {
    this.host.onFraming(framing);
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
        if (method === BuiltInMethods.ping) this.host.sendResult(id, EMPTY_RESULT);
        else this.host.incoming.receive(id, method, message['params']);
      } else this.invalid(null, `a request whose id is ${JSON.stringify(id)}; ids are numbers or strings`);
      return;
    }
    if (id !== undefined && ('result' in message || 'error' in message)) {
      this.response(id, message);
      return;
    }
    this.invalid(typeof id === 'number' || typeof id === 'string' ? id : null, 'an object with neither a string "method" nor a "result"/"error"');
  }

  parseError(text: string, framing: Framing): void {
    this.host.onFraming(framing);
    this.host.counters.parseErrors++;
    this.host.counters.warn('parse_error', `${this.name} sent a frame that is not valid JSON: ${JSON.stringify(text.slice(0, 120))}; it was answered with a parse error`);
    this.host.sendError(null, new ResponseError('parse_error', 'the message is not valid JSON; send one JSON-RPC object per line', {}));
  }

  stray(line: string): void {
    if (this.host.counters.stray.add(line)) {
      this.host.counters.warn(
        'stray_output',
        `${this.name} wrote a line to stdout that is not a protocol message: ${JSON.stringify(line.slice(0, 200))}. stdout carries only JSON-RPC; the extension should log to stderr. Further stray lines are counted in diagnostics()`,
      );
    }
  }

  oversized(frame: OversizedFrame): void {
    const { counters, options } = this.host;
    counters.oversizedIncoming++;
    const size = `${frame.complete ? '' : 'over '}${frame.bytes} bytes`;
    const what = `${frame.kind === 'unknown' ? 'message' : frame.kind}${frame.method ? ` "${frame.method}"` : ''}${frame.id !== undefined ? ` (id ${JSON.stringify(frame.id)})` : ''}`;
    counters.warn('oversized_incoming', `${this.name} sent a ${what} of ${size}, over the ${options.maxMessageBytes}-byte limit (maxMessageBytes); it was skipped. Send less per message (page large data) or raise the limit on both sides`);
    const id = frame.id;
    if (typeof id !== 'number' && typeof id !== 'string') return;
    if (frame.kind === 'request') {
      this.host.sendError(id, new ResponseError('too_large', `the request is ${size}, over the ${options.maxMessageBytes}-byte limit of the receiver; it was not read. Send less per request (page large data)`, { limit: options.maxMessageBytes, bytes: frame.bytes }));
    } else if (frame.kind === 'response') {
      this.host.outgoing.fail(id, new ResponseError('too_large', `the answer of ${this.name} is ${size}, over the ${options.maxMessageBytes}-byte limit (maxMessageBytes); it was skipped. Ask for less per request or raise the limit`, { limit: options.maxMessageBytes, bytes: frame.bytes }));
    }
  }

  private notification(method: string, params: unknown): void {
    if (method === BuiltInMethods.cancelRequest) {
      this.host.incoming.cancel((params as { id?: unknown } | undefined)?.id);
      return;
    }
    if (method === BuiltInMethods.progress) {
      const p = params as { token?: unknown; value?: unknown } | undefined;
      this.host.outgoing.progress(p?.token, p?.value);
      return;
    }
    const handler = this.host.notificationHandler(method);
    if (!handler) {
      this.host.counters.unhandledNotifications++;
      return;
    }
    try {
      const result = handler(params);
      if (result && typeof (result as Promise<void>).then === 'function') (result as Promise<void>).then(undefined, (error: unknown) => this.handlerFailed(method, error));
    } catch (error) {
      this.handlerFailed(method, error);
    }
  }

  private response(id: unknown, message: Record<string, unknown>): void {
    if (this.host.outgoing.settle(id, message)) return;
    if (id === null && message['error'] !== undefined) {
      const error = ResponseError.fromWire(message['error']);
      this.host.counters.warn('peer_reported_error', `${this.name} could not read a message from this side: ${error.message} (${error.reason})`);
      return;
    }
    this.host.counters.unmatchedResponses++;
    this.host.counters.warn('unmatched_response', `${this.name} answered request id ${JSON.stringify(id)}, which was never sent; the answer was dropped`);
  }

  private handlerFailed(method: string, error: unknown): void {
    this.host.counters.warn('handler_failed', `the handler of notification "${method}" from ${this.name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }

  private wrongVersion(id: unknown, version: unknown, method: string | undefined, isResponse: boolean): void {
    const what = `a message whose "jsonrpc" is ${JSON.stringify(version)}, not "2.0"`;
    const validId = typeof id === 'number' || typeof id === 'string' ? id : null;
    if (method === undefined && isResponse && validId !== null) {
      // An answer in the wrong dialect is not an answer: the request fails now rather than at its deadline.
      this.host.counters.invalidMessages++;
      this.host.counters.warn('invalid_message', `${this.name} sent ${what} (an answer to id ${JSON.stringify(validId)}); it was dropped`);
      this.host.outgoing.fail(validId, new ResponseError('invalid_request', `${this.name} answered with ${what}; it must speak JSON-RPC 2.0`));
      return;
    }
    this.invalid(method === undefined ? null : validId, what);
  }

  private invalid(id: RequestId | null, what: string): void {
    this.host.counters.invalidMessages++;
    this.host.counters.warn('invalid_message', `${this.name} sent ${what}; it was answered with invalid_request`);
    this.host.sendError(id, new ResponseError('invalid_request', `not a valid JSON-RPC 2.0 message: ${what}`));
  }
}
