import { join, resolve } from 'node:path';
import type { HostIdentity, HostIdentityOptions } from './identity/host-identity.js';
import { resolveHomeDir, resolveHostIdentity } from './identity/host-identity.js';
import type { DiscoveryDiagnostic } from './package-facts/types.js';
import { discoverExtensions } from './discovery/discover.js';
import { detectGlobalRoots } from './discovery/sources.js';
import { findProjectRoot } from './config/project-root.js';
import type { ExtensionRecord } from './extension-record.js';
import { deriveExtensionRecord } from './extension-record.js';
import { ApprovalStore } from './approvals/approval-store.js';
import { compareWithApproval } from './approvals/approval-compare.js';
import { missingExtensions } from './discovery/missing-extensions.js';
import { ConfigService } from './config/config-service.js';
import type { ConfigProblem } from './config/config-problem.js';
import type { ExperimentalFlags } from './config/experimental-flags.js';
import type { CorruptFileDiagnostic } from './store/index.js';
import { runningHub, runningHubEndpoint, type RunningHub } from './run/running-hub.js';
import type { PeerFleet, PeerFleetOptions } from './peers/peer-fleet.js';
import type { HostRegistries } from './host-registries.js';
import type { ApprovalVerdict } from './extension-record.js';
import { decideLaunch, materializeLaunch, planLaunch, type LaunchDecision, type LaunchHost, type LaunchKind, type LaunchOptions, type LaunchPlan } from './run/launch-plan.js';
import { decideCommand, type CommandVerdict } from './run/command-verdict.js';
import { hubTokenFile } from './run/hub-token-file.js';
import type { HostPlugin } from './plugins/host-plugin.js';
import { ProcessTable } from './process/process-table.js';
import { ProcessContainment } from './process/containment.js';
import { OrganisationPolicy, policyFilePath } from './policy/organisation-policy.js';
import { applyPolicy } from './policy/apply-policy.js';

/** Options of {@link createHostCore} and `createHost`. */
export interface CreateHostOptions {
  /** Who the embedding tool is (required). */
  identity: HostIdentityOptions;
  /** Working directory used to find the project. Default: `process.cwd()`. */
  cwd?: string;
  /** Environment read for `<P>_HOME` and handed to extensions. Default: `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Home folder. Default: `$<P>_HOME`, else `~/.<id>` (or the legacy home when only it exists). */
  home?: string;
  /** Global package roots to search. Default: detected from the CLI's install and the running Node. */
  globalRoots?: readonly string[];
  /** Capability names the host registers beyond the built-in catalog. Default: none. */
  capabilities?: readonly string[];
  /** In-process plugins (`createHost` only), set up in this order (see plugins/host-plugin.ts). Default: none. */
  plugins?: readonly HostPlugin[];
  /**
   * How extensions' resource limits are applied: `auto` (a cgroup of their own where the host can make one,
   * else rlimits), `rlimit` (force the fallback), `none`. Default: `$<P>_LIMIT_MODE`, else `auto`.
   */
  limitMode?: 'auto' | 'rlimit' | 'none';
  /** Receives the host's log lines (plugin failures...). Default: dropped (library code prints nothing). */
  log?: (line: string) => void;
}

/** The installed extensions with their states, plus discovery problems that belong to no extension. */
export interface ExtensionInventory {
  extensions: ExtensionRecord[];
  diagnostics: DiscoveryDiagnostic[];
  /** Sources rescanned for this answer (0 when the cache was warm). */
  rescanned: number;
}

/**
 * The embeddable engine without the long-lived registries: extensions, approvals, config, what a command
 * name means and how to launch it, and the peers (which load the bus, broker and project store on first use).
 * What a command needs and nothing more: running `<id> <command>` never loads the bus, broker or project
 * store. `Host` (host.ts) adds synchronous access to those registries. Nothing lives in module state, so a
 * process (or a test) can run many hosts side by side.
 */
