import fs from 'node:fs';
import path from 'node:path';
import { SUPPORTED_API_VERSIONS } from '@outboard/manifest';
import type { HostIdentity } from '../identity/host-identity.js';

/** The contract version this host speaks (`<P>_EXTENSION_API`): the newest manifest apiVersion it reads. */
export const EXTENSION_API_VERSION: number = Math.max(...SUPPORTED_API_VERSIONS);

/**
 * `<P>_BIN`, the one rule: the identity's `binPath`; else the running script (`process.argv[1]`, made
 * absolute), which is the host's CLI entry when the host runs as a CLI; else the empty string.
 */
export function hostBinPath(identity: Pick<HostIdentity, 'binPath'>, argv: readonly string[] = process.argv): string {
  if (identity.binPath) return identity.binPath;
  const script = argv[1];
  return script ? path.resolve(script) : '';
}

/** Input of {@link buildExtensionEnv}. Every path should be absolute. */
export interface ExtensionEnvInput {
  /** Upper-case prefix derived from the host id, such as `OUTBOARD` (`^[A-Z][A-Z0-9_]*$`, no trailing `_`). */
  readonly envPrefix: string;
  /** The user's environment, normally `process.env`; never modified. Undefined values are skipped. */
  readonly baseEnv: Readonly<Record<string, string | undefined>>;
  /** Contract version the host speaks, such as `1` (`<P>_EXTENSION_API`). */
  readonly apiVersion: number | string;
  /** The running host version (`<P>_VERSION`). */
  readonly hostVersion: string;
  /** Absolute path of this install's CLI entry, run with `process.execPath` (`<P>_BIN`). */
  readonly binPath: string;
  /** The resolved home; the caller resolves `<P>_HOME` from the user first (`<P>_HOME`). */
  readonly home: string;
  /** The manifest `name` slug (`<P>_EXTENSION_NAME`). */
  readonly extensionName: string;
  /** `<home>/ext/<name>`, already created (`<P>_EXTENSION_STATE_DIR`). */
  readonly stateDir: string;
  /** The JSON file holding the checked, merged config section (`<P>_EXTENSION_CONFIG`). */
  readonly configFile: string;
  /** Present only while a hub runs: its base URL and the token file path. */
  readonly hub?: { readonly url: string; readonly tokenFile: string };
  /** The hub token value, if known: any variable whose name or value contains it is dropped. */
  readonly tokenValue?: string;
  /** Extra variables set last, such as a sidecar's `PORT` and `<P>_SIDECAR_SECRET`. */
  readonly extra?: Readonly<Record<string, string>>;
}

const ENV_PREFIX = /^[A-Z][A-Z0-9_]*[A-Z0-9]$|^[A-Z]$/;

/**
 * Names of the variables the host itself sets (before `extra`), for a given prefix.
 * `extra` may not name one of these.
 */
export function extensionEnvVariableNames(envPrefix: string): readonly string[] {
  return ['EXTENSION_API', 'VERSION', 'BIN', 'HOME', 'EXTENSION_NAME', 'EXTENSION_STATE_DIR', 'EXTENSION_CONFIG',
    'HUB_URL', 'TOKEN_FILE'].map((n) => `${envPrefix}_${n}`);
}

/**
 * Returns a fresh environment for an extension process: the user's environment plus the contract
 * variables (DESIGN §5), which are always replaced, never inherited from an outer extension run.
 *
 * 1. Copies `baseEnv`, removing every inherited `<P>_EXTENSION_*`, `<P>_HUB_URL`, `<P>_TOKEN_FILE`,
 *    `<P>_SIDECAR_SECRET`, `<P>_TOKEN` and the peer launch guard (`<P>_PEER_HOST`, `<P>_PEER_PROTOCOL`)
 *    so a nested run never sees a stale value.
 * 2. Sets `<P>_EXTENSION_API`, `<P>_VERSION`, `<P>_BIN`, `<P>_HOME`, `<P>_EXTENSION_NAME`,
 *    `<P>_EXTENSION_STATE_DIR`, `<P>_EXTENSION_CONFIG`; with `hub`, `<P>_HUB_URL`, and `<P>_TOKEN_FILE` only
 *    when that file exists (checked with `fs.existsSync`, the only I/O done).
 * 3. Applies `extra`.
 * 4. Drops every variable whose name or value contains `tokenValue` (an empty token is ignored).
 *
 * Does not create the state dir or config file. Throws a `TypeError` naming the field for a bad
 * `envPrefix`, or an `extra` key that would override a contract variable.
 */
export function buildExtensionEnv(input: ExtensionEnvInput): Record<string, string> {
  const p = input.envPrefix;
  if (!ENV_PREFIX.test(p)) {
    throw new TypeError(`buildExtensionEnv: envPrefix must match ${ENV_PREFIX} (such as "OUTBOARD"), got ${JSON.stringify(p)}`);
  }
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(input.baseEnv)) {
    if (value !== undefined && !isStaleRunVariable(p, key)) env[key] = value;
  }
  env[`${p}_EXTENSION_API`] = String(input.apiVersion);
  env[`${p}_VERSION`] = input.hostVersion;
  env[`${p}_BIN`] = input.binPath;
  env[`${p}_HOME`] = input.home;
  env[`${p}_EXTENSION_NAME`] = input.extensionName;
  env[`${p}_EXTENSION_STATE_DIR`] = input.stateDir;
  env[`${p}_EXTENSION_CONFIG`] = input.configFile;
  if (input.hub !== undefined) {
    env[`${p}_HUB_URL`] = input.hub.url;
    if (fs.existsSync(input.hub.tokenFile)) env[`${p}_TOKEN_FILE`] = input.hub.tokenFile;
  }
  const reserved = new Set(extensionEnvVariableNames(p));
  for (const [key, value] of Object.entries(input.extra ?? {})) {
    if (reserved.has(key)) {
      throw new TypeError(`buildExtensionEnv: extra may not override the contract variable ${key}; pass it as its own field`);
    }
    env[key] = value;
  }
  const token = input.tokenValue;
  if (token !== undefined && token !== '') {
    for (const [key, value] of Object.entries(env)) {
      if (key.includes(token) || value.includes(token)) delete env[key];
    }
  }
  return env;
}

/** True for a variable a previous (outer) extension run may have set and that must not leak inward. */
function isStaleRunVariable(p: string, key: string): boolean {
  return (
    key.startsWith(`${p}_EXTENSION_`) ||
    key === `${p}_HUB_URL` ||
    key === `${p}_TOKEN_FILE` ||
    key === `${p}_SIDECAR_SECRET` ||
    key === `${p}_TOKEN` ||
    key === `${p}_PEER_HOST` ||
    key === `${p}_PEER_PROTOCOL`
  );
}
