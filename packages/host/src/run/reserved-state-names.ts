/**
 * Names the host reserves inside an extension state dir (DESIGN §5), built and recognised in one place:
 * `<id>-config-<pid>-<hex>.json` (a command's per-run config), `sidecar-config.json`, temp files
 * `*.json.<pid>-<hex>.tmp`, and `logs/`.
 */

import { atomicTempOwner } from '../store/temp-files.js';

const ID = /^[a-z][a-z0-9-]*$/;

/** The sidecar's config file name, fixed (one sidecar per extension). */
export const SIDECAR_CONFIG_FILE_NAME = 'sidecar-config.json';

/** The log folder name inside a state dir. */
export const LOGS_DIR_NAME = 'logs';

/** Throws a `TypeError` unless `idLower` is a lowercase host id such as `outboard`. */
export function assertHostIdLower(idLower: string): void {
  if (!ID.test(idLower)) {
    throw new TypeError(`idLower must be a lowercase host id matching ${ID} (such as "outboard"), got ${JSON.stringify(idLower)}`);
  }
}

/** `<id>-config-<pid>-<hex>.json`: the per-run config file name of a command. */
export function commandConfigFileName(idLower: string, pid: number, hex: string): string {
  assertHostIdLower(idLower);
  return `${idLower}-config-${pid}-${hex}.json`;
}

/**
 * The owning pid of a reserved per-process file (a command config file of `idLower`, or any
 * `*.json.<pid>-<hex>.tmp` temp file), or `undefined` when `name` is not such a file.
 */
export function ownerPidOfReservedFile(idLower: string, name: string): number | undefined {
  assertHostIdLower(idLower);
  const digits = new RegExp(`^${idLower.replace(/-/g, '\\-')}-config-(\\d+)-[0-9a-f]+\\.json$`).exec(name)?.[1];
  if (digits === undefined) return atomicTempOwner(name);
  const pid = Number(digits);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}
