import { join } from 'node:path';
import { ClientError } from './client-errors.js';
import type { HubEndpoint } from './hub-endpoint.js';
import { HubConnection } from './hub-connection.js';
import { CLIENT_API_VERSIONS, checkHub, isHubProblem, type HubIdentity } from './hub-identity.js';
import { DEFAULT_HOST_ID, defaultHome, envPrefix, locateHub, readToken } from './hub-location.js';
import { HubClient } from './hub-client.js';
import { resolveBackoff, type BackoffOptions } from './reconnect-backoff.js';

/** Options of {@link connect}. Every field is optional: by default the hub of `~/.outboard` (or `$OUTBOARD_HOME`). */
export interface ConnectOptions {
  /** The home whose hub to use (its `hub.json` and `token`). Default `$<ID>_HOME`, else `~/.<id>`. */
  home?: string;
  /** The hub's base URL, when not found through the home (its `token` or the home's token file is then used). */
  url?: string;
  /** The token, for a `url` outside any home you can read. Never put it on a command line. */
  token?: string;
  /** The id of the host whose hub this is (`ndx` for a tool embedding the platform as `ndx`). Default `outboard`. */
  hostId?: string;
  /** The hub API versions this program speaks. Default: every version this client knows ({@link CLIENT_API_VERSIONS}). */
  apiVersions?: readonly number[];
  /** How to reach the hub again after the connection ended. */
  reconnect?: BackoffOptions;
  /** Environment to read `<ID>_HOME`, `<ID>_HUB_URL` and `<ID>_TOKEN_FILE` from. Default `process.env`. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Connects to a running hub: finds it through the home (`hub.json`, and the token from the `token` file),
 * checks that it is a hub of `hostId` serving that home and speaking a common API version, then opens
 * `/api/ws`. Inside an extension process started by the host, `<ID>_HUB_URL` and `<ID>_TOKEN_FILE` are used.
 * Rejects with a ClientError: `CLIENT_HUB_NOT_RUNNING`, `CLIENT_TOKEN_UNREADABLE`, `CLIENT_UNREACHABLE`,
 * `CLIENT_NOT_THIS_HUB`, `CLIENT_API_VERSION` (naming both versions), `CLIENT_REFUSED` or `CLIENT_OPTIONS_INVALID`.
 */
export async function connect(options: ConnectOptions = {}): Promise<HubClient> {
  checkOptions(options);
  const hostId = options.hostId ?? DEFAULT_HOST_ID;
  const env = options.env ?? process.env;
  const prefix = envPrefix(hostId);
  const envUrl = options.url === undefined && options.home === undefined ? env[`${prefix}_HUB_URL`] || undefined : undefined;
  const home = options.home ?? (options.url === undefined && envUrl === undefined ? defaultHome(hostId, env) : undefined);
  const fixedUrl = options.url ?? envUrl;
  const tokenFile = envUrl !== undefined ? env[`${prefix}_TOKEN_FILE`] || undefined : home !== undefined ? join(home, 'token') : undefined;
  const apiVersions = options.apiVersions ?? CLIENT_API_VERSIONS;
  const locate = async (): Promise<{ endpoint: HubEndpoint; identity: HubIdentity }> => {
    const endpoint: HubEndpoint = fixedUrl !== undefined ? { url: withSlash(fixedUrl), token: options.token ?? (tokenFile ? readToken(tokenFile, hostId) : undefined) } : locateHub(home as string, hostId);
    const identity = await checkHub(endpoint, { hostId, home, apiVersions });
    if (isHubProblem(identity)) throw new ClientError(identity.code, `not using the hub at ${endpoint.url}: ${identity.why}`, { hostId });
    return { endpoint, identity };
  };
  const first = await locate();
  const connection = await HubConnection.open(first.endpoint, { hostId, apiVersion: first.identity.apiVersion });
  return new HubClient({ hostId, apiVersion: first.identity.apiVersion, locate, backoff: resolveBackoff(options.reconnect) }, { ...first, connection });
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

function checkOptions(options: ConnectOptions): void {
  const bad = (name: string, want: string, value: unknown): never => {
    throw new ClientError('CLIENT_OPTIONS_INVALID', `connect(): ${name} must be ${want}, got ${JSON.stringify(value) ?? typeof value}`);
  };
  if (typeof options !== 'object' || options === null) bad('the options', 'an object', options);
  for (const name of ['home', 'url', 'token', 'hostId'] as const) {
    const value = options[name];
    if (value !== undefined && (typeof value !== 'string' || value === '')) bad(name, 'a non-empty string', value);
  }
  if (options.url !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(options.url);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) bad('url', 'an http(s) URL such as http://127.0.0.1:3117/', options.url);
  }
  if (options.hostId !== undefined && !/^[a-z][a-z0-9-]*$/.test(options.hostId)) bad('hostId', 'a host id such as "outboard"', options.hostId);
  if (options.apiVersions !== undefined && (!Array.isArray(options.apiVersions) || options.apiVersions.length === 0 || !options.apiVersions.every((v) => Number.isSafeInteger(v) && v >= 0))) bad('apiVersions', 'a non-empty list of versions such as [1]', options.apiVersions);
}