export class HostCore {
  readonly identity: HostIdentity;
  readonly home: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly projectRoot: string | undefined;
  private readonly globalRoots: readonly string[] | undefined;
  private detectedGlobalRoots: readonly string[] | undefined;
  private readonly capabilities: readonly string[];
  private inventory: Promise<ExtensionInventory> | undefined;
  /** Bumped by every {@link refresh}: what was read in an older generation may be stale. */
  private generationValue = 0;
  /** The organisation policy file (`$<P>_POLICY_FILE`, else `/etc/<id>/policy.json`): read-only to the user. */
  readonly policyFile: string;
  private policyRead: Promise<OrganisationPolicy> | undefined;
  private lastPolicy: OrganisationPolicy | undefined;
  /** Approvals and grants of this home. */
  readonly approvals: ApprovalStore;
  /** User and project config; `extensions.<name>` writes are checked against the extension's configSchema. */
  readonly config: ConfigService;
  private peerFleet: Promise<PeerFleet> | undefined;
  /** The processes this host supervises (peers; a hub's sidecars register too), for `processes.list`. */
  readonly processes = new ProcessTable();
  /** How this host applies extensions' resource limits (cgroup or rlimits, detected on first use). */
  readonly containment: ProcessContainment;
  private servicesLoaded: Promise<HostRegistries> | undefined;
  /** The approval verdict behind each record of the current inventory (for typed command verdicts). */
  private approvalVerdicts = new WeakMap<ExtensionRecord, ApprovalVerdict>();

  constructor(options: CreateHostOptions) {
    this.identity = resolveHostIdentity(options.identity);
    this.env = options.env ?? process.env;
    this.cwd = resolve(options.cwd ?? process.cwd());
    this.home = options.home ? resolve(options.home) : resolveHomeDir(this.identity, this.env);
    // One project-root rule for config, approvals and discovery (see findProjectRoot).
    this.projectRoot = findProjectRoot(this.cwd, this.identity.id);
    this.globalRoots = options.globalRoots;
    this.policyFile = policyFilePath(this.identity, this.env);
    this.capabilities = options.capabilities ?? [];
    this.containment = new ProcessContainment({ hostId: this.identity.id, mode: limitModeOf(options.limitMode ?? this.env[`${this.identity.envPrefix}_LIMIT_MODE`], this.identity.envPrefix) });
    this.approvals = new ApprovalStore({ home: this.home, projectRoot: this.projectRoot });
    this.config = new ConfigService({
      hostId: this.identity.id,
      home: this.home,
      cwd: this.cwd,
      projectRoot: this.projectRoot ?? null,
      schemaFor: async (name) => {
        const ext = await this.findExtension(name);
        const file = ext?.manifest?.configSchema;
        return ext && file ? { file: join(ext.dir, file) } : undefined;
      },
      limitsFor: async (name) => (await this.findExtension(name))?.manifest?.limits,
    });
  }

  /**
   * Every installed extension and its state; computed once per generation (call {@link refresh} after a
   * change, or let `Host.watchHome` do it for changes made by any process). Nothing is read from disk while
   * the generation stays the same, so asking per request costs a comparison.
   */
  extensions(): Promise<ExtensionInventory> {
    this.inventory ??= this.computeInventory();
    return this.inventory;
  }

  /**
   * The inventory's generation: a number that every {@link refresh} bumps. A caller that kept something it
   * derived from the inventory compares this number to know whether it may still use it (O(1), no disk).
   */
  get generation(): number {
    return this.generationValue;
  }

  /** Starts a new generation: forgets the memoised inventory and approvals, so the next call rediscovers (the cache still applies). */
  refresh(): void {
    this.generationValue++;
    this.inventory = undefined;
    this.policyRead = undefined;
    this.approvals.forget();
  }

  /**
   * The organisation policy in force (DESIGN §12), read once per generation like the inventory (a watch of the
   * home watches its file too). Never rejects: an unusable file is a policy that fails closed.
   */
  policy(): Promise<OrganisationPolicy> {
    this.policyRead ??= OrganisationPolicy.read(this.policyFile).then((policy) => (this.lastPolicy = policy));
    return this.policyRead;
  }

  /**
   * The policy as last read, for checks that cannot wait (the grants of each peer request); undefined before
   * the first inventory. A peer only runs after an inventory was computed, so its requests always have one.
   */
  policyNow(): OrganisationPolicy | undefined {
    return this.lastPolicy;
  }

  /** The extension users call `name`, if any is installed. */
  async findExtension(name: string): Promise<ExtensionRecord | undefined> {
    const { extensions } = await this.extensions();
    return extensions.find((e) => e.key === name) ?? extensions.find((e) => e.packageName === name);
  }

