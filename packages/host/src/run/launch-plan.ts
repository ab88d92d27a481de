import path from 'node:path';
import type { Disposable } from '@outboard/protocol/disposable';
import type { ConfigProblem } from '../config/config-problem.js';
import { ConfigError } from '../config/config-error.js';
import type { ExtensionRecord } from '../extension-record.js';
import type { HostIdentity } from '../identity/host-identity.js';
import { writeFileAtomic } from '../store/write-file-atomic.js';
import { writeCommandConfigFile } from './command-config-file.js';
import { EXTENSION_API_VERSION, buildExtensionEnv, hostBinPath } from './extension-env.js';
import { readHubToken } from './hub-token-file.js';
import { SIDECAR_CONFIG_FILE_NAME } from './reserved-state-names.js';
import { resolveRunnable, type Runnable } from './resolve-runnable.js';
import { RunnableError } from './runnable-error.js';
import { sweepStaleCommandConfigFiles } from './stale-config-sweep.js';
import { ensureStateDir } from './state-dir.js';
import type { ResourceLimits } from '../process/resource-limits.js';
import { checkedLimits } from '../config/limits-config.js';

/** What is launched: a foreground command, a long-lived peer, or a sidecar the hub runs. */
export type LaunchKind = 'command' | 'peer' | 'sidecar';

/**
 * Everything needed to spawn one extension process, computed in one place (DESIGN §5). Disposing it removes
 * the per-run config file of a command or a peer (the sidecar's fixed `sidecar-config.json` stays, for the
 * next start to replace); disposing twice is harmless.
 */
export interface LaunchPlan extends Disposable {
  readonly kind: LaunchKind;
  /** What is spawned: `process.execPath` for a `bin`, else the resolved (real) program path. */
  readonly command: string;
  /** The runnable's arguments (real paths, already checked) followed, for a command, by the user's. */
  readonly args: readonly string[];
  /** The complete environment of the child: nothing else is inherited. */
  readonly env: Record<string, string>;
  /** A command runs in the user's cwd; a peer or sidecar in its state dir. */
  readonly cwd: string;
  /** The file holding the checked config section (`<P>_EXTENSION_CONFIG`). */
  readonly configFile: string;
  /** A peer's or sidecar's resource limits: the manifest's, lowered by the user's config (none for a command). */
  readonly limits?: ResourceLimits;
}

/** Options of a launch. */
export interface LaunchOptions {
  /** A command's arguments after its name, passed untouched. Ignored for peers and sidecars. */
  readonly args?: readonly string[];
  /** A command's working directory. Default: the host's cwd. Ignored for peers and sidecars. */
  readonly cwd?: string;
  /** Which command, for `command`. Default: the only one the manifest declares. */
  readonly command?: string;
  /** A sidecar's port (`PORT`) and secret (`<P>_SIDECAR_SECRET`); required for `sidecar`. */
  readonly sidecar?: { readonly port: number; readonly secret: string };
}

/** What planning a launch needs from its host (a narrow seam: `Host` provides it). */
export interface LaunchHost {
  readonly identity: HostIdentity;
  readonly home: string;
  /** The user's environment handed to extensions (never modified). */
  readonly env: NodeJS.ProcessEnv;
  /** The user's working directory (a command's default cwd). */
  readonly cwd: string;
  /** The checked config section: merged (project over user) or the user's alone (a sidecar's). */
  checkedConfig(name: string, scope: 'merged' | 'user'): Promise<{ value: unknown; problems: readonly ConfigProblem[] }>;
  /** The user's `extensions.<name>.limits` (unchecked). Default: none. */
  userLimits?(name: string): unknown;
  /** The running hub's URL and token file, when one runs. */
  hubEndpoint(): { url: string; tokenFile: string } | undefined;
  /** `<home>/token`, read on every launch whether or not a hub runs: its value is filtered out of the env. */
  readonly tokenFile: string;
}

/**
 * What planning decided about one launch, before anything is written: the program and its arguments (real
 * paths, checked), the checked config section and the limits. Everything in it was derived from files (the
 * manifest, the config, the schema); {@link materializeLaunch} turns it into a plan with what is fresh at each
 * launch (the state dir, the config file, the environment, whether a hub runs).
 */
