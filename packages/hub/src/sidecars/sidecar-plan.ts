import { join } from 'node:path';
import { DEFAULT_IDLE_STOP_MINUTES, DEFAULT_SIDECAR_HEALTH } from '@outboard/manifest';
import { compareWithApproval } from '@outboard/host';
import type { ApprovalRecord, ApprovalVerdict, ExtensionRecord, HostIdentity, LaunchKind, LaunchOptions, LaunchPlan } from '@outboard/host';
import { SidecarError } from './sidecar-error.js';
import { HEADERS_TIMEOUT_MS, SIDECAR_LOG_FILE } from './sidecar-limits.js';

/** What the sidecars need from a host (`HostCore` provides it): discovery, fresh approvals and the one launch path. */
export interface SidecarHost {
  readonly identity: HostIdentity;
  readonly home: string;
  findExtension(name: string): Promise<ExtensionRecord | undefined>;
  /** Forgets the cached discovery, so the next lookup rediscovers. */
  refresh(): void;
  /** `path`: the approvals file, watched so a request need not stat it while nothing changed (optional). */
  readonly approvals: { freshFind(ext: ExtensionRecord): ApprovalRecord | undefined; readonly path?: string };
  planLaunch(ext: ExtensionRecord, kind: LaunchKind, options?: LaunchOptions): Promise<LaunchPlan>;
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

/** Verdicts by approval record and extension record: both objects are replaced when their file or package changes. */
const verdicts = new WeakMap<ApprovalRecord, WeakMap<ExtensionRecord, ApprovalVerdict>>();

/** compareWithApproval, computed once per pair of records (a request then costs the fresh read's one stat). */
function approvalVerdict(ext: ExtensionRecord, approval: ApprovalRecord | undefined): ApprovalVerdict {
  if (!approval) return { status: 'none' };
  let byExt = verdicts.get(approval);
  if (!byExt) verdicts.set(approval, (byExt = new WeakMap()));
  let verdict = byExt.get(ext);
  if (!verdict) byExt.set(ext, (verdict = compareWithApproval(ext, approval)));
  return verdict;
}

/**
 * Why the hub would not serve `ext`'s sidecar now, or undefined when it would: the discovered state must be
 * `enabled`, the approval read fresh from disk (a `disable` or `remove` by another process counts at once)
 * must still cover this copy and be enabled, it must not come from a project source (the hub serves no
 * single project), and it must declare a sidecar.
 */
export function sidecarRefusal(host: SidecarHost, ext: ExtensionRecord): SidecarError | undefined {
  const id = host.identity.id;
  const name = ext.name ?? ext.key;
  if (ext.state !== 'enabled') {
    return new SidecarError('SIDECAR_NOT_SERVED', `extension ${name} is ${ext.state}: ${ext.reason}`, { hint: ext.fix ? `run \`${ext.fix}\`` : `run \`${id} extensions info ${name}\`` });
  }
  const verdict = approvalVerdict(ext, host.approvals.freshFind(ext));
  if (verdict.status === 'none') return new SidecarError('SIDECAR_NOT_SERVED', `extension ${name} is not approved`, { hint: `run \`${id} extensions enable ${name}\`` });
  if (verdict.status === 'changed') return new SidecarError('SIDECAR_NOT_SERVED', `extension ${name} changed since it was approved: ${verdict.changes.join('; ')}`, { hint: `run \`${id} extensions enable ${name}\`` });
  if (!verdict.enabled) return new SidecarError('SIDECAR_NOT_SERVED', `extension ${name} is disabled`, { hint: `run \`${id} extensions enable ${name}\`` });
  if (ext.source === 'project') {
    return new SidecarError('SIDECAR_NOT_SERVED', `extension ${name} comes from a project source, and the hub serves no single project`, { hint: `install it in the user source (\`${id} extensions add <spec>\`) or link it (\`${id} extensions link <path>\`)` });
  }
  if (!ext.manifest?.sidecar) return new SidecarError('SIDECAR_UNKNOWN', `extension ${name} declares no sidecar`, { hint: `run \`${id} extensions info ${name}\`` });
  return undefined;
}

/**
 * The installed extension whose manifest name is `name`, if the hub serves its sidecar; else throws the
 * SidecarError saying why. Rediscovers once when the cached discovery knows no such name or disagrees with
 * the fresh approvals (an extension installed or enabled after the hub started), if `rediscover` allows.
 */
export async function findServedSidecar(host: SidecarHost, name: string, rediscover: () => boolean = () => true): Promise<ExtensionRecord> {
  let ext = await host.findExtension(name);
  let refusal = ext && ext.name === name ? sidecarRefusal(host, ext) : undefined;
  if ((!ext || ext.name !== name || (refusal && ext.state !== 'enabled' && host.approvals.freshFind(ext)?.enabled)) && rediscover()) {
    host.refresh();
    ext = await host.findExtension(name);
    refusal = ext && ext.name === name ? sidecarRefusal(host, ext) : undefined;
  }
  if (!ext || ext.name !== name) {
    throw new SidecarError('SIDECAR_UNKNOWN', `no installed extension is called "${name}"`, { hint: `run \`${host.identity.id} extensions list\`` });
  }
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
export async function planSidecarLaunch(host: SidecarHost, name: string, sidecar: { port: number; secret: string }, rediscover?: () => boolean, headersTimeoutMs = HEADERS_TIMEOUT_MS): Promise<SidecarLaunch> {
  const ext = await findServedSidecar(host, name, rediscover);
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
