import { isAbsolute } from 'node:path';
import { OutboardError } from '../errors/outboard-error.js';
import { npmSpec } from '../install/add-extension.js';
import type { OrganisationPolicy } from './organisation-policy.js';

const READ_ONLY = (policy: OrganisationPolicy) => `the policy is read-only to you: ask whoever manages ${policy.file} to change it`;

/** Why `<id> extensions link` is refused (`allowLink: false`, or a policy file that cannot be used), or undefined. */
export function linkRefusal(policy: OrganisationPolicy): OutboardError | undefined {
  if (policy.allowsLink) return undefined;
  const why = policy.state.kind === 'invalid' ? `the file is invalid (${policy.state.problem})` : '"allowLink" is false';
  return new OutboardError('POLICY_LINK_REFUSED', `linking a folder is not allowed by policy ${policy.file}: ${why}`, { hint: READ_ONLY(policy) });
}

/**
 * Why `<id> extensions add <spec>` is refused: a tarball or folder (as npm reads the spec, see npmSpec) while
 * `allowLocalAdd` is false or the file cannot be used; a registry name is never refused here (the installed
 * package then meets the allowed/blocked rules like any other).
 */
export function localAddRefusal(policy: OrganisationPolicy, spec: string, cwd: string): OutboardError | undefined {
  if (policy.allowsLocalAdd) return undefined;
  const resolved = npmSpec(spec, cwd);
  const local = resolved.startsWith('file:') || isAbsolute(resolved);
  if (!local) return undefined;
  const why = policy.state.kind === 'invalid' ? `the file is invalid (${policy.state.problem})` : '"allowLocalAdd" is false';
  return new OutboardError('POLICY_ADD_REFUSED', `installing from a tarball or folder (${spec}) is not allowed by policy ${policy.file}: ${why}`, { hint: `install a published package by name instead, or ${READ_ONLY(policy)}` });
}

/** Why an extension the policy blocks cannot be enabled, or undefined when it is not blocked. */
export function blockedRefusal(ext: { key: string; state: string; reason: string }, policy: OrganisationPolicy): OutboardError | undefined {
  if (ext.state !== 'blocked') return undefined;
  return new OutboardError('POLICY_BLOCKED', `${ext.key} cannot be enabled: it is ${ext.reason}`, { hint: READ_ONLY(policy) });
}
