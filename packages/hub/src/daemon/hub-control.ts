import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readSync, fstatSync } from 'node:fs';
import { join } from 'node:path';
import { HubError } from './hub-error.js';
import { unlinkQuietly } from '@outboard/host/store';
import { hubTokenFile, readHubToken } from '@outboard/host/run';
import { HUB_API_VERSION } from '../http/api-version.js';
import { hubRecord, hubStateFile, isRunning, looksLikeHub, type HubState } from './hub-state.js';

/** How long `hub start` waits for the daemon to answer, and `hub stop` for it to exit, in ms. */
const START_WAIT_MS = 15_000;
const STOP_WAIT_MS = 10_000;
const POLL_MS = 50;

/** What `hub status` reports. */
export type HubStatus =
  | { state: 'running'; pid: number; port: number; url: string; startedAt: string; version: string; answering: boolean }
  | { state: 'stale'; pid: number; url: string }
  | { state: 'stopped' };

/** `<home>/logs/hub.log`: the daemon's output. */
export function hubLogFile(home: string): string {
  return join(home, 'logs', 'hub.log');
}

/** Whether the hub at `url` answers `/api/version` with this home's token within `ms`. */
export async function probeHub(url: string, token: string | undefined, ms = 2000): Promise<boolean> {
  try {
    const res = await fetch(new URL('api/version', url), { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(ms) });
    const body = (await res.json()) as { apiVersion?: unknown };
    return res.ok && body.apiVersion === HUB_API_VERSION;
  } catch {
    return false;
  }
}

/**
 * A fresh sign-in link of the hub serving `home` (`http://127.0.0.1:<port>/?code=…`: single use, valid two
 * minutes), asked of the hub with this home's token; undefined when no hub answers or it refuses.
 */
export async function requestSignInLink(home: string, ms = 2000): Promise<{ url: string; expiresAt: number } | undefined> {
  const record = hubRecord(home);
  const token = readHubToken(hubTokenFile(home));
  if (!record?.alive || !token) return undefined;
  try {
    const res = await fetch(new URL('api/hub/sign-in', record.state.url), { method: 'POST', headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(ms) });
    const body = (await res.json()) as { apiVersion?: unknown; url?: unknown; expiresAt?: unknown };
    if (!res.ok || body.apiVersion !== HUB_API_VERSION || typeof body.url !== 'string' || typeof body.expiresAt !== 'number') return undefined;
    return { url: body.url, expiresAt: body.expiresAt };
  } catch {
    return undefined;
  }
}

/** The hub of `home`: running (and whether it answers), stale (hub.json names a pid that is gone) or stopped. */
export async function hubStatus(home: string): Promise<HubStatus> {
  const record = hubRecord(home);
  if (!record) return { state: 'stopped' };
  const { state, alive } = record;
  if (!alive) return { state: 'stale', pid: state.pid, url: state.url };
  const answering = await probeHub(state.url, readHubToken(hubTokenFile(home)));
  // A silent process that is not a hub got the dead hub's pid: the record is stale.
  if (!answering && !looksLikeHub(state.pid)) return { state: 'stale', pid: state.pid, url: state.url };
  return { state: 'running', ...state, answering };
}

/** Removes a stale hub.json (its pid is gone, or is not a hub's); true when one was removed. */
export function clearStaleHubState(home: string): boolean {
  const record = hubRecord(home);
  if (!record || (record.alive && looksLikeHub(record.state.pid))) return false;
  return unlinkQuietly(hubStateFile(home));
}

/** Options of {@link spawnHubDaemon}. */
export interface SpawnHubOptions {
  home: string;
  /** The CLI entry run with `process.execPath`. */
  bin: string;
  /** Arguments after the entry, e.g. `['hub', 'start', '--foreground', '--port', '3117']`. */
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  hostId: string;
}

/**
 * Starts the hub as a detached process (its own session; output appended to `<home>/logs/hub.log`) and
 * waits until it has recorded itself in hub.json and answers. Throws HubError `HUB_PORT_TAKEN` when it
 * exited because the port was taken, `HUB_START_FAILED` (with the log's last lines) for anything else.
 */
export async function spawnHubDaemon(options: SpawnHubOptions): Promise<HubState> {
  const logFile = hubLogFile(options.home);
  mkdirSync(join(options.home, 'logs'), { recursive: true, mode: 0o700 });
  const fd = openSync(logFile, 'a', 0o600);
  const logStart = fstatSync(fd).size;
  const child = spawn(process.execPath, [options.bin, ...options.args], { detached: true, stdio: ['ignore', fd, fd], env: options.env, cwd: options.home });
  closeSync(fd);
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  child.on('exit', (code, signal) => (exit = { code, signal }));
  child.on('error', (error) => (exit = { code: null, signal: null, ...{ error } }));
  child.unref();
  const deadline = Date.now() + START_WAIT_MS;
  const token = () => readHubToken(hubTokenFile(options.home));
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    if (exit) break;
    const record = hubRecord(options.home);
    if (record && record.state.pid === child.pid && (await probeHub(record.state.url, token(), 1000))) return record.state;
  }
  const tail = readLogTail(logFile, logStart);
  if (!exit) {
    try {
      process.kill(-(child.pid as number), 'SIGTERM');
    } catch {
      // already gone
    }
  }
  if (/already in use/.test(tail)) {
    const line = tail.split('\n').find((l) => /already in use/.test(l)) ?? '';
    throw new HubError('HUB_PORT_TAKEN', line.replace(/^error:\s*/, '').replace(/ — .*$/, ''), { hint: `pass another port with \`${options.hostId} hub start --port <n>\`, or stop that program` });
  }
  const how = exit ? (exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`) : `did not answer within ${START_WAIT_MS / 1000} s`;
  throw new HubError('HUB_START_FAILED', `the hub ${how}`, {
    hint: `read ${logFile}, or run \`${options.hostId} hub start --foreground\` to see it fail`,
    details: tail.trim().split('\n').slice(-5).filter(Boolean),
  });
}

/**
 * Stops the hub of `home`: SIGTERM (the hub stops its sidecars and peers and removes hub.json), then
 * SIGKILL after 10 s (its watchdog then ends every sidecar and peer group). `stale` when hub.json named a
 * dead pid (the file is removed), `stopped` when no hub ran.
 */
export async function stopHubDaemon(home: string): Promise<{ outcome: 'stopped' | 'killed' | 'stale' | 'none'; pid?: number }> {
  const record = hubRecord(home);
  if (!record) return { outcome: 'none' };
  const { pid } = record.state;
  // Never signal a process that is not the hub (its pid reused after the hub died).
  if (!record.alive || (!looksLikeHub(pid) && !(await probeHub(record.state.url, readHubToken(hubTokenFile(home)))))) {
    unlinkQuietly(hubStateFile(home));
    return { outcome: 'stale', pid };
  }
  signal(pid, 'SIGTERM');
  if (await exited(pid, STOP_WAIT_MS)) return { outcome: 'stopped', pid };
  signal(pid, 'SIGKILL');
  await exited(pid, 2000);
  unlinkQuietly(hubStateFile(home));
  return { outcome: 'killed', pid };
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone already
  }
}

async function exited(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return true;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return false;
}

/** What the log gained since `from` (at most its last 4 KiB). */
function readLogTail(file: string, from: number): string {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    const start = Math.max(from, size - 4096);
    const buffer = Buffer.alloc(Math.max(0, size - start));
    readSync(fd, buffer, 0, buffer.length, start);
    return buffer.toString('utf8');
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
