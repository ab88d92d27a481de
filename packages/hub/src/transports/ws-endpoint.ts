import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { WsSession, type WsEndpointDeps } from './ws-session.js';

/** Largest message a client may send, in bytes. */
const MAX_MESSAGE_BYTES = 256 * 1024;

export type { WsEndpointDeps } from './ws-session.js';

/**
 * `/api/ws`: JSON-RPC 2.0 over WebSocket, for an upgrade the hub already admitted (Host, token, Origin) and
 * whose wire version was agreed. Each connection is one {@link WsSession}.
 */
export class WsEndpoint {
  readonly #server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES, perMessageDeflate: false });
  readonly #sessions = new Set<WsSession>();

  constructor(private readonly deps: WsEndpointDeps) {}

  /** Completes the upgrade of an admitted request, speaking wire `version` (the route negotiated it: see wire-version.ts). */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, version: number): void {
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
