import type { Connection, Disposable } from '@outboard/protocol';

/**
 * The live connection of each peer and what it holds open on the host (event subscriptions). A session
 * starts when a supervisor hands over a connection ({@link open}) and ends with that connection: then its
 * subscriptions are disposed, so a restarted peer starts with none.
 */
export class PeerSessions {
  private readonly connections = new Map<string, Connection>();
  /**
   * Each peer's event subscriptions by id. The peer services (`events/subscribe`, `events/unsubscribe`)
   * add and remove entries; a session's end disposes what is left.
   */
  readonly subscriptions = new Map<string, Map<string, Disposable>>();

  /** The live connection of `extension`'s peer, if it runs. */
  connectionOf(extension: string): Connection | undefined {
    return this.connections.get(extension);
  }

  /** Starts the session of `extension` on `connection`; disposing ends it (only if it is still the live one). */
  open(extension: string, connection: Connection): Disposable {
    this.connections.set(extension, connection);
    let open = true;
    return {
      dispose: () => {
        if (!open) return;
        open = false;
        if (this.connections.get(extension) !== connection) return;
        this.connections.delete(extension);
        for (const sub of this.subscriptions.get(extension)?.values() ?? []) sub.dispose();
        this.subscriptions.delete(extension);
      },
    };
  }
}
