import { checkedLimits } from './config/limits-config.js';
import type { ExtensionRecord } from './extension-record.js';
import type { ProcessContainment } from './process/containment.js';
import type { LimitMode, ResourceLimits } from './process/resource-limits.js';

/** What `extensions info` shows about an extension's resource limits (DESIGN §12). */
export interface LimitsInfo {
  /** The manifest's `limits`, or null. */
  manifest: ResourceLimits | null;
  /** The user's `extensions.<name>.limits` as written (unchecked), or null. */
  user: unknown;
  /** What applies to its peer and sidecar processes: the manifest's, lowered by the user's. */
  effective: ResourceLimits;
  /** How they are applied on this machine: `cgroup`, `rlimit` or `none`. */
  mode: LimitMode;
  /** Why its processes would be refused (a user limit raising the manifest's, one that is not a limit), or null. */
  error: string | null;
}

/** The limits of `ext`'s peer and sidecar, or null when it has neither. Never throws. */
export function describeExtensionLimits(host: { identity: { id: string }; config: { userLimits(name: string): unknown }; containment: Pick<ProcessContainment, 'modeFor'> }, ext: ExtensionRecord): LimitsInfo | null {
  const name = ext.name;
  if (!name || !(ext.manifest?.peer || ext.manifest?.sidecar)) return null;
  const manifest = ext.manifest.limits ?? null;
  let user: unknown = null;
  let effective: ResourceLimits = {};
  let error: string | null = null;
  try {
    user = host.config.userLimits(name) ?? null;
    effective = checkedLimits(host.identity.id, name, manifest ?? undefined, user ?? undefined);
  } catch (e) {
    const hint = (e as { hint?: unknown }).hint;
    error = `${(e as Error).message}${typeof hint === 'string' ? ` — ${hint}` : ''}`;
  }
  return { manifest, user, effective, mode: host.containment.modeFor(effective), error };
}
