import { OutboardError } from '../errors/outboard-error.js';
import type { ExtensionRecord } from '../extension-record.js';

/** An action as declared by an extension's manifest (it can be listed without starting anything). */
export interface DeclaredAction {
  id: string;
  title: string;
  extension: string;
  targets: readonly string[];
}

/** The actions a set of extensions declare, sorted by id. */
export function actionsOf(extensions: readonly ExtensionRecord[]): DeclaredAction[] {
  return extensions
    .flatMap((e) => (e.manifest?.contributes?.actions ?? []).map((a) => ({ id: a.id, title: a.title, extension: e.name as string, targets: a.targets ?? ['global'] })))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * A peer-originated failure of an action, worded `<extension>: action <id> failed: <message>`. `reason` is
 * the wire reason (`cancelled`, `timeout`, `unavailable`, or the peer's own code); `details` says how the
 * peer ended when that is not already in the message, and where its log is.
 */
export class PeerActionError extends OutboardError {
  override name = 'PeerActionError';

  constructor(
    readonly extension: string,
    readonly action: string,
    readonly reason: string,
    message: string,
    options: { details?: readonly string[]; cause?: unknown } = {},
  ) {
    super('PEER_ACTION_FAILED', `${extension}: action ${action} failed: ${message}`, options);
  }
}
