import WebSocket from 'ws';
import type { Transport, TransportSink } from '@outboard/protocol';
import { ClientError } from './client-errors.js';

/** Options of {@link openWebSocket}. */
export interface OpenWebSocketOptions {
  /** Request headers (the token as a bearer). Default: none. */
  headers?: Record<string, string>;
  /** Largest message accepted, in bytes. Default 16 MiB (an action's result is bounded far below this). */
  maxPayload?: number;
  /** Aborts the opening handshake. */
  signal?: AbortSignal;
}

/** The server answered the upgrade with an HTTP status instead: its status and its `error` text, if any (code `CLIENT_REFUSED`). */
export class WebSocketRefusedError extends ClientError {
  override name = 'WebSocketRefusedError';
  constructor(
    readonly status: number,
    readonly text: string | undefined,
  ) {
    super('CLIENT_REFUSED', `answered ${status}${text ? `: ${text}` : ''}`);
  }
}

/**
 * Opens a WebSocket and resolves once it is open. Rejects with {@link WebSocketRefusedError} when the server
 * answers the upgrade with a status, with the socket's error when it cannot be reached.
 */
export function openWebSocket(url: URL, options: OpenWebSocketOptions = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: options.headers ?? {}, perMessageDeflate: false, maxPayload: options.maxPayload ?? 16 * 1024 * 1024 });
    const onAbort = (): void => {
      ws.on('error', () => undefined);
      ws.terminate();
      reject(new Error('cancelled while connecting'));
    };
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (): void => {
      options.signal?.removeEventListener('abort', onAbort);
      ws.removeAllListeners('open').removeAllListeners('error').removeAllListeners('unexpected-response');
    };
    ws.once('open', () => {
      settle();
      resolve(ws);
    });
    ws.once('error', (error) => {
      settle();
      reject(error);
    });
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text = (text + d).slice(0, 4096)));
      res.on('end', () => {
        settle();
        // Terminating a socket that never opened emits an error: nothing is waiting for it any more.
        ws.on('error', () => undefined);
        ws.terminate();
        let error: unknown;
        try {
          error = (JSON.parse(text) as { error?: unknown }).error;
        } catch {
          // no JSON body: the status alone says it
        }
        reject(new WebSocketRefusedError(res.statusCode ?? 0, typeof error === 'string' ? error : undefined));
      });
    });
  });
}

/**
 * A protocol {@link Transport} over an open WebSocket, which delimits messages itself (`framesMessages`):
 * each text frame is one JSON-RPC message, handed to the connection whole as its text (parsed once, there);
 * each message the connection writes goes out as one text frame. Binary frames are ignored. Closing the
 * transport closes the socket; the socket closing ends the connection.
 */
export class WebSocketTransport implements Transport {
  readonly framesMessages = true;
  readonly #ws: WebSocket;
  #sink: TransportSink | undefined;
  #closed = false;

  constructor(ws: WebSocket) {
    this.#ws = ws;
  }

  start(sink: TransportSink): void {
    if (this.#sink) throw new Error('WebSocketTransport.start() was called twice; a transport serves one connection');
    this.#sink = sink;
    const encoder = new TextEncoder();
    this.#ws.on('message', (data, isBinary) => {
      if (isBinary || this.#closed) return;
      const text = data.toString();
      if (sink.onMessage) sink.onMessage(text);
      else sink.onData(encoder.encode(`${text}\n`));
    });
    this.#ws.once('close', () => this.#end());
    this.#ws.once('error', (error) => this.#end(error));
    if (this.#ws.readyState !== WebSocket.OPEN) queueMicrotask(() => this.#end());
  }

  /** Sends one message (its JSON text, or its UTF-8 bytes) as one text frame. */
  write(data: string | Uint8Array): boolean {
    if (this.#closed) return true;
    if (typeof data === 'string') this.#ws.send(data);
    else this.#ws.send(data, { binary: false });
    return true;
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#ws.close();
  }

  // A WebSocket has no read-side flow control worth having here: the hub bounds what it queues per client.
  pause(): void {}

  resume(): void {}

  #end(error?: Error): void {
    const sink = this.#sink;
    this.#closed = true;
    this.#sink = undefined;
    sink?.onClose(error);
  }
}
