import { existsSync, renameSync } from 'node:fs';
import { StoreError } from './store-error.js';

/** A durable file whose content could not be used: reported with its path, never silently overwritten. */
export interface CorruptFileDiagnostic {
  /** Absolute path of the file. */
  readonly path: string;
  /** Why it was refused: the JSON parse error, or the caller's shape-check message. */
  readonly reason: string;
  /** Where the old content was moved, `<file>.corrupt-<timestamp>`; absent when it was left in place. */
  readonly keptAt?: string;
  /** One line for the user: the problem and what happened or what to do. */
  readonly message: string;
}

/** The diagnostic for a corrupt file that is left where it is (reads never move files). */
export function corruptInPlace(path: string, reason: string): CorruptFileDiagnostic {
  return {
    path,
    reason,
    message: `${path} is corrupt (${reason}). Fix it by hand, or let the next write move it aside to ${path}.corrupt-<timestamp> and start again from empty.`,
  };
}

/**
 * Renames the corrupt file to `<file>.corrupt-<timestamp>` (a free name; never replaces an earlier copy)
 * and returns the diagnostic saying where its content was kept. Call only while holding the file's lock.
 */
export function quarantineCorruptFile(path: string, reason: string, now: Date = new Date()): CorruptFileDiagnostic {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  let keptAt = `${path}.corrupt-${stamp}`;
  for (let n = 1; existsSync(keptAt); n++) keptAt = `${path}.corrupt-${stamp}-${n}`;
  try {
    renameSync(path, keptAt);
  } catch (error) {
    throw new StoreError(
      'STORE_WRITE_FAILED',
      path,
      `${path} is corrupt (${reason}) and could not be moved aside to ${keptAt}: ${(error as Error).message}. Move or fix it by hand.`,
      { cause: error },
    );
  }
  return {
    path,
    reason,
    keptAt,
    message: `${path} was corrupt (${reason}); its content was kept at ${keptAt} and the file was started again from empty.`,
  };
}
