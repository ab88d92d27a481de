import { OutboardError } from '../errors/outboard-error.js';
import type { ExtensionRecord } from '../extension-record.js';

/** An action as declared by an extension's manifest (it can be listed without starting anything). */
export interface DeclaredAction {
  id: string;
  title: string;
  extension: string;
  targets: readonly string[];
}

/** An action declared by an installed extension that is not enabled as it is now: why, and the command that fixes it. */
export interface WithheldAction extends DeclaredAction {
  /** One line, e.g. `changed since it was approved: manifest block changed`, `not approved yet`, `disabled by the user`. */
  reason: string;
  /** True when it was approved before and its package changed since (the approval no longer holds). */
  changed: boolean;
  /** The command that approves it again, e.g. `outboard extensions enable git-tools`. */
  fix: string;
}

/** What `actions run <id>` should do, decided before anything starts. */
export type ActionVerdict =
  | { kind: 'run'; action: DeclaredAction }
  /** Offered by an extension that is not enabled as installed; nothing runs until the user approves it again. */
  | { kind: 'needs-approval'; action: WithheldAction }
  /** No installed extension declares it; `known` lists the ids on offer (for a did-you-mean). */
  | { kind: 'unknown'; known: string[] };

/** The actions a set of extensions declare, sorted by id. */
export function actionsOf(extensions: readonly ExtensionRecord[]): DeclaredAction[] {
  return extensions
    .flatMap((e) => (e.manifest?.contributes?.actions ?? []).map((a) => ({ id: a.id, title: a.title, extension: e.name as string, targets: a.targets ?? ['global'] })))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The actions of extensions that declare a peer but are unapproved or disabled, each with its reason and fix. */
export function withheldActionsOf(extensions: readonly ExtensionRecord[], hostId: string): WithheldAction[] {
  const withheld = extensions.filter((e) => (e.state === 'unapproved' || e.state === 'disabled') && e.manifest?.peer && e.name);
  return withheld
    .flatMap((e) =>
      actionsOf([e]).map((a) => ({ ...a, reason: e.reason, changed: e.reason.startsWith('changed since'), fix: e.fix ?? `${hostId} extensions enable ${e.key}` })),
    )
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * An action that cannot run because its extension is not enabled as installed. The message says which
 * extension and why (`changed since it was approved: …`); the hint is the command that approves it again.
 */
export class ActionNeedsApprovalError extends OutboardError {
  override name = 'ActionNeedsApprovalError';

  constructor(readonly action: WithheldAction) {
    const why = action.changed ? `its extension ${action.extension} ${action.reason}` : `its extension ${action.extension} is ${action.reason === 'not approved yet' ? 'not approved yet' : action.reason}`;
    super('PEER_NEEDS_APPROVAL', `action ${action.id} is off: ${why}`, { hint: `approve it with \`${action.fix}\`` });
  }
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
