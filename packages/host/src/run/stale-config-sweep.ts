import { sweepDeadWritersFiles } from '../store/temp-files.js';
import { assertHostIdLower, ownerPidOfReservedFile } from './reserved-state-names.js';

/**
 * Removes leftovers of killed runs from `stateDir`: every `<idLower>-config-<pid>-<hex>.json` and every
 * `*.json.<pid>-<hex>.tmp` whose pid no longer exists, through the store's one sweep of dead writers' files.
 * Files of live processes, and every other file, are left alone. Returns the absolute paths removed.
 * Synchronous and best effort: a missing or unreadable `stateDir` sweeps nothing (a sweep never fails a
 * run). Throws only a `TypeError` for a bad `idLower`.
 */
export function sweepStaleCommandConfigFiles(stateDir: string, idLower: string): string[] {
  assertHostIdLower(idLower);
  return sweepDeadWritersFiles(stateDir, (name) => ownerPidOfReservedFile(idLower, name));
}
