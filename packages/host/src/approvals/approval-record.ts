import type { SourceKind } from '../package-facts/types.js';
import type { RunDigest } from '../package-facts/run-digest.js';
import type { AgentAccess } from './agent-access.js';

/** What the user granted an extension, default-deny. */
export interface CapabilityGrants {
  /** Capabilities granted: every required one, plus the optional ones the user chose. */
  capabilities: string[];
  /** When set, project-scoped capabilities apply only to these project ids. */
  projects?: string[];
}

/** One approval: the exact copy of an extension the user said yes to, and what they granted it. */
export interface ApprovalRecord {
  name: string;
  packageName: string;
  version: string;
  source: SourceKind;
  /** The package folder with symlinks resolved. */
  realPath: string;
  /** Hash of the manifest block and the engines range (see manifestHash). */
  manifestHash: string;
  enginesRange: string | null;
  /**
   * Digest of what runs (runnable files, Node's load fields) of the copy that was shown. Absent in records
   * written before it existed: such an approval no longer counts and the user is asked again.
   */
  runDigest?: RunDigest;
  /** False after `disable`: approval, grants and config are kept, commands and cards are hidden. */
  enabled: boolean;
  grants: CapabilityGrants;
  /**
   * Which actions agents may use (`extensions enable --agents`). Absent in records written before it existed
   * (and when never chosen): `read-only`. An optional field, so approvals.json stays format 1.
   */
  agents?: AgentAccess;
  approvedAt: string;
}

/**
 * The format of approvals.json this version reads and writes (see store/file-format.ts). Format 1 is the
 * only one shipped; records written before `runDigest` existed are format 1 too (they just ask again).
 */
export const APPROVALS_FORMAT = 1;

/** `<home>/approvals.json`. Project-source approvals are kept per project root, so a fresh clone is never approved. */
export interface ApprovalsFile {
  format: 1;
  /** Approvals of user, global and dev extensions, by extension name. */
  extensions: Record<string, ApprovalRecord>;
  /** Approvals of project-source extensions: project root → extension name → approval. */
  projects: Record<string, Record<string, ApprovalRecord>>;
}

/** A fresh, empty approvals file. */
export function emptyApprovals(): ApprovalsFile {
  return { format: 1, extensions: {}, projects: {} };
}

/** Shape check used when reading approvals.json; a file failing it is reported and kept aside. */
export function checkApprovalsShape(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'the top level must be an object';
  const v = value as Partial<ApprovalsFile>;
  if (v.format !== 1) return `unknown format ${JSON.stringify(v.format)} (expected 1)`;
  if (typeof v.extensions !== 'object' || v.extensions === null) return '"extensions" must be an object';
  if (typeof v.projects !== 'object' || v.projects === null) return '"projects" must be an object';
  return undefined;
}
