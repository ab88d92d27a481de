import type { ResolvedExtension } from './discovery/resolve-precedence.js';
import type { ExtensionState } from './discovery/types.js';

/** What the approval store says about one extension copy (see approvals). */
export type ApprovalVerdict =
  | { status: 'none' }
  /** Approved, but something it was approved for changed since: `changes` names what, one phrase each. */
  | { status: 'changed'; changes: string[] }
  | { status: 'approved'; enabled: boolean };

/** An extension as the user sees it: where it is, and the one state it is in, with why and what fixes it. */
export interface ExtensionRecord extends ResolvedExtension {
  state: ExtensionState;
  /** One line: why it is in this state ('' when enabled). */
  reason: string;
  /** The command that fixes it, when there is one. */
  fix: string | undefined;
}

/**
 * Derives the state of DESIGN.md §3 from discovery's verdict and the approval's. The record is completed in
 * place (discovery hands out objects of its own, and copying a thousand of them costs a warm start dearly).
 */
export function deriveExtensionRecord(ext: ResolvedExtension, approval: ApprovalVerdict, hostId: string): ExtensionRecord {
  return Object.assign(ext, stateOf(ext, approval, hostId));
}

function stateOf(ext: ResolvedExtension, approval: ApprovalVerdict, hostId: string): Pick<ExtensionRecord, 'state' | 'reason' | 'fix'> {
  const fixCommand = (sub: string) => `${hostId} extensions ${sub} ${ext.key}`;
  if (ext.conflictsWith.length > 0) {
    return {
      state: 'conflict',
      reason: `${ext.conflictsWith.length + 1} packages claim the name "${ext.key}": ${[ext.dir, ...ext.conflictsWith].join(', ')}`,
      fix: `uninstall or unlink all but one of them (${hostId} extensions info ${ext.key})`,
    };
  }
  if (ext.status === 'invalid') {
    const first = ext.problems[0];
    const more = ext.problems.length > 1 ? ` (+${ext.problems.length - 1} more)` : '';
    return { state: 'invalid', reason: `${first ? `${first.path}: ${first.message}` : 'invalid manifest'}${more}`, fix: `${hostId} extensions doctor` };
  }
  if (ext.status === 'incompatible') {
    return { state: 'incompatible', reason: ext.reason ?? 'incompatible', fix: undefined };
  }
  switch (approval.status) {
    case 'none':
      return { state: 'unapproved', reason: 'not approved yet', fix: fixCommand('enable') };
    case 'changed':
      return { state: 'unapproved', reason: `changed since it was approved: ${approval.changes.join('; ')}`, fix: fixCommand('enable') };
    case 'approved':
      return approval.enabled
        ? { state: 'enabled', reason: '', fix: undefined }
        : { state: 'disabled', reason: 'disabled by the user', fix: fixCommand('enable') };
  }
}
