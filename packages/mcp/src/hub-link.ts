import type { Disposable } from '@outboard/protocol/disposable';

/** Per-call options of {@link HubLink.call}. */
export interface HubLinkCallOptions {
  /** Aborting it cancels the call in the hub (and the hub cancels it in the peer). */
  signal?: AbortSignal;
  /** Receives each progress value of the call as it comes. */
  onProgress?: (value: unknown) => void;
}

/**
 * What the MCP server needs of the running hub: its JSON-RPC methods and its notifications (`events.event`
 * after `events.subscribe`), as the CLI's hub client over `/api/ws` offers them. The server owns no other
 * route to the host, so the hub's one live state is what agents see.
 */
export interface HubLink {
  /** Calls a hub RPC method; rejects with the hub's error (message, and `hint` when the host named a fix). */
  call(method: string, params: Record<string, unknown>, options?: HubLinkCallOptions): Promise<unknown>;
  /** Handles a notification the hub sends on this connection; dispose to stop. */
  onNotification(method: string, handler: (params: unknown) => void): Disposable;
}
