import type { ScannedExtension } from '../package-facts/types.js';
import { describeRunDigestChanges } from '../package-facts/run-digest.js';
import type { ApprovalVerdict } from '../extension-record.js';
import type { ApprovalRecord } from './approval-record.js';
import { pinsRunCode } from './code-pinning.js';

/** The reason given for an approval stored before approvals covered the files that run. */
export const NO_RUN_DIGEST_REASON = 'it was approved before approvals covered the files that run (bin/exec files and package.json imports/exports/type/main); approve it again';

/**
 * Compares what is installed now with what was approved. Any difference in the manifest block, the engines
 * range, the version, the source, the real path or what runs (runnable files, Node's load fields) means
 * the approval no longer holds; each is named (`bin/cli.js changed since approval`). What runs is not
 * compared for a linked folder (see pinsRunCode), whatever digest an older approval of it stored. Pure: no I/O.
 */
export function compareWithApproval(ext: ScannedExtension, approval: ApprovalRecord | undefined): ApprovalVerdict {
  if (!approval) return { status: 'none' };
  const changes: string[] = [];
  if (approval.version !== ext.version) changes.push(`version ${approval.version} → ${ext.version}`);
  if (approval.source !== ext.source) changes.push(`source ${approval.source} → ${ext.source}`);
  if (approval.realPath !== ext.realDir) changes.push(`real path ${approval.realPath} → ${ext.realDir}`);
  const enginesChanged = (approval.enginesRange ?? null) !== (ext.enginesRange ?? null);
  if (enginesChanged) changes.push(`engines range ${approval.enginesRange ?? '(none)'} → ${ext.enginesRange ?? '(none)'}`);
  // The hash covers the block and the engines range; a changed range is already named above.
  if (approval.manifestHash !== ext.manifestHash && !enginesChanged) changes.push('manifest block changed');
  if (approval.packageName !== ext.packageName) changes.push(`package ${approval.packageName} → ${ext.packageName}`);
  // Records from before run digests are not migrated silently: the files may have changed since the "yes".
  if (!pinsRunCode(ext)) {
    // A linked folder runs as edited: its approval binds everything above, not its code.
  } else if (!approval.runDigest) changes.push(NO_RUN_DIGEST_REASON);
  else if (ext.runDigest) changes.push(...describeRunDigestChanges(approval.runDigest, ext.runDigest));
  return changes.length > 0 ? { status: 'changed', changes } : { status: 'approved', enabled: approval.enabled };
}
