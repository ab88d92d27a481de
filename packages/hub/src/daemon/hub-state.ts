import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive, refuseNewerFormat, unlinkQuietly, writeFileAtomic } from '@outboard/host/store';
import { HUB_STATE_FORMAT } from '@outboard/host/run';

/** `<home>/hub.json`: what a running hub records about itself (`host.runningHub()` reads it). */
export interface HubState {
  pid: number;
  port: number;
  url: string;
  /** ISO 8601 UTC. */
  startedAt: string;
  version: string;
}

/** `<home>/hub.json`. */
export function hubStateFile(home: string): string {
  return join(home, 'hub.json');
}

/**
 * Records a started hub (atomic write: a reader sees the old file or the new one, never a mix), in format
 * {@link HUB_STATE_FORMAT}. Throws `STORE_NEWER_FORMAT`, writing nothing, over the record of a newer hub.
 */
export function writeHubState(home: string, state: HubState): void {
  readHubState(home);
  writeFileAtomic(hubStateFile(home), `${JSON.stringify({ format: HUB_STATE_FORMAT, ...state }, null, 2)}\n`, { durable: false, mode: 0o600 });
}

/** Removes hub.json when it is the record of `pid` (a newer hub's record, or another hub's, is left alone). */
export function removeHubState(home: string, pid: number): void {
  let state: HubState | undefined;
  try {
    state = readHubState(home);
  } catch {
    return;
  }
  if (state?.pid === pid) unlinkQuietly(hubStateFile(home));
}

/**
 * What hub.json says, or undefined (missing, unreadable or malformed: treated as no record). Throws
 * `STORE_NEWER_FORMAT` for the record of a newer hub: this version neither reads nor replaces it.
 */
export function readHubState(home: string): HubState | undefined {
  return readBoundedHubState(hubStateFile(home));
}

/** The record and whether its process still runs (see {@link isRunning}). */
export function hubRecord(home: string): { state: HubState; alive: boolean } | undefined {
  const state = readHubState(home);
  return state && { state, alive: isRunning(state.pid) };
}

/**
 * Whether the command line of `pid` is the CLI's hub (`… hub start --foreground …`), to tell a hub from a
 * process that got its pid after it died; true where /proc cannot tell (another platform).
 */
export function looksLikeHub(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const at = args.indexOf('hub');
    return at !== -1 && args[at + 1] === 'start' && args.includes('--foreground');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT' || !existsSync('/proc/self');
  }
}

/** Whether `pid` runs: it exists and is not a zombie (a dead hub nobody has reaped yet counts as gone). */
export function isRunning(pid: number): boolean {
  if (!isProcessAlive(pid)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.charAt(stat.lastIndexOf(')') + 2) !== 'Z';
  } catch {
    return true;
  }
}

/** Largest hub.json read, in bytes: a real one is a few hundred. */
const MAX_BYTES = 64 * 1024;

/** hub.json parsed and shape-checked, or undefined. Throws only `STORE_NEWER_FORMAT` (see {@link readHubState}). */
function readBoundedHubState(file: string): HubState | undefined {
  let v: Partial<HubState> | null;
  try {
    const text = readFileSync(file, 'utf8');
    if (text.length > MAX_BYTES) return undefined;
    v = JSON.parse(text) as Partial<HubState> | null;
  } catch {
    return undefined;
  }
  refuseNewerFormat(file, v, HUB_STATE_FORMAT);
  if (typeof v !== 'object' || v === null) return undefined;
  if (!Number.isSafeInteger(v.pid) || (v.pid as number) <= 0 || !Number.isSafeInteger(v.port) || typeof v.url !== 'string') return undefined;
  return { pid: v.pid as number, port: v.port as number, url: v.url, startedAt: typeof v.startedAt === 'string' ? v.startedAt : '', version: typeof v.version === 'string' ? v.version : '' };
}
