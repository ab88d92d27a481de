import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { unlinkQuietly, writeFileAtomic } from '@outboard/host/store';

/** The format of `<home>/bisect.json`. */
const FORMAT = 1;
/** The home files a bisect changes: approvals.json holds every extension's enabled state, approval and grants. */
const SAVED_FILES = ['approvals.json'] as const;

/** What `<home>/bisect.json` keeps: the exact bytes (and mode) of each saved file, or null when it did not exist. */
interface RestoreRecord {
  format: number;
  startedAt: string;
  pid: number;
  files: Record<string, { base64: string; mode: number } | null>;
}

/**
 * The restore file of a bisect, written in the home BEFORE anything changes, so a bisect that crashed or was
 * killed is undone by `extensions bisect --reset`. `restore()` puts every saved file back byte for byte (and
 * with its mode), or removes a file that did not exist, then removes the restore file.
 */
export class BisectRestore {
  private constructor(
    readonly file: string,
    private readonly home: string,
  ) {}

  /** The restore file of `home`. */
  static of(home: string): BisectRestore {
    return new BisectRestore(join(home, 'bisect.json'), home);
  }

  /** When a bisect of this home is in progress (its restore file exists): when it started. */
  pending(): { startedAt: string } | undefined {
    const record = this.read();
    return record && { startedAt: record.startedAt };
  }

  /** Saves the current bytes of every file a bisect changes (atomically, 0600). */
  save(): void {
    const files: RestoreRecord['files'] = {};
    for (const name of SAVED_FILES) {
      const path = join(this.home, name);
      try {
        files[name] = { base64: readFileSync(path).toString('base64'), mode: statSync(path).mode & 0o777 };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        files[name] = null;
      }
    }
    const record: RestoreRecord = { format: FORMAT, startedAt: new Date().toISOString(), pid: process.pid, files };
    writeFileAtomic(this.file, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  }

  /** Puts the saved files back exactly and removes the restore file. False when there was nothing to restore. */
  restore(): boolean {
    const record = this.read();
    if (!record) return false;
    for (const [name, saved] of Object.entries(record.files)) {
      const path = join(this.home, name);
      if (saved === null) unlinkQuietly(path);
      else writeFileAtomic(path, Buffer.from(saved.base64, 'base64'), { mode: saved.mode });
    }
    unlinkQuietly(this.file);
    return true;
  }

  private read(): RestoreRecord | undefined {
    try {
      const record = JSON.parse(readFileSync(this.file, 'utf8')) as RestoreRecord;
      return record && typeof record === 'object' && typeof record.files === 'object' ? record : undefined;
    } catch {
      return undefined;
    }
  }
}
