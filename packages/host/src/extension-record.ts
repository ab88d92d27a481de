import { NOT_HASHED, ownEntry } from './package-facts/run-digest.js';
import { pinsRunCode } from './approvals/code-pinning.js';
import type { ResolvedExtension } from './discovery/resolve-precedence.js';
import type { ExtensionState } from './package-facts/types.js';
import type { PolicyRule } from './policy/organisation-policy.js';

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
  /** The rule of the organisation policy that blocks it (state `blocked` only). */
  policy?: PolicyRule;
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

/**
 * True when `now` is the same copy as `shown`: same real path, manifest digest, load fields, and the same content
 * of every runnable file hashed in both. A file hashed in only one of them is left to the approval store, which
 * stores what was shown (a file that moved after it was shown is stored as changed, so the run is refused).
 * A linked folder's code is not pinned (see pinsRunCode): for it, the same real path and manifest suffice.
 */
export function sameCopy(shown: ExtensionRecord, now: ExtensionRecord | undefined): boolean {
  if (now === undefined || now.realDir !== shown.realDir || now.manifestHash !== shown.manifestHash) return false;
  if (!pinsRunCode(shown) && !pinsRunCode(now)) return true;
  const a = shown.runDigest;
  const b = now.runDigest;
  if (!a || !b) return a === b;
  if (JSON.stringify(a.fields) !== JSON.stringify(b.fields)) return false;
  const files = new Set([...Object.keys(a.files), ...Object.keys(b.files)]);
  for (const file of files) {
    const x = ownEntry(a.files, file);
    const y = ownEntry(b.files, file);
    if (x === undefined || y === undefined) return false;
    if (x !== NOT_HASHED && y !== NOT_HASHED && x !== y) return false;
  }
  return true;
}

