import { join } from 'node:path';
import { readBoundedJson } from '../store/bounded-json.js';
import { isNewerFormat } from '../store/file-format.js';
import { isProcessAlive } from '../store/lock-record.js';
import { HUB_STATE_FORMAT } from './hub-state-format.js';
import { hubTokenFile, readHubToken } from './hub-token-file.js';

/** The hub serving a home, as `<home>/hub.json` and `<home>/token` say now. */
export interface RunningHub {
  readonly url: string;
  readonly tokenFile: string;
  readonly token: string | undefined;
}

/**
 * The hub serving `home`, when one runs: read from `<home>/hub.json`, which the hub writes at start and removes
 * at stop; a file left by a hub that died (its pid is gone) does not count. Read afresh at every call: whether
 * a hub runs is never cached.
 */
export function runningHub(home: string): RunningHub | undefined {
  // The bounded reader: a FIFO or a huge file named hub.json never hangs or floods a command.
  const read = readBoundedJson(join(home, 'hub.json'), { maxBytes: 64 * 1024 });
  if (read.kind !== 'ok' || read.value === null || typeof read.value !== 'object') return undefined;
  // A newer hub's record is not read as this version's: `hub status` names it; a command runs without the hub.
  if (isNewerFormat(read.value, HUB_STATE_FORMAT)) return undefined;
  const state = read.value as { url?: unknown; pid?: unknown };
  if (typeof state.url !== 'string' || typeof state.pid !== 'number' || !Number.isSafeInteger(state.pid) || state.pid <= 0 || !isProcessAlive(state.pid)) return undefined;
  const tokenFile = hubTokenFile(home);
  return { url: state.url, tokenFile, token: readHubToken(tokenFile) };
}

/** Where the hub serving `home` is reached, when one runs: what a launch puts in the environment. */
export function runningHubEndpoint(home: string): { url: string; tokenFile: string } | undefined {
  const hub = runningHub(home);
  return hub && { url: hub.url, tokenFile: hub.tokenFile };
}
