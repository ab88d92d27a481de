import type { ExtensionRecord } from '../extension-record.js';
import type { OrganisationPolicy } from './organisation-policy.js';

/**
 * Puts an extension the policy blocks in the `blocked` state, with the reason naming the file and the rule and
 * the rule itself in `record.policy` (for `--json`). Every state but `missing` (nothing there to run) yields to
 * the policy; the record is completed in place, as discovery's records are.
 */
export function applyPolicy(record: ExtensionRecord, policy: OrganisationPolicy): ExtensionRecord {
  if (record.state === 'missing') return record;
  const verdict = policy.verdict({ packageName: record.packageName, version: record.version, required: record.manifest?.capabilities?.required ?? [] });
  if (!verdict.blocked) return record;
  return Object.assign(record, { state: 'blocked' as const, reason: verdict.reason, fix: `the policy is read-only to you: ask whoever manages ${policy.file} to change it`, policy: verdict.rule });
}
