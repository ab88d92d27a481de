import type { CapabilityRequest } from '@outboard/manifest';
import type { CapabilityGrants } from '../approvals/approval-record.js';

/**
 * The capabilities `requested.required` lists that `grants` does not grant, in manifest order, without
 * duplicates. Non-empty means the extension cannot work: the supervisor marks its peer degraded and
 * names these. Optional capabilities never count.
 */
export function missingRequired(requested: CapabilityRequest | undefined, grants: CapabilityGrants | undefined): string[] {
  const granted = new Set(grants?.capabilities ?? []);
  return [...new Set(requested?.required ?? [])].filter((name) => !granted.has(name));
}
