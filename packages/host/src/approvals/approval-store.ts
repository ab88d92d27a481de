import { statSync } from 'node:fs';
import { join } from 'node:path';
import { JsonFileStore } from '../store/index.js';
import type { CorruptFileDiagnostic } from '../store/index.js';
import type { ScannedExtension } from '../discovery/types.js';
import type { ApprovalRecord, ApprovalsFile, CapabilityGrants } from './approval-record.js';
import { checkApprovalsShape, emptyApprovals } from './approval-record.js';

/** Where an approval lives: project-source approvals are per project root. */
function slotOf(file: ApprovalsFile, ext: Pick<ScannedExtension, 'source'>, projectRoot: string | undefined): Record<string, ApprovalRecord> | undefined {
  if (ext.source !== 'project') return file.extensions;
  return projectRoot ? file.projects[projectRoot] : undefined;
}

/**
 * `<home>/approvals.json`: approvals and grants. Reads never write; every change is a locked, atomic
 * read-modify-write, so concurrent CLI processes never lose one. A corrupt file is reported and kept aside.
 */
export class ApprovalStore {
  readonly path: string;
  private readonly store: JsonFileStore<ApprovalsFile>;
  private snapshot: { value: ApprovalsFile; corrupt?: CorruptFileDiagnostic; mtimeMs?: number } | undefined;

  constructor(options: { home: string; projectRoot: string | undefined }) {
    this.path = join(options.home, 'approvals.json');
    this.projectRoot = options.projectRoot;
    this.store = new JsonFileStore<ApprovalsFile>({ path: this.path, empty: emptyApprovals, check: checkApprovalsShape, mode: 0o600 });
  }

  private readonly projectRoot: string | undefined;

  /** The approvals on disk (read once per instance); a corrupt file reads as empty with `corrupt` set. */
  current(): { value: ApprovalsFile; corrupt?: CorruptFileDiagnostic } {
    if (!this.snapshot) {
      const s = this.store.inspect();
      this.snapshot = s.corrupt ? { value: s.value, corrupt: s.corrupt } : { value: s.value };
    }
    return this.snapshot;
  }

  /**
   * Like {@link find}, but re-reads the file when it changed on disk since it was read (a long-running host
   * sees `disable` or new grants made by another process at once; one stat per call).
   */
  freshFind(ext: Pick<ScannedExtension, 'source'> & { name: string | undefined }): ApprovalRecord | undefined {
    const mtimeMs = statSync(this.path, { throwIfNoEntry: false })?.mtimeMs;
    if (this.snapshot && this.snapshot.mtimeMs !== mtimeMs) this.snapshot = undefined;
    if (!this.snapshot) {
      this.current();
      if (this.snapshot) (this.snapshot as { mtimeMs?: number }).mtimeMs = mtimeMs;
    }
    return this.find(ext);
  }

  /** The approval that would cover `ext`, if any. */
  find(ext: Pick<ScannedExtension, 'source'> & { name: string | undefined }): ApprovalRecord | undefined {
    if (!ext.name) return undefined;
    return slotOf(this.current().value, ext, this.projectRoot)?.[ext.name];
  }

  /** Records the approval of exactly this copy of `ext`, enabled, with `grants`. */
  async approve(ext: ScannedExtension & { name: string }, grants: CapabilityGrants): Promise<{ record: ApprovalRecord; quarantined?: CorruptFileDiagnostic }> {
    const record: ApprovalRecord = {
      name: ext.name,
      packageName: ext.packageName,
      version: ext.version,
      source: ext.source,
      realPath: ext.realDir,
      manifestHash: ext.manifestHash,
      enginesRange: ext.enginesRange ?? null,
      enabled: true,
      grants: { ...grants, capabilities: [...new Set(grants.capabilities)].sort() },
      approvedAt: new Date().toISOString(),
    };
    const result = await this.store.update((file) => {
      this.slotForWrite(file, ext)[ext.name] = record;
    });
    this.snapshot = { value: result.value };
    return result.quarantined ? { record, quarantined: result.quarantined } : { record };
  }

  /** Turns an existing approval on or off; false when there was none to change. */
  async setEnabled(ext: ScannedExtension & { name: string }, enabled: boolean): Promise<boolean> {
    let found = false;
    const result = await this.store.update((file) => {
      const record = slotOf(file, ext, this.projectRoot)?.[ext.name];
      if (!record) return;
      record.enabled = enabled;
      found = true;
    });
    this.snapshot = { value: result.value };
    return found;
  }

  /** Deletes the approval of `name` in the slot of `source`; false when there was none. */
  async revoke(ext: Pick<ScannedExtension, 'source'> & { name: string }): Promise<boolean> {
    let found = false;
    const result = await this.store.update((file) => {
      const slot = slotOf(file, ext, this.projectRoot);
      if (slot && ext.name in slot) {
        delete slot[ext.name];
        found = true;
      }
    });
    this.snapshot = { value: result.value };
    return found;
  }

  private slotForWrite(file: ApprovalsFile, ext: Pick<ScannedExtension, 'source'>): Record<string, ApprovalRecord> {
    if (ext.source !== 'project') return file.extensions;
    if (!this.projectRoot) throw new Error('a project-source extension needs a project root');
    return (file.projects[this.projectRoot] ??= {});
  }
}
