import type { ScannedExtension } from '../discovery/types.js';
import type { ApprovalVerdict } from '../extension-record.js';
import type { ApprovalRecord } from './approval-record.js';

/**
 * Compares what is installed now with what was approved. Any difference in the manifest block, the engines
 * range, the version, the source or the real path means the approval no longer holds; each is named.
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
  return changes.length > 0 ? { status: 'changed', changes } : { status: 'approved', enabled: approval.enabled };
}
