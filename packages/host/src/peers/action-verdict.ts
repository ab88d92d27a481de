import { suggestNames } from '@outboard/manifest';
import { OutboardError } from '../errors/outboard-error.js';
import type { ExtensionRecord } from '../extension-record.js';
import { actionsOf, type DeclaredAction } from './peer-actions.js';

/** An action declared by an installed extension that cannot run as it is now: why, and what fixes it. */
export interface WithheldAction extends DeclaredAction {
  /** The extension's state (`unapproved`, `disabled`, `incompatible`...). */
  state: ExtensionRecord['state'];
  /**
   * One phrase, the same on every surface: `not approved: bin/x.js changed`, `not approved yet`,
   * `disabled by the user`, or `<state>: <the state's reason>`.
   */
  reason: string;
  /** True when it was approved before and its package changed since (the approval no longer holds). */
  changed: boolean;
  /** The command (or instruction) that fixes it, e.g. `outboard extensions enable git-tools`. */
  fix: string;
}

/**
 * What running action `id` means, decided by the host before anything starts; every surface (the CLI with
 * or without a hub, `/api/rpc`, `/api/ws`, MCP) prints or returns this one verdict.
 * - `run`: an enabled extension offers it.
 * - `refused`: an installed extension declares it but cannot run as it is now (unapproved, changed since
 *   approval, disabled, invalid...); `action` carries the reason and the fix.
 * - `unknown`: nothing installed declares it; `suggestions` are the nearest ids on offer.
 */
export type ActionVerdict =
  | { kind: 'run'; action: DeclaredAction }
  | { kind: 'refused'; action: WithheldAction }
  | { kind: 'unknown'; known: string[]; suggestions: string[] };

const CHANGED_PREFIX = 'changed since it was approved: ';

/** The actions of extensions that declare a peer and are not enabled, each with its reason and fix. */
export function withheldActionsOf(extensions: readonly ExtensionRecord[], hostId: string): WithheldAction[] {
  return extensions
    .filter((e) => e.state !== 'enabled' && e.manifest?.peer && e.name)
    .flatMap((e) => actionsOf([e]).map((a) => ({ ...a, state: e.state, ...refusalOf(e, hostId) })))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** Decides what running `id` means among `extensions` (see {@link ActionVerdict}). Pure. */
export function decideAction(id: string, extensions: readonly ExtensionRecord[], hostId: string): ActionVerdict {
  const actions = actionsOf(extensions.filter((e) => e.state === 'enabled' && e.manifest?.peer && e.name));
  const action = actions.find((a) => a.id === id);
  if (action) return { kind: 'run', action };
  const withheld = withheldActionsOf(extensions, hostId);
  const held = withheld.find((a) => a.id === id);
  if (held) return { kind: 'refused', action: held };
  const known = [...new Set([...actions, ...withheld].map((a) => a.id))];
  return { kind: 'unknown', known, suggestions: suggestNames(id, actions.map((a) => a.id)) };
}

/** The error of a verdict that is not `run`: the same code, message and fix wherever it is shown. */
export function actionVerdictError(id: string, verdict: Exclude<ActionVerdict, { kind: 'run' }>, hostId: string): OutboardError {
  if (verdict.kind === 'refused') return new ActionRefusedError(verdict.action);
  const hint = verdict.suggestions.length ? `Did you mean ${verdict.suggestions.join(', ')}? (\`${hostId} actions list\` shows them all)` : `\`${hostId} actions list\` shows those on offer`;
  return new OutboardError('PEER_ACTION_UNKNOWN', `no enabled extension offers action "${id}"`, { hint });
}

/**
 * An action that cannot run because its extension is not enabled as installed. The message names the action,
 * the extension and the reason (`action x.hello cannot run: extension x is not approved: bin/x.js changed`);
 * the hint is the fix (`outboard extensions enable x`). Code `PEER_NEEDS_APPROVAL` when an approval or enable
 * fixes it, `ACTION_UNAVAILABLE` for the other states.
 */
export class ActionRefusedError extends OutboardError {
  override name = 'ActionRefusedError';

  constructor(readonly action: WithheldAction) {
    const approvable = action.state === 'unapproved' || action.state === 'disabled';
    super(approvable ? 'PEER_NEEDS_APPROVAL' : 'ACTION_UNAVAILABLE', `action ${action.id} cannot run: extension ${action.extension} is ${action.reason}`, { hint: action.fix });
  }
}

function refusalOf(ext: ExtensionRecord, hostId: string): { reason: string; changed: boolean; fix: string } {
  const fix = ext.fix ?? `${hostId} extensions info ${ext.key}`;
  const reason = ext.reason.replace(/\.$/, '');
  // `not approved: bin/x.js changed`: "since approval" is what "not approved" already says.
  if (ext.state === 'unapproved' && reason.startsWith(CHANGED_PREFIX)) return { reason: `not approved: ${reason.slice(CHANGED_PREFIX.length).replace(/ changed since approval\b/g, ' changed')}`, changed: true, fix };
  if (ext.state === 'unapproved' || ext.state === 'disabled') return { reason, changed: false, fix };
  return { reason: `${ext.state}: ${reason}`, changed: false, fix };
}
