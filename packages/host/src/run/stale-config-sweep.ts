import fs from 'node:fs';
import path from 'node:path';
import { isProcessAlive } from '../store/lock-record.js';
import { ownerPidOfReservedFile } from './reserved-state-names.js';

/**
 * Removes leftovers of killed runs from `stateDir`: every `<idLower>-config-<pid>-<hex>.json` and every
 * `*.json.<pid>-<hex>.tmp` whose pid no longer exists (`process.kill(pid, 0)` answers ESRCH). Files of
 * live processes, and every other file, are left alone. A missing `stateDir` is not an error.
 * Returns the absolute paths removed. Synchronous; best effort (an entry that cannot be removed is skipped). Throws only when
 * `stateDir` exists but cannot be read, or a `TypeError` for a bad `idLower`.
 */
export function sweepStaleCommandConfigFiles(stateDir: string, idLower: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(stateDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = ownerPidOfReservedFile(idLower, name);
    if (pid === undefined || isProcessAlive(pid)) continue;
    const file = path.join(path.resolve(stateDir), name);
    try {
      fs.unlinkSync(file);
      removed.push(file);
    } catch {
      // Vanished meanwhile, or not removable (a folder of that name): a sweep never fails a run.
    }
  }
  return removed;
}