export interface LaunchDecision {
  readonly kind: LaunchKind;
  /** The manifest `name` (the state dir's and the environment's). */
  readonly name: string;
  readonly command: string;
  /** The runnable's own arguments (a command's user arguments are added when it is materialized). */
  readonly args: readonly string[];
  /** The checked config section written to the config file. */
  readonly config: unknown;
  readonly limits?: ResourceLimits;
}

/**
 * Plans one launch of `ext`'s command, peer or sidecar: resolves its runnable once (real paths checked
 * inside the package: that real path is what runs), checks its config (every problem, missing required
 * keys included, refuses the launch), creates its state dir (sweeping files of dead runs), writes the
 * config file, and builds the environment contract. Spawns nothing.
 *
 * @throws RunnableError (`RUNNABLE_*`) for a runnable that cannot run or is not declared; ConfigError
 *   `CONFIG_INVALID_VALUE` (with `problems`) for a config that breaks the schema (or limits that are not
 *   limits), `CONFIG_LIMIT_RAISED` for user limits above the manifest's, `CONFIG_CORRUPT`,
 *   `CONFIG_SCHEMA_INVALID`; a TypeError for an unknown `kind` or a sidecar launch without `options.sidecar`.
 */
export async function planLaunch(host: LaunchHost, ext: ExtensionRecord, kind: LaunchKind, options: LaunchOptions = {}): Promise<LaunchPlan> {
  return materializeLaunch(host, await decideLaunch(host, ext, kind, options), options);
}

/** The decisions of {@link planLaunch}: reads the package and the config, writes nothing. Same errors. */
export async function decideLaunch(host: LaunchHost, ext: ExtensionRecord, kind: LaunchKind, options: LaunchOptions = {}): Promise<LaunchDecision> {
  if (kind !== 'command' && kind !== 'peer' && kind !== 'sidecar') throw new TypeError(`planLaunch: kind must be "command", "peer" or "sidecar", got ${JSON.stringify(kind)}`);
  const name = ext.name;
  const runnable = name === undefined ? undefined : declaredRunnable(ext, kind, options.command);
  if (name === undefined || runnable === undefined) throw notDeclared(host, ext, kind, options.command);
  if (kind === 'sidecar' && options.sidecar === undefined) throw new TypeError('planLaunch: a sidecar launch needs options.sidecar { port, secret }');
  const resolved = resolveRunnable(runnable, ext.dir, { execPath: process.execPath, pathEnv: host.env['PATH'] });
  const config = await host.checkedConfig(name, kind === 'sidecar' ? 'user' : 'merged');
  if (config.problems.length > 0) {
    throw new ConfigError('CONFIG_INVALID_VALUE', `the config of ${ext.key} breaks its schema: ${config.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`, {
      problems: config.problems,
      hint: `fix it with \`${host.identity.id} config extensions.${name}.<key> <value>\` (see \`${host.identity.id} extensions info ${ext.key}\`)`,
    });
  }
  // A peer's or sidecar's limits: a user value that raises the manifest's refuses the launch.
  const limits = kind === 'command' ? undefined : checkedLimits(host.identity.id, name, ext.manifest?.limits, host.userLimits?.(name));
  return { kind, name, command: resolved.command, args: resolved.args, config: config.value, ...(limits && Object.keys(limits).length ? { limits } : {}) };
}

/** What {@link materializeLaunch} needs of its host: no discovery, no config checks. */
export type MaterializeHost = Pick<LaunchHost, 'home' | 'env' | 'cwd' | 'hubEndpoint' | 'tokenFile'> & { readonly identity: Pick<HostIdentity, 'id' | 'envPrefix' | 'version' | 'binPath'> };

/**
 * Turns a decision into a plan: creates the state dir (sweeping files of dead runs), writes the config file,
 * and builds the environment contract from the user's environment and the hub running now.
 */
