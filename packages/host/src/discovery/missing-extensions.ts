import { realpathSync } from 'node:fs';
import type { ApprovalRecord } from '../approvals/approval-record.js';
import type { ExtensionRecord } from '../extension-record.js';
import type { ResolvedExtension } from './resolve-precedence.js';

/** What {@link missingExtensions} compares. */
export interface MissingInput {
  /** What discovery found. */
  found: readonly ResolvedExtension[];
  /** The approvals of user, global and dev extensions (approvals.json `extensions`). */
  approvals: Readonly<Record<string, ApprovalRecord>>;
  /** The linked folders still configured (`extensions.paths`). */
  devPaths: readonly string[];
  hostId: string;
}

/**
 * The approved extensions whose package is gone although nothing in the host removed it (DESIGN §3
 * `missing`): a user or global package uninstalled by npm outside the host, a linked folder deleted while
 * still linked. `extensions remove` deletes the approval and `unlink` drops the path, so neither leaves one.
 * Each record says what was there, why it is missing and how to fix it; it runs nothing (no manifest).
 */
export function missingExtensions(input: MissingInput): ExtensionRecord[] {
  const present = new Set(input.found.map((e) => e.key));
  const linked = new Set(input.devPaths.flatMap((p) => [p, realOr(p)]));
  const out: ExtensionRecord[] = [];
  for (const name of Object.keys(input.approvals).sort()) {
    const approval = input.approvals[name] as ApprovalRecord;
    if (present.has(name) || typeof approval?.realPath !== 'string') continue;
    if (approval.source === 'dev' && !linked.has(approval.realPath)) continue;
    if (approval.source === 'project') continue;
    out.push(missingRecord(name, approval, input.hostId));
  }
  return out;
}

function missingRecord(name: string, a: ApprovalRecord, hostId: string): ExtensionRecord {
  const where = a.source === 'dev' ? `the linked folder ${a.realPath} is gone` : `its package ${a.packageName} is gone from ${a.realPath}`;
  const fix =
    a.source === 'dev'
      ? `restore the folder, or ${hostId} extensions unlink ${a.realPath}`
      : a.source === 'global'
        ? `npm install -g ${a.packageName}, or ${hostId} extensions remove ${name} --purge to forget it`
        : `${hostId} extensions add ${a.packageName}, or ${hostId} extensions remove ${name} --purge to forget it`;
  return {
    source: a.source,
    dir: a.realPath,
    realDir: a.realPath,
    packageName: a.packageName,
    version: a.version,
    name,
    status: 'valid',
    manifest: undefined,
    problems: [],
    warnings: [],
    manifestHash: a.manifestHash,
    enginesRange: a.enginesRange ?? undefined,
    key: name,
    shadowed: [],
    conflictsWith: [],
    state: 'missing',
    reason: `${where} (removed outside ${hostId}); it was ${a.enabled ? 'enabled' : 'disabled'}`,
    fix,
  };
}

function realOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
