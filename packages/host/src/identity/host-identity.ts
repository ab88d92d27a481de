import { homedir } from 'node:os';
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { envPrefixOf } from './env-prefix.js';

/** Who the embedding tool is. Every name a user sees (`<id> extensions list`, `<P>_HOME`, `package.json#<id>.extension`) derives from it. */
export interface HostIdentityOptions {
  /** Lowercase command name of the host, e.g. `outboard`. Required. */
  id: string;
  /** Name shown in help and messages. Default: `id` with a capital first letter. */
  displayName?: string;
  /** The running host version (semver), matched against `engines.<id>`. Required. */
  version: string;
  /** Prefix of environment variables. Default: `id` upper-cased with `-` turned into `_`. */
  envPrefix?: string;
  /** Built-in command names and aliases; an extension can never take one. Default: none. */
  builtins?: readonly string[];
  /** Absolute path of this install's CLI entry, given to extensions as `<P>_BIN`. Default: none. */
  binPath?: string;
  /** A home used before the current one; read when the current one does not exist yet. Default: none. */
  legacyHome?: string;
  /**
   * The `experimental.<flag>` switches this host knows (names without the `experimental.` prefix). Only these
   * are read from config, shown by `extensions doctor` and `extensions info`; other names are ignored.
   * Default: none.
   */
  experiments?: readonly string[];
}

/** A validated host identity with every default filled in. */
export interface HostIdentity {
  readonly id: string;
  readonly displayName: string;
  readonly version: string;
  readonly envPrefix: string;
  readonly builtins: readonly string[];
  readonly binPath: string | undefined;
  readonly legacyHome: string | undefined;
  readonly experiments: readonly string[];
}

const ID_PATTERN = /^[a-z][a-z0-9-]{0,38}$/;
// A flag is one config key segment: no dots (they separate keys), nothing a shell would mangle.
const FLAG_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** Checks the options and fills in defaults; throws a TypeError naming the bad option. */
export function resolveHostIdentity(options: HostIdentityOptions): HostIdentity {
  if (typeof options?.id !== 'string' || !ID_PATTERN.test(options.id)) {
    throw new TypeError(`identity.id must be a lowercase slug such as "outboard", got ${JSON.stringify(options?.id)}`);
  }
  if (typeof options.version !== 'string' || options.version.length === 0) {
    throw new TypeError(`identity.version must be the running host version, got ${JSON.stringify(options.version)}`);
  }
  const envPrefix = envPrefixOf(options);
  if (!/^[A-Z][A-Z0-9_]*$/.test(envPrefix)) {
    throw new TypeError(`identity.envPrefix must be an upper-case variable prefix such as "OUTBOARD", got ${JSON.stringify(envPrefix)}`);
  }
  const experiments = options.experiments ?? [];
  if (!Array.isArray(experiments) || experiments.some((f) => typeof f !== 'string' || !FLAG_PATTERN.test(f))) {
    throw new TypeError(`identity.experiments must be a list of flag names such as ["newHub"], got ${JSON.stringify(options.experiments)}`);
  }
  if (options.binPath !== undefined && (typeof options.binPath !== 'string' || !isAbsolute(options.binPath))) {
    throw new TypeError(`identity.binPath must be the absolute path of the CLI entry, got ${JSON.stringify(options.binPath)}`);
  }
  if (options.builtins !== undefined && (!Array.isArray(options.builtins) || options.builtins.some((b) => typeof b !== 'string' || b.length === 0))) {
    throw new TypeError(`identity.builtins must be a list of command names such as ["build"], got ${JSON.stringify(options.builtins)}`);
  }
  return {
    id: options.id,
    displayName: options.displayName ?? options.id.charAt(0).toUpperCase() + options.id.slice(1),
    version: options.version,
    envPrefix,
    builtins: [...(options.builtins ?? [])],
    binPath: options.binPath,
    legacyHome: options.legacyHome,
    experiments: [...new Set(experiments)],
  };
}

/**
 * The host's home: `$<P>_HOME` when set, else `~/.<id>`; when neither that nor `$<P>_HOME` exists but the
 * legacy home does, the legacy home (so upgrading users keep their approvals and config).
 */
export function resolveHomeDir(identity: HostIdentity, env: NodeJS.ProcessEnv): string {
  const fromEnv = env[`${identity.envPrefix}_HOME`];
  if (fromEnv) return resolve(fromEnv);
  const current = join(homedir(), `.${identity.id}`);
  if (identity.legacyHome && !existsSync(current) && existsSync(identity.legacyHome)) return resolve(identity.legacyHome);
  return current;
}