export async function materializeLaunch(host: MaterializeHost, decision: LaunchDecision, options: LaunchOptions = {}): Promise<LaunchPlan> {
  const { kind, name } = decision;
  const stateDir = ensureStateDir(host.home, name);
  sweepStaleCommandConfigFiles(stateDir, host.identity.id);
  const file = writeConfigFile(stateDir, host.identity.id, kind, decision.config);
  try {
    const env = buildExtensionEnv({
      envPrefix: host.identity.envPrefix,
      baseEnv: host.env,
      apiVersion: EXTENSION_API_VERSION,
      hostVersion: host.identity.version,
      binPath: hostBinPath(host.identity),
      home: host.home,
      extensionName: name,
      stateDir,
      configFile: file.path,
      ...optionalHub(host.hubEndpoint()),
      ...optionalToken(readHubToken(host.tokenFile)),
      extra: await extraVariables(host.identity.envPrefix, host.identity.id, kind, options),
    });
    const args = kind === 'command' ? [...decision.args, ...(options.args ?? [])] : decision.args;
    const cwd = kind === 'command' ? path.resolve(options.cwd ?? host.cwd) : stateDir;
    return { kind, command: decision.command, args, env, cwd, configFile: file.path, ...(decision.limits ? { limits: decision.limits } : {}), dispose: () => file.dispose() };
  } catch (error) {
    file.dispose();
    throw error;
  }
}

function declaredRunnable(ext: ExtensionRecord, kind: LaunchKind, command: string | undefined): Runnable | undefined {
  const manifest = ext.manifest;
  if (kind === 'peer') return manifest?.peer;
  if (kind === 'sidecar') return manifest?.sidecar;
  const commands = manifest?.commands ?? [];
  if (command === undefined) return commands.length === 1 ? commands[0] : undefined;
  return commands.find((c) => c.name === command);
}

function notDeclared(host: LaunchHost, ext: ExtensionRecord, kind: LaunchKind, command: string | undefined): RunnableError {
  const what = kind === 'command' ? (command === undefined ? 'exactly one command (name the one to run)' : `command "${command}"`) : `a ${kind}`;
  const subject = ext.name === undefined ? `${ext.key} has no valid manifest name, and so` : ext.key;
  return new RunnableError('RUNNABLE_NOT_DECLARED', `extension ${subject} does not declare ${what}`, {
    hint: `run \`${host.identity.id} extensions info ${ext.key}\` to see what it declares`,
    file: ext.dir,
  });
}

/** The command's or peer's own per-run file, or the sidecar's fixed file (atomic, mode 0600). */
function writeConfigFile(stateDir: string, hostId: string, kind: LaunchKind, value: unknown): { path: string; dispose(): void } {
  if (kind !== 'sidecar') return writeCommandConfigFile(stateDir, hostId, value);
  const file = path.join(stateDir, SIDECAR_CONFIG_FILE_NAME);
  writeFileAtomic(file, `${JSON.stringify(value ?? {})}\n`, { mode: 0o600, durable: false });
  return { path: file, dispose: () => {} };
}

function optionalHub(hub: { url: string; tokenFile: string } | undefined): { hub?: { url: string; tokenFile: string } } {
  return hub === undefined ? {} : { hub: { url: hub.url, tokenFile: hub.tokenFile } };
}

function optionalToken(token: string | undefined): { tokenValue?: string } {
  return token === undefined ? {} : { tokenValue: token };
}

/** The kind's own variables: a peer's launch guard, a sidecar's port and secret. */
async function extraVariables(p: string, hostId: string, kind: LaunchKind, options: LaunchOptions): Promise<Record<string, string>> {
  if (kind === 'peer') {
    // Loaded only for peers: a command's start-up never pays for the protocol package.
    const { SUPPORTED_PROTOCOL, describeProtocolRange } = await import('@outboard/protocol');
    return { [`${p}_PEER_HOST`]: hostId, [`${p}_PEER_PROTOCOL`]: describeProtocolRange(SUPPORTED_PROTOCOL) };
  }
  if (kind === 'sidecar' && options.sidecar !== undefined) {
    return { PORT: String(options.sidecar.port), [`${p}_SIDECAR_SECRET`]: options.sidecar.secret };
  }
  return {};
}
