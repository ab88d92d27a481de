import { join } from 'node:path';
import { runnablePaths } from '@outboard/manifest';
import { currentIdentity } from '../package-facts/stat-inputs.js';
import type { ExtensionRecord } from '../extension-record.js';
import type { ApprovalRecord } from '../approvals/approval-record.js';

/** What about an extension changed between two inventories (the `changed` attribute of `extension.changed`). */
export type ExtensionAspect = 'added' | 'removed' | 'state' | 'approval' | 'code' | 'manifest' | 'version' | 'path';

/** One extension that changed, as `extension.changed` carries it. */
export interface ExtensionChange {
  /** The name users call it (its slug, else its package name). */
  readonly name: string;
  /** What changed, one word each (see {@link ExtensionAspect}). */
  readonly changed: readonly ExtensionAspect[];
  /** The state now (`removed` when it left the inventory) and the one before (undefined when it is new). */
  readonly state: string;
  readonly previousState: string | undefined;
  /** Why it is in that state ('' when enabled) and the command that fixes it, if any. */
  readonly reason: string;
  readonly fix: string | undefined;
  /** Whether it declares a peer or a sidecar (a change may then stop or restart a process). */
  readonly peer: boolean;
  readonly sidecar: boolean;
}

/** What is compared of one extension: enough to tell every aspect apart, nothing the next look must re-read. */
export interface ExtensionSummary {
  state: string;
  reason: string;
  fix: string | undefined;
  version: string;
  realDir: string;
  manifestHash: string;
  /** The approval's date, grants and agent access: a new approval, grant or `--agents` moves it. */
  approval: string;
  /** Stat identities of the runnable files of a peer or sidecar (long-lived processes run what was there at start). */
  code: string;
  peer: boolean;
  sidecar: boolean;
}

/** The summary of one record; `approval` is its approval now, if any. Stats the runnable files of a peer or sidecar only. */
export function summarize(ext: ExtensionRecord, approval: ApprovalRecord | undefined, hostId: string): ExtensionSummary {
  const peer = !!ext.manifest?.peer;
  const sidecar = !!ext.manifest?.sidecar;
  const code = ext.manifest && (peer || sidecar) ? runnablePaths(ext.manifest, hostId).map((r) => currentIdentity(join(ext.realDir, r.file)) ?? '-').join('|') : '';
  return {
    state: ext.state,
    reason: ext.reason,
    fix: ext.fix,
    version: ext.version,
    realDir: ext.realDir,
    manifestHash: ext.manifestHash,
    approval: approval ? `${approval.approvedAt}:${approval.grants.capabilities.join(',')}:${(approval.grants.projects ?? []).join(',')}:${JSON.stringify(approval.agents ?? null)}` : '',
    code,
    peer,
    sidecar,
  };
}

/** The changes from `before` to `after` (both by name), in name order. */
export function diffSummaries(before: ReadonlyMap<string, ExtensionSummary>, after: ReadonlyMap<string, ExtensionSummary>): ExtensionChange[] {
  const changes: ExtensionChange[] = [];
  for (const name of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const was = before.get(name);
    const now = after.get(name);
    const changed: ExtensionAspect[] = [];
    if (!was) changed.push('added');
    else if (!now) changed.push('removed');
    else {
      if (was.state !== now.state || was.reason !== now.reason) changed.push('state');
      if (was.approval !== now.approval) changed.push('approval');
      if (was.code !== now.code) changed.push('code');
      if (was.manifestHash !== now.manifestHash) changed.push('manifest');
      if (was.version !== now.version) changed.push('version');
      if (was.realDir !== now.realDir) changed.push('path');
    }
    if (changed.length === 0) continue;
    const last = (now ?? was) as ExtensionSummary;
    changes.push({
      name,
      changed,
      state: now ? now.state : 'removed',
      previousState: was?.state,
      reason: now ? now.reason : `it is no longer installed (it was ${was?.state})`,
      fix: now?.fix,
      peer: last.peer || !!was?.peer,
      sidecar: last.sidecar || !!was?.sidecar,
    });
  }
  return changes;
}
