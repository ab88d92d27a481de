import { statSync } from 'node:fs';
import { join } from 'node:path';
import { JsonFileStore, quarantineCorruptFile } from '../store/index.js';
import type { CorruptFileDiagnostic } from '../store/index.js';
import type { ScannedExtension } from '../package-facts/types.js';
import type { ApprovalRecord, ApprovalsFile, CapabilityGrants } from './approval-record.js';
import { APPROVALS_FORMAT, checkApprovalsShape, emptyApprovals } from './approval-record.js';
import type { AgentAccess } from './agent-access.js';
import { compareWithApproval } from './approval-compare.js';
import { pinsRunCode } from './code-pinning.js';
import { untrustedBecause } from './file-trust.js';
import { identityOf } from '../package-facts/stat-inputs.js';
import { digestToApprove } from '../package-facts/run-digest.js';

/** Options of {@link ApprovalStore.approve}. */
export interface ApproveOptions {
  /**
   * `accumulate` (the default): the new grants are added to the earlier ones, and earlier optional grants the
   * shown manifest still requests are kept (a re-approval after a change keeps them). `replace`: exactly
   * `grants`, nothing kept (revoking optional grants).
   */
  grants?: 'accumulate' | 'replace';
  /** What agents may use (DESIGN §11). Default: what the previous approval allowed, else `read-only` (stored as absent). */
  agents?: AgentAccess;
}

/** The outcome of {@link ApprovalStore.approve}. */
export interface ApproveResult {
  /** What is stored now: the digests of the record that was passed in (the one shown), never a re-read. */
  record: ApprovalRecord;
  /** Set when approvals.json was corrupt or untrusted: it was kept aside and started again. */
  quarantined?: CorruptFileDiagnostic;
  /** The approval this one replaced, if any. */
  previous: ApprovalRecord | undefined;
  /** What changed since the previous approval, one phrase each (empty for a first approval). */
  changes: string[];
  /** Capabilities granted now that were not before. */
  added: string[];
  /** Capabilities granted before that are not any more (no longer requested, or `grants: 'replace'`). */
  removed: string[];
}

/** Where an approval lives: project-source approvals are per project root. */
function slotOf(file: ApprovalsFile, ext: Pick<ScannedExtension, 'source'>, projectRoot: string | undefined): Record<string, ApprovalRecord> | undefined {
  if (ext.source !== 'project') return file.extensions;
  return projectRoot && Object.hasOwn(file.projects, projectRoot) ? file.projects[projectRoot] : undefined;
}

/** The slot's own record for `name`: an extension named `constructor` must not find Object's. */
function recordIn(slot: Record<string, ApprovalRecord> | undefined, name: string): ApprovalRecord | undefined {
  return slot && Object.hasOwn(slot, name) ? slot[name] : undefined;
}

/** The grants an approval stores: the new ones plus (unless replacing) the earlier ones the shown manifest still requests. */
function mergeGrants(ext: ScannedExtension, previous: ApprovalRecord | undefined, grants: CapabilityGrants, options: ApproveOptions): CapabilityGrants {
  const requested = new Set([...(ext.manifest?.capabilities?.required ?? []), ...(ext.manifest?.capabilities?.optional ?? [])]);
  const replace = options.grants === 'replace';
  const kept = replace || !previous ? [] : previous.grants.capabilities.filter((c) => requested.has(c));
  const projects = grants.projects ?? (replace ? undefined : previous?.grants.projects);
  return { ...(projects ? { projects: [...projects] } : {}), capabilities: [...new Set([...kept, ...grants.capabilities])].sort() };
}

/**
 * `<home>/approvals.json`: approvals and grants. Reads never write; every change is a locked, atomic
 * read-modify-write, so concurrent CLI processes never lose one. A corrupt file is reported and kept aside.
 */
export class ApprovalStore {
  readonly path: string;
  private readonly store: JsonFileStore<ApprovalsFile>;
  private snapshot: { value: ApprovalsFile; corrupt?: CorruptFileDiagnostic; mtimeMs?: string } | undefined;
  /** Each slot of the snapshot's file as a Map, made by {@link find} when first needed. */
  private index: { file: ApprovalsFile; slots: Map<Record<string, ApprovalRecord>, Map<string, ApprovalRecord>> } | undefined;

