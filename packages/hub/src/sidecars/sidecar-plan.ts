import { join } from 'node:path';
import { DEFAULT_IDLE_STOP_MINUTES, DEFAULT_SIDECAR_HEALTH } from '@outboard/manifest';
import type { Disposable, ExtensionChange, ExtensionRecord, HostIdentity, LaunchKind, LaunchOptions, LaunchPlan, ProcessContainment, ProcessTable } from '@outboard/host';
import { SidecarError } from './sidecar-error.js';
import { HEADERS_TIMEOUT_MS, SIDECAR_LOG_FILE } from './sidecar-limits.js';

/**
 * What the sidecars need from a host (`HostCore` provides it): the one inventory with its generation, and
 * the one launch path. The inventory already carries each extension's approval verdict, so nothing here
 * reads approvals.json: freshness is the host's (its watch starts a new generation on any change).
 */
export interface SidecarHost {
  readonly identity: HostIdentity;
  readonly home: string;
  /** Bumped by every change of the inventory: a verdict taken in the current generation still stands. */
  readonly generation: number;
  findExtension(name: string): Promise<ExtensionRecord | undefined>;
  /** Starts a new inventory generation now (a sidecar start re-reads the files it is about to run); optional for doubles. */
  refresh?(): void;
  planLaunch(ext: ExtensionRecord, kind: LaunchKind, options?: LaunchOptions): Promise<LaunchPlan>;
  /** The host's table of supervised processes: each sidecar is registered there (optional for doubles). */
  readonly processes?: ProcessTable;
  /** How the host applies resource limits (optional for doubles: then none are applied). */
  readonly containment?: ProcessContainment;
  /** The extensions that changed in each new inventory (optional: running sidecars are then stopped at their next request). */
  onExtensionsChanged?(listener: (changes: readonly ExtensionChange[]) => void): Disposable;
}

/** One launch of a sidecar: the host's plan plus the manifest's health path and idle time, and the log file. */
export interface SidecarLaunch {
  readonly ext: ExtensionRecord;
  readonly plan: LaunchPlan;
  /** Path probed until it answers 200 (manifest `health`, default `/`). */
  readonly health: string;
  /** Minutes without a request or an open WebSocket before the sidecar is stopped. */
  readonly idleStopMinutes: number;
  /** How long a request waits for this sidecar's response headers before a 504, in ms (manifest `headersTimeoutSeconds`, else the hub's default). */
  readonly headersTimeoutMs: number;
  /** `<home>/ext/<name>/logs/sidecar.log`. */
  readonly logFile: string;
}

/** `<home>/ext/<name>/logs/sidecar.log`. */
export function sidecarLogFile(home: string, name: string): string {
  return join(home, 'ext', name, 'logs', SIDECAR_LOG_FILE);
}

/**
 * Why the hub would not serve `ext`'s sidecar now, or undefined when it would: its state in the host's
 * inventory must be `enabled` (approved as installed, not disabled: the state says which and why), it must
 * not come from a project source (the hub serves no single project), and it must declare a sidecar.
 */
export function sidecarRefusal(host: Pick<SidecarHost, 'identity'>, ext: ExtensionRecord): SidecarError | undefined {
  const id = host.identity.id;
  const name = ext.name ?? ext.key;
  if (ext.state !== 'enabled') {
    return new SidecarError('SIDECAR_NOT_SERVED', `extension ${name} is ${ext.state}: ${ext.reason}`, { hint: ext.fix ? `run \`${ext.fix}\`` : `run \`${id} extensions info ${name}\`` });
  }
  if (ext.source === 'project') {
    return new SidecarError('SIDECAR_NOT_SERVED', `extension ${name} comes from a project source, and the hub serves no single project`, { hint: `install it in the user source (\`${id} extensions add <spec>\`) or link it (\`${id} extensions link <path>\`)` });
  }
  if (!ext.manifest?.sidecar) return new SidecarError('SIDECAR_UNKNOWN', `extension ${name} declares no sidecar`, { hint: `run \`${id} extensions info ${name}\`` });
  return undefined;
}

/** The installed extension whose manifest name is `name`, if the hub serves its sidecar; else throws the SidecarError saying why. */
export async function findServedSidecar(host: SidecarHost, name: string): Promise<ExtensionRecord> {
  const ext = await host.findExtension(name);
  if (!ext || ext.name !== name) {
    throw new SidecarError('SIDECAR_UNKNOWN', `no installed extension is called "${name}"`, { hint: `run \`${host.identity.id} extensions list\`` });
  }
  const refusal = sidecarRefusal(host, ext);
  if (refusal) throw refusal;
  return ext;
}

/**
 * Plans one launch of `name`'s sidecar with the host's one launch path (argv, environment contract, the
 * user config section alone in `sidecar-config.json`), after the same discovery and approval checks the
 * hub applies to every request. `headersTimeoutMs` is the hub's wait for response headers, unless the
 * manifest sets its own (`sidecar.headersTimeoutSeconds`). Throws a SidecarError, or planLaunch's
 * `RUNNABLE_*`/`CONFIG_*` errors.
 */
export async function planSidecarLaunch(host: SidecarHost, name: string, sidecar: { port: number; secret: string }, headersTimeoutMs = HEADERS_TIMEOUT_MS): Promise<SidecarLaunch> {
  const ext = await findServedSidecar(host, name);
  const entry = ext.manifest?.sidecar ?? {};
  const plan = await host.planLaunch(ext, 'sidecar', { sidecar });
  return {
    ext,
    plan,
    health: entry.health ?? DEFAULT_SIDECAR_HEALTH,
    idleStopMinutes: entry.idleStopMinutes ?? DEFAULT_IDLE_STOP_MINUTES,
    headersTimeoutMs: entry.headersTimeoutSeconds !== undefined ? entry.headersTimeoutSeconds * 1000 : headersTimeoutMs,
    logFile: sidecarLogFile(host.home, name),
  };
}

/** The JSON of `<id> extensions sidecar <name> --json`: what the hub runs, without secrets. */
export interface SidecarPlanView {
  name: string;
  packageName: string;
  version: string;
  source: string;
  command: string;
  args: readonly string[];
  cwd: string;
  /** The variables the host sets (the rest is the user's environment); per-launch values are in `perLaunch`. */
  env: Record<string, string>;
  /** Variables set anew at every launch, whose values are not shown: the port and the secret. */
  perLaunch: string[];
  configFile: string;
  health: string;
  idleStopMinutes: number;
  logFile: string;
}

/**
 * The plan as printed by the CLI: the contract variables only (what differs from `userEnv`), with the
 * port and the per-launch secret left out (`perLaunch` names them).
 */
export function describeSidecarLaunch(launch: SidecarLaunch, userEnv: NodeJS.ProcessEnv, envPrefix: string): SidecarPlanView {
  const perLaunch = ['PORT', `${envPrefix}_SIDECAR_SECRET`];
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(launch.plan.env)) {
    if (!perLaunch.includes(key) && userEnv[key] !== value) env[key] = value;
  }
  const { ext, plan } = launch;
  return {
    name: ext.name ?? ext.key,
    packageName: ext.packageName,
    version: ext.version,
    source: ext.source,
    command: plan.command,
    args: plan.args,
    cwd: plan.cwd,
    env,
    perLaunch,
    configFile: plan.configFile,
    health: launch.health,
    idleStopMinutes: launch.idleStopMinutes,
    logFile: launch.logFile,
  };
}
