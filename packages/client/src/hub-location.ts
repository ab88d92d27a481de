import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ClientError } from './client-errors.js';
import type { HubEndpoint } from './hub-endpoint.js';

/** The reference host's id: what `hostId` means when left out. A tool embedding the platform passes its own. */
export const DEFAULT_HOST_ID = 'outboard';
/** Largest hub record or token file read, in bytes: real ones are a few hundred. */
const MAX_FILE_BYTES = 64 * 1024;

/** The environment prefix of a host id: `outboard` → `OUTBOARD`, `my-tool` → `MY_TOOL`. */
export function envPrefix(hostId: string): string {
  return hostId.toUpperCase().replace(/[^A-Z0-9]/g, '_');
}

/** The home of `hostId`: `$<ID>_HOME`, else `~/.<id>` (DESIGN §3). */
export function defaultHome(hostId: string, env: NodeJS.ProcessEnv = process.env): string {
  return env[`${envPrefix(hostId)}_HOME`] || join(homedir(), `.${hostId}`);
}

/**
 * The hub serving `home`, from `<home>/hub.json` (written by the hub at start, removed at stop) and the token
 * from `<home>/token`. Throws ClientError `CLIENT_HUB_NOT_RUNNING` when there is no record or its process is
 * gone, `CLIENT_TOKEN_UNREADABLE` when the token file cannot be read. The token never comes from a command line.
 */
export function locateHub(home: string, hostId: string): HubEndpoint {
  const record = readSmallFile(join(home, 'hub.json'));
  let state: { url?: unknown; pid?: unknown } | undefined;
  try {
    state = record === undefined ? undefined : (JSON.parse(record) as typeof state);
  } catch {
    state = undefined;
  }
  const pid = state?.pid;
  if (typeof state?.url !== 'string' || (typeof pid === 'number' && !processAlive(pid))) {
    throw new ClientError('CLIENT_HUB_NOT_RUNNING', `no hub serves the home ${home}${record === undefined ? '' : ' (its hub record names a hub that is gone)'}`, { hostId });
  }
  return { url: state.url, token: readToken(join(home, 'token'), hostId) };
}

/** The token in `file`, trimmed. Throws ClientError `CLIENT_TOKEN_UNREADABLE` naming the file. */
export function readToken(file: string, hostId: string): string {
  const text = readSmallFile(file, true, hostId)?.trim();
  if (!text) throw new ClientError('CLIENT_TOKEN_UNREADABLE', `the token file ${file} is empty`, { hostId });
  return text;
}

function readSmallFile(file: string, required = false, hostId = DEFAULT_HOST_ID): string | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    return text.length > MAX_FILE_BYTES ? undefined : text;
  } catch (error) {
    if (!required) return undefined;
    throw new ClientError('CLIENT_TOKEN_UNREADABLE', `the token file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { hostId, cause: error });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