  constructor(options: { home: string; projectRoot: string | undefined }) {
    this.path = join(options.home, 'approvals.json');
    this.projectRoot = options.projectRoot;
    this.store = new JsonFileStore<ApprovalsFile>({ path: this.path, empty: emptyApprovals, check: checkApprovalsShape, mode: 0o600, format: { current: APPROVALS_FORMAT } });
  }

  private readonly projectRoot: string | undefined;

  /** The approvals on disk (read once per instance); a corrupt file reads as empty with `corrupt` set. */
  current(): { value: ApprovalsFile; corrupt?: CorruptFileDiagnostic } {
    if (!this.snapshot) {
      const s = this.store.inspect();
      const untrusted = s.exists && !s.corrupt ? this.untrusted() : undefined;
      if (untrusted) this.snapshot = { value: emptyApprovals(), corrupt: untrusted };
      else this.snapshot = s.corrupt ? { value: s.value, corrupt: s.corrupt } : { value: s.value };
    }
    return this.snapshot;
  }

  /** Forgets what was read, so the next {@link current} or {@link find} reads the file again (after a change by another process). */
  forget(): void {
    this.snapshot = undefined;
  }

  /** A file others can write is not believed (as ssh refuses such key files); approving again replaces it. */
  private untrusted(): CorruptFileDiagnostic | undefined {
    const why = untrustedBecause(this.path);
    if (!why) return undefined;
    const reason = `${why}, so its approvals are not trusted`;
    return { path: this.path, reason, message: `${this.path}: ${reason}. Fix: chmod 600 ${this.path}, or approve again (the file is then kept aside).` };
  }

  /**
   * Like {@link find}, but re-reads the file when it changed on disk since it was read (a long-running host
   * sees `disable` or new grants made by another process at once; one stat per call).
   */
  freshFind(ext: Pick<ScannedExtension, 'source'> & { name: string | undefined }): ApprovalRecord | undefined {
    // The full identity, not the mtime alone: two writes within one timestamp tick still differ by inode (atomic rename).
    const stat = statSync(this.path, { throwIfNoEntry: false });
    const mtimeMs = stat ? identityOf(stat) : undefined;
    if (this.snapshot && this.snapshot.mtimeMs !== mtimeMs) this.snapshot = undefined;
    if (!this.snapshot) {
      this.current();
      if (this.snapshot) (this.snapshot as { mtimeMs?: string }).mtimeMs = mtimeMs;
    }
    return this.find(ext);
  }

  /** The approval that would cover `ext`, if any. */
  find(ext: Pick<ScannedExtension, 'source'> & { name: string | undefined }): ApprovalRecord | undefined {
    if (!ext.name) return undefined;
    const file = this.current().value;
    const slot = slotOf(file, ext, this.projectRoot);
    if (!slot) return undefined;
    // Looked up in a Map made once per slot: a plain object's lookup by a freshly parsed name cost about
    // 0.3 µs, once per installed extension on every discovery. Made again with each snapshot; writes
    // replace the snapshot, nothing changes one in place.
    if (this.index?.file !== file) this.index = { file, slots: new Map() };
    let names = this.index.slots.get(slot);
    if (!names) {
      names = new Map(Object.entries(slot));
      this.index.slots.set(slot, names);
    }
    return names.get(ext.name);
  }