  /**
   * What `<id> <name>` means: run, needs approval (and what changed), hidden (why, and the fix), conflict or
   * unknown (with suggestions). Built-ins are the caller's concern: it resolves them before asking.
   */
  async resolveCommand(name: string): Promise<CommandVerdict> {
    const { extensions } = await this.extensions();
    return decideCommand({ name, extensions, identity: this.identity, approvalOf: (ext) => this.approvalVerdicts.get(ext) });
  }

  /**
   * Plans one launch of an extension's command, peer or sidecar: the one place its argv (real paths,
   * checked), environment contract, cwd and config file are made (see `LaunchPlan`). Dispose the plan when
   * the process ends. Throws `RUNNABLE_*` or `CONFIG_*` OutboardErrors.
   */
  planLaunch(ext: ExtensionRecord, kind: LaunchKind, options: LaunchOptions = {}): Promise<LaunchPlan> {
    return planLaunch(this.launchHost(), ext, kind, options);
  }

  /** What {@link planLaunch} decides, before anything is written (see `LaunchDecision`): same errors. */
  decideLaunch(ext: ExtensionRecord, kind: LaunchKind, options: LaunchOptions = {}): Promise<LaunchDecision> {
    return decideLaunch(this.launchHost(), ext, kind, options);
  }

  /** The plan of a decision: state dir, config file, and the environment with the hub running now. */
  materializeLaunch(decision: LaunchDecision, options: LaunchOptions = {}): Promise<LaunchPlan> {
    return materializeLaunch(this.launchHost(), decision, options);
  }

  /**
   * The bus, broker and project store of this host, loading their modules on first use. `Host` has them
   * synchronously (`host.bus`, `host.broker`, `host.projects`).
   */
  services(): Promise<HostRegistries> {
    this.servicesLoaded ??= import('./host-registries.js').then(({ HostRegistries }) => new HostRegistries({ hostId: this.identity.id, home: this.home }));
    return this.servicesLoaded;
  }

  /**
   * The peers of this host, created on first use (loading the protocol only then). Options apply to that
   * first call; passing options once the peers exist throws a TypeError rather than ignoring them.
   */
  peers(options?: PeerFleetOptions): Promise<PeerFleet> {
    if (this.peerFleet && options) throw new TypeError('host.peers(options): the peers of this host already exist; pass options on the first call only');
    this.peerFleet ??= Promise.all([import('./peers/peer-fleet.js'), import('./peers/peer-wiring.js'), this.services()]).then(([{ PeerFleet }, { wirePeers }, services]) => {
      const { broker, bus, projects, rpc } = services;
      const activationOverride = (name: string) => this.config.activationOverride(name);
      const providerDeadlineMs = () => this.config.providerDeadlineMs();
      const policy = () => this.policyNow();
      const peers = new PeerFleet({ identity: this.identity, home: this.home, catalog: this, grants: this.approvals, launcher: this, hub: this, broker, bus, projects, rpc, activationOverride, providerDeadlineMs, policy, processes: this.processes, containment: this.containment }, options);
      // The peers' declared methods join the one RPC registry; their notifications and status go on the bus.
      wirePeers(peers, services, this.identity.id);
      return peers;
    });
    return this.peerFleet;
  }

  /**
   * The checked, merged config section of an extension, for a command run: every problem (missing required
   * keys included) means the run is refused.
   */
  async extensionConfig(ext: ExtensionRecord): Promise<{ value: unknown; problems: readonly ConfigProblem[] }> {
    if (!ext.name) return { value: {}, problems: [] };
    return this.config.checkExtensionConfig(ext.name, { requireAll: true });
  }

  /**
   * The host's `experimental.<flag>` switches (`identity.experiments`) from the merged config: a missing flag
   * is false, unknown names are ignored, a non-boolean value is a problem and reads as false. Never throws.
   */
  experimentalFlags(): ExperimentalFlags & { corrupt: readonly CorruptFileDiagnostic[] } {
    return this.config.experimentalFlags(this.identity.experiments);
  }

  /**
   * The hub serving this home, when one runs: read from `<home>/hub.json`, which the hub writes at start and
   * removes at stop; a file left by a hub that died (its pid is gone) does not count.
   */
  runningHub(): RunningHub | undefined {
    return runningHub(this.home);
  }

