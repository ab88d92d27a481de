import type { CapabilityGrants } from '../approvals/approval-record.js';
import type { ExtensionRecord } from '../extension-record.js';
import type { ExtensionChange } from '../live/extension-changes.js';
import type { Disposable } from '@outboard/protocol/disposable';
import type { ResourceLimits } from '../process/resource-limits.js';

/**
 * The narrow views of the host the peers use, each named after what it provides. A `Host` satisfies all of
 * them; tests and other embedders can pass smaller objects. None of them imports the host.
 */

/** The installed extensions with their states (the host's inventory). */
export interface ExtensionCatalog {
  extensions(): Promise<{ readonly extensions: readonly ExtensionRecord[] }>;
  /**
   * Calls `listener` with the extensions that changed in each new inventory (optional: without it, peers
   * of a disabled or changed extension are refused at their next use but not stopped at once).
   */
  onExtensionsChanged?(listener: (changes: readonly ExtensionChange[]) => void): Disposable;
}

/** The user's approvals, read fresh (another process may change them while a peer runs). */
export interface GrantSource {
  /** The approval of one extension copy now, or undefined when there is none. */
  freshFind(ext: ExtensionRecord): { readonly enabled: boolean; readonly grants: CapabilityGrants } | undefined;
}

/** What a peer is spawned with: explicit argv, environment, cwd; disposing removes its per-run files. */
export interface PeerLaunchPlan {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Record<string, string>;
  readonly cwd: string;
  /** The extension's resource limits (the manifest's, lowered by the user's config). Default: none. */
  readonly limits?: ResourceLimits;
  /** Removes what the plan wrote (its config file). Idempotent. */
  dispose(): void;
}

/** Builds the launch of an extension's peer: the one launch path of the host (`host.planLaunch`). */
export interface PeerLauncher {
  /** Throws an error naming the problem when the peer cannot be launched (bad runnable, config breaking its schema). */
  planLaunch(ext: ExtensionRecord, kind: 'peer'): Promise<PeerLaunchPlan>;
}

/** Where the running hub is, if one runs (for `hub/request`; its token never reaches a peer's environment). */
export interface HubLocator {
  runningHub(): { url: string; tokenFile: string; token: string | undefined } | undefined;
}
