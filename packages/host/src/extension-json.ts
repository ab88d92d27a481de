import type { LimitsInfo } from './extension-limits-info.js';
import { templateReferenceProblems } from './automations/template-references.js';
import type { ExtensionRecord } from './extension-record.js';
import type { DiscoveryDiagnostic } from './package-facts/types.js';
import type { ApprovalRecord, CapabilityGrants } from './approvals/approval-record.js';
import { compareWithApproval } from './approvals/approval-compare.js';
import { storedAgentAccess, type AgentAccess } from './approvals/agent-access.js';
import { pinsRunCode } from './approvals/code-pinning.js';
import { declaredContributions } from './approvals/declared-contributions.js';
import { DEFAULT_ACTIVATION } from '@outboard/manifest';
import type { PolicyRule } from './policy/organisation-policy.js';

export { CODE_NOT_PINNED, pinsRunCode } from './approvals/code-pinning.js';
import type { ConfigInfo } from './extension-config-info.js';
import type { DoctorProblem } from './doctor-problem.js';
import { hostProblem, packageProblem } from './doctor-problem.js';

export type { DoctorProblem };
export { hostProblem, packageProblem };

/** The stable `extensions list --json` entry (documented in docs/cli.md; fields are only ever added). */
export interface ExtensionListEntry {
  name: string;
  packageName: string;
  version: string;
  source: string;
  state: string;
  reason: string;
  fix: string | null;
  path: string;
  /**
   * Whether its approval pins the code that runs (DESIGN §6): false for a folder linked for development,
   * whose edits run at once ("linked: code not pinned"); true for every installed package.
   */
  codePinned: boolean;
  /** The organisation policy rule that blocks it (`{ file, rule, entry }`), or null when none does. */
  policy: PolicyRule | null;
}

/** The list entry of one extension. */
export function toListEntry(ext: ExtensionRecord): ExtensionListEntry {
  return {
    name: ext.key,
    packageName: ext.packageName,
    version: ext.version,
    source: ext.source,
    state: ext.state,
    reason: ext.reason,
    fix: ext.fix ?? null,
    path: ext.dir,
    codePinned: pinsRunCode(ext),
    policy: ext.policy ?? null,
  };
}

/** The approval part of `extensions info --json`: what the user said yes to, and what they granted. */
export interface ApprovalInfo {
  version: string;
  source: string;
  /** The real path the approval was given for. */
  realPath: string;
  approvedAt: string;
  /** False after `disable` (the approval and grants are kept). */
  enabled: boolean;
  grants: CapabilityGrants;
  /** Whether the approval still covers the installed copy (false when something changed since: see `reason`). */
  current: boolean;
  /** Which actions agents may use (`extensions enable --agents`): `read-only` (the default), `all`, or action ids beyond the read-only ones. */
  agents: AgentAccess;
}

/** What {@link toInfoEntry} adds beyond the extension record. */
export interface InfoExtras {
  /** The stored approval of this extension's name in its slot (per project for project sources), if any. */
  approval?: ApprovalRecord | undefined;
  /** The host's experimental switches (`identity.experiments`), each true or false. Default: none. */
  experimental?: Readonly<Record<string, boolean>>;
  /** The peer's log and the host's latest notes about it (starts, state transitions, crashes). */
  peerLog?: { log: string; notes: string[] } | undefined;
  /** The config keys, values and problems, from `describeExtensionConfig(host, ext)`. Default: null. */
  config?: ConfigInfo | null;
  /** The host id, for the command lines of `contributions`. Default: no `contributions` groups. */
  hostId?: string;
  /** The user's activation override (`extensions.<name>.activation`), when set. */
  activation?: string | undefined;
  /** Resource limits and how they apply, from `describeExtensionLimits(host, ext)`. Default: null. */
  limits?: LimitsInfo | null;
}

/**
 * The stable `extensions info --json` object: the list entry plus everything known about the extension,
 * its approval and grants (`approval: null` when none is stored), its config keys (`config`, see
 * {@link ConfigInfo}; null without a configSchema) and the host's experimental switches.
 */
export function toInfoEntry(ext: ExtensionRecord, extras: InfoExtras = {}) {
  const a = extras.approval;
  const approval: ApprovalInfo | null = a
    ? {
        version: a.version,
        source: a.source,
        realPath: a.realPath,
        approvedAt: a.approvedAt,
        enabled: a.enabled,
        grants: { ...a.grants, capabilities: [...a.grants.capabilities] },
        current: compareWithApproval(ext, a).status === 'approved',
        agents: storedAgentAccess(a.agents),
      }
    : null;
  return {
    ...toListEntry(ext),
    identity: ext.manifest ? (ext.manifest.publisher ? `${ext.manifest.publisher}.${ext.manifest.name}` : ext.manifest.name) : ext.key,
    displayName: ext.manifest?.displayName ?? null,
    description: ext.manifest?.description ?? null,
    realPath: ext.realDir,
    enginesRange: ext.enginesRange ?? null,
    manifestHash: ext.manifestHash,
    manifest: ext.manifest ?? null,
    problems: ext.problems,
    warnings: ext.warnings,
    shadowed: ext.shadowed,
    conflictsWith: ext.conflictsWith,
    approval,
    config: extras.config ?? null,
    limits: extras.limits ?? null,
    /** Every contribution point the manifest declares, grouped as the consent prompt shows them. */
    contributions: extras.hostId === undefined ? [] : declaredContributions(ext.manifest, extras.hostId, extras.activation),
    experimental: { ...(extras.experimental ?? {}) },
    peer: ext.manifest?.peer
      ? { activation: ext.manifest.peer.activation ?? [...DEFAULT_ACTIVATION], activationOverride: extras.activation ?? null, log: extras.peerLog?.log ?? null, recent: extras.peerLog?.notes ?? [] }
      : null,
  };
}

/**
 * Doctor's problems across extensions: automation templates naming an event type or action that no installed
 * extension (of `extensions`, every installed one) declares. Not a reason to refuse enabling one extension.
 */
export function collectTemplateProblems(extensions: readonly ExtensionRecord[]): DoctorProblem[] {
  return extensions.flatMap((ext) => templateReferenceProblems(ext, extensions).map((f) => packageProblem(ext, f)));
}

/** Every problem doctor reports: manifest problems, incompatibilities, conflicts, missing files, unreadable packages. */
export function collectDoctorProblems(extensions: readonly ExtensionRecord[], diagnostics: readonly DiscoveryDiagnostic[]): DoctorProblem[] {
  const problems: DoctorProblem[] = [];
  for (const ext of extensions) {
    const at = (rule: string, message: string, fix: string, path = ext.dir) => problems.push(packageProblem(ext, { path, rule, message, fix }));
    if (ext.state === 'conflict') at('name.conflict', ext.reason, ext.fix ?? '');
    if (ext.state === 'blocked') at(`policy.${ext.policy?.rule ?? 'blocked'}`, ext.reason, ext.fix ?? '', ext.policy?.file ?? ext.dir);
    if (ext.state === 'incompatible') at('engines.incompatible', ext.reason, ext.problems[0]?.fix ?? 'install a version of the extension made for this host version');
    if (ext.state !== 'incompatible') for (const p of ext.problems) at(p.rule, p.message, p.fix, p.path);
    for (const w of ext.warnings) at(w.rule, w.message, w.fix, w.path);
  }
  for (const d of diagnostics) problems.push(hostProblem({ path: d.path, rule: d.rule, message: d.message, fix: d.fix }));
  return problems;
}
