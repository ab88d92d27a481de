import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { negotiateWireVersion, SUPPORTED_WIRE_VERSIONS } from '@outboard/host';
import { WsSession, type WsEndpointDeps } from './ws-session.js';

/** Largest message a client may send, in bytes. */
const MAX_MESSAGE_BYTES = 256 * 1024;

export type { WsEndpointDeps } from './ws-session.js';

/**
 * `/api/ws`: JSON-RPC 2.0 over WebSocket, for an upgrade the hub already admitted (Host, token, Origin). A
 * client may state the wire version it speaks with `?version=1` (or a list `1,2`); the connection is refused
 * when nothing is common. Each connection is one {@link WsSession}.
 */
export class WsEndpoint {
  readonly #server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false });
  readonly #sessions = new Set<WsSession>();

  constructor(private readonly deps: WsEndpointDeps) {}

  /** Completes the upgrade of an admitted request; `query` is its query string. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, query: string): void {
    const offered = new URLSearchParams(query).get('version');
    const versions = offered === null ? undefined : offered.split(',').map(Number);
    const version = negotiateWireVersion(versions);
    if (version === undefined || versions?.some((v) => !Number.isSafeInteger(v))) {
      socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nno common wire version: this hub speaks ${SUPPORTED_WIRE_VERSIONS.join(', ')}\n`);
      return;
    }
    this.#server.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      (socket as { setNoDelay?: (v: boolean) => void }).setNoDelay?.(true);
      const session = new WsSession(ws, this.deps, version);
      this.#sessions.add(session);
      ws.once('close', () => this.#sessions.delete(session));
    });
  }

  /** Closes every connection. */
  close(): void {
    for (const session of this.#sessions) session.close();
    this.#server.close();
  }
}