  /**
   * The folders discovery reads besides the project: the user source's node_modules, the global roots (detected
   * once) and the linked folders configured now. What a watch of the home watches.
   */
  sourceRoots(): { user: string; global: readonly string[]; dev: readonly string[] } {
    this.detectedGlobalRoots ??= this.globalRoots ?? detectGlobalRoots(this.identity.binPath, this.env, process.execPath);
    return { user: join(this.home, 'extensions', 'node_modules'), global: this.detectedGlobalRoots, dev: this.config.devPaths().paths };
  }

  private launchHost(): LaunchHost {
    return {
      identity: this.identity,
      home: this.home,
      env: this.env,
      cwd: this.cwd,
      tokenFile: hubTokenFile(this.home),
      checkedConfig: async (name, scope) => this.config.checkExtensionConfig(name, { requireAll: true, scope }),
      userLimits: (name) => this.config.userLimits(name),
      hubEndpoint: () => runningHubEndpoint(this.home),
    };
  }

  private async computeInventory(): Promise<ExtensionInventory> {
    const devPaths = this.config.devPaths();
    const found = await discoverExtensions({
      identity: this.identity,
      home: this.home,
      projectRoot: this.projectRoot,
      globalRoots: this.sourceRoots().global,
      devPaths: devPaths.paths,
      extraCapabilities: this.capabilities,
      approvals: this.approvals,
    });
    const approvals = this.approvals.current();
    const policy = await this.policy();
    const extensions = found.extensions.map((ext) => {
      const verdict = compareWithApproval(ext, this.approvals.find(ext));
      // The policy has the last word: a blocked extension runs nowhere, whatever its approval says.
      const record = applyPolicy(deriveExtensionRecord(ext, verdict, this.identity.id), policy);
      this.approvalVerdicts.set(record, verdict);
      return record;
    });
    // An approved package removed outside the host stays listed as `missing`, with the reason and the fix.
    if (!approvals.corrupt) extensions.push(...missingExtensions({ found: found.extensions, approvals: approvals.value.extensions, devPaths: devPaths.paths, hostId: this.identity.id }));
    const diagnostics = [...found.diagnostics];
    for (const p of devPaths.problems) {
      diagnostics.push({ path: this.config.userConfigPath, rule: `dev-paths.${p.rule}`, message: `${p.path}: ${p.message}`, fix: `fix extensions.paths with \`${this.identity.id} extensions link/unlink <path>\`` });
    }
    if (devPaths.corrupt) {
      diagnostics.push({ path: devPaths.corrupt.path, rule: 'config.corrupt', message: devPaths.corrupt.message, fix: 'repair the file by hand, or let the next config write keep it aside' });
    }
    if (policy.state.kind === 'invalid') {
      diagnostics.push({ path: policy.file, rule: 'policy.invalid', message: `the organisation policy cannot be used (${policy.state.problem}); until it is fixed no extension may run`, fix: `ask whoever manages ${policy.file} to fix it (it is read-only to you)` });
    }
    if (approvals.corrupt) {
      diagnostics.push({
        path: this.approvals.path,
        rule: 'approvals.corrupt',
        message: `${approvals.corrupt.message.replace(/\.$/, '')}; until it is fixed no extension counts as approved`,
        fix: `repair the file, or approve again with \`${this.identity.id} extensions enable <name>\` (the old file is then kept aside)`,
      });
    }
    return { extensions, diagnostics, rescanned: found.rescanned };
  }
}

/** Creates the core of a host for one identity (see {@link CreateHostOptions}): what a CLI needs to run a command. */
export function createHostCore(options: CreateHostOptions): HostCore {
  return new HostCore(options);
}

/** The limit mode from an option or `$<P>_LIMIT_MODE` (unset or empty: `auto`). @throws TypeError naming a value it does not know. */
function limitModeOf(value: string | undefined, envPrefix: string): 'auto' | 'rlimit' | 'none' {
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  if (value === 'rlimit' || value === 'none') return value;
  throw new TypeError(`${envPrefix}_LIMIT_MODE (or CreateHostOptions.limitMode) must be "auto", "rlimit" or "none", got ${JSON.stringify(value)}`);
}