  /**
   * Records the approval of exactly this copy of `ext` (the record that was shown: its manifest hash and run
   * digest are stored as passed, never re-read, so a package that changed while the prompt was on screen
   * does not match at the next resolution), enabled, with `grants`. Grants accumulate by default (see
   * {@link ApproveOptions}); only capabilities the shown manifest requests are kept.
   */
  async approve(ext: ScannedExtension & { name: string }, grants: CapabilityGrants, options: ApproveOptions = {}): Promise<ApproveResult> {
    let previous: ApprovalRecord | undefined;
    let record: ApprovalRecord | undefined;
    let untrustedKept: CorruptFileDiagnostic | undefined;
    const result = await this.store.update((file) => {
      const trusted = this.trustedDraft(file);
      const draft = trusted.draft;
      untrustedKept = trusted.keptAside;
      previous = recordIn(slotOf(draft, ext, this.projectRoot), ext.name);
      const merged = mergeGrants(ext, previous, grants, options);
      const agents = options.agents ?? previous?.agents;
      record = {
        name: ext.name,
        packageName: ext.packageName,
        version: ext.version,
        source: ext.source,
        realPath: ext.realDir,
        manifestHash: ext.manifestHash,
        enginesRange: ext.enginesRange ?? null,
        // A linked folder's approval does not pin its code (DESIGN §6): no digest to keep.
        ...(ext.runDigest && pinsRunCode(ext) ? { runDigest: digestToApprove(ext.dir, ext.runDigest) } : {}),
        enabled: true,
        grants: merged,
        ...(agents !== undefined ? { agents: Array.isArray(agents) ? [...agents] : agents } : {}),
        approvedAt: new Date().toISOString(),
      };
      this.slotForWrite(draft, ext)[ext.name] = record;
      return draft;
    });
    this.snapshot = { value: result.value };
    const stored = record as ApprovalRecord;
    const before = new Set(previous?.grants.capabilities ?? []);
    const after = new Set(stored.grants.capabilities);
    const verdict = previous ? compareWithApproval(ext, previous) : undefined;
    const quarantined = result.quarantined ?? untrustedKept;
    return {
      record: stored,
      ...(quarantined ? { quarantined } : {}),
      previous,
      changes: verdict?.status === 'changed' ? verdict.changes : [],
      added: [...after].filter((c) => !before.has(c)),
      removed: [...before].filter((c) => !after.has(c)),
    };
  }

  /**
   * What {@link approve} would grant, without writing: the capability list to show in the consent prompt
   * (earlier grants still requested are kept unless `grants: 'replace'`), and what it adds and removes.
   */
  previewGrants(ext: ScannedExtension & { name: string }, grants: CapabilityGrants, options: ApproveOptions = {}): { grants: CapabilityGrants; added: string[]; removed: string[] } {
    const previous = this.find(ext);
    const merged = mergeGrants(ext, previous, grants, options);
    const before = new Set(previous?.grants.capabilities ?? []);
    const after = new Set(merged.capabilities);
    return { grants: merged, added: [...after].filter((c) => !before.has(c)), removed: [...before].filter((c) => !after.has(c)) };
  }

  /** Turns an existing approval on or off; false when there was none to change. */
  async setEnabled(ext: ScannedExtension & { name: string }, enabled: boolean): Promise<boolean> {
    let found = false;
    const result = await this.store.update((file) => {
      const { draft } = this.trustedDraft(file);
      const record = recordIn(slotOf(draft, ext, this.projectRoot), ext.name);
      if (record) {
        record.enabled = enabled;
        found = true;
      }
      return draft;
    });
    this.snapshot = { value: result.value };
    return found;
  }

  /** Deletes the approval of `name` in the slot of `source`; false when there was none. */
  async revoke(ext: Pick<ScannedExtension, 'source'> & { name: string }): Promise<boolean> {
    let found = false;
    const result = await this.store.update((file) => {
      const { draft } = this.trustedDraft(file);
      const slot = slotOf(draft, ext, this.projectRoot);
      if (slot && recordIn(slot, ext.name)) {
        delete slot[ext.name];
        found = true;
      }
      return draft;
    });
    this.snapshot = { value: result.value };
    return found;
  }

  // Under the lock: a file others could have written is kept aside and the update starts from empty, so a
  // write (which restores mode 0600) never launders approvals nobody trusted.
  private trustedDraft(file: ApprovalsFile): { draft: ApprovalsFile; keptAside?: CorruptFileDiagnostic } {
    const untrusted = this.untrusted();
    if (!untrusted) return { draft: file };
    return { draft: emptyApprovals(), keptAside: quarantineCorruptFile(this.path, untrusted.reason) };
  }

  private slotForWrite(file: ApprovalsFile, ext: Pick<ScannedExtension, 'source'>): Record<string, ApprovalRecord> {
    if (ext.source !== 'project') return file.extensions;
    if (!this.projectRoot) throw new Error('a project-source extension needs a project root');
    return (file.projects[this.projectRoot] ??= {});
  }
}
