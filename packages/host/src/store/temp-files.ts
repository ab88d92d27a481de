import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isProcessAlive } from './lock-record.js';
import { unlinkQuietly } from './unlink-quietly.js';
import { uniqueHex } from './unique-hex.js';

/**
 * The temp-file name a writer with process id `pid` uses next to `target`: `<file>.<pid>-<hex>.tmp`.
 * The pattern is reserved by the contract (DESIGN.md §5), so extensions never create such names.
 */
export function atomicTempPath(target: string, pid: number = process.pid): string {
  return `${target}.${pid}-${uniqueHex(12)}.tmp`;
}

const RESERVED_TEMP = /^.+\.json\.(\d+)-[0-9a-f]+\.tmp$/;

/**
 * The writer pid encoded in `fileName` when it is a temp file of {@link atomicTempPath}: for the file named
 * `targetBaseName` when given (both plain names, no folder), else for any `*.json` file (the reserved form
 * `*.json.<pid>-<hex>.tmp`); `undefined` for any other name.
 */
export function atomicTempOwner(fileName: string, targetBaseName?: string): number | undefined {
  let digits: string | undefined;
  if (targetBaseName === undefined) {
    digits = RESERVED_TEMP.exec(fileName)?.[1];
  } else {
    if (!fileName.startsWith(`${targetBaseName}.`) || !fileName.endsWith('.tmp')) return undefined;
    digits = /^(\d+)-[0-9a-f]+$/.exec(fileName.slice(targetBaseName.length + 1, -'.tmp'.length))?.[1];
  }
  const pid = digits === undefined ? undefined : Number(digits);
  return pid !== undefined && Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * The one sweep of files left by processes that died: removes every entry of `dir` for which `ownerOf`
 * names a pid that is not this process and no longer runs (`process.kill(pid, 0)` answers ESRCH). Files of
 * live processes and every other name are left alone. Best effort: never throws (a missing or unreadable
 * folder sweeps nothing; an entry another sweeper removed first is skipped). Returns the paths it removed.
 */
export function sweepDeadWritersFiles(dir: string, ownerOf: (name: string) => number | undefined): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = ownerOf(name);
    if (pid === undefined || pid === process.pid || isProcessAlive(pid)) continue;
    const file = join(resolve(dir), name);
    if (unlinkQuietly(file)) removed.push(file);
  }
  return removed;
}
