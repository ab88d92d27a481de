import type { HostIdentity } from '../identity/host-identity.js';
import { readBoundedJson } from '../store/bounded-json.js';
import { schemaDraftOf } from '../config/schema-draft.js';
import { problemsFromAjvErrors } from '../config/schema-problems.js';
import { formatConfigProblem } from '../config/config-problem.js';
import type { PolicyEntry } from './policy-entry.js';
import { POLICY_SCHEMA } from './policy-schema.js';

/** The policy file's path: `$<P>_POLICY_FILE` when set (and not empty), else `/etc/<id>/policy.json`. */
export function policyFilePath(identity: Pick<HostIdentity, 'id' | 'envPrefix'>, env: NodeJS.ProcessEnv): string {
  const fromEnv = env[`${identity.envPrefix}_POLICY_FILE`];
  return fromEnv !== undefined && fromEnv !== '' ? fromEnv : `/etc/${identity.id}/policy.json`;
}

/** Which rule of the policy decided, for `info`, `doctor` and `--json`. */
export interface PolicyRule {
  /** The policy file. */
  file: string;
  /** The key of the rule: `blocked`, `allowed`, `neverGrant`, or `invalid` (the file could not be used). */
  rule: 'blocked' | 'allowed' | 'neverGrant' | 'invalid';
  /** The entry or capability concerned (`@shady/*`, `hub.request`), or the file's problem. */
  entry: string;
}

/** The verdict of the policy on one extension: it may run, or it is blocked by one rule (with the sentence saying so). */
export type PolicyVerdict = { blocked: false } | { blocked: true; rule: PolicyRule; reason: string };

/** What the policy file said: nothing (no file), a policy, or a file that cannot be used (every rule fails closed). */
export type PolicyState =
  | { kind: 'none'; file: string }
  | { kind: 'ok'; file: string; allowed: PolicyEntry[] | undefined; blocked: PolicyEntry[]; neverGrant: string[]; allowLink: boolean; allowLocalAdd: boolean; agentsMayRunDestructive: boolean }
  | { kind: 'invalid'; file: string; problem: string };

/**
 * An organisation's policy (DESIGN §12), read from its file: which extensions may run (allowed, blocked, by
 * package-name glob and version range), capabilities never granted, whether `link` and local `add` are allowed,
 * and whether agents may be offered destructive actions. A missing file imposes nothing; a file that cannot be
 * read or breaks the schema fails closed: every extension is blocked, link and local add are refused, agents
 * get no destructive action. Immutable: the host reads a new one per inventory generation.
 */
export class OrganisationPolicy {
  /** Prefer {@link OrganisationPolicy.read}; this takes a state already checked. */
  constructor(readonly state: PolicyState) {}

  /** The policy in `file` (see the class). Loads Ajv only when the file exists. Never throws. */
  static async read(file: string): Promise<OrganisationPolicy> {
    const read = readBoundedJson(file, { maxBytes: 1024 * 1024 });
    if (read.kind === 'missing') return new OrganisationPolicy({ kind: 'none', file });
    if (read.kind !== 'ok') return invalid(file, read.kind === 'syntax' ? `it is not JSON: ${read.message}` : read.message);
    // The entries' parser (picomatch, semver) loads only when there is a file: an extension command without a
    // policy never pays for it (scripts/bundle-plan.mjs keeps it out of the CLI's fast bundle).
    const [Ajv, { parsePolicyEntry }] = await Promise.all([schemaDraftOf(undefined, 'the policy schema').load(), import('./policy-entry.js')]);
    const validate = new Ajv({ allErrors: true, strict: false }).compile(POLICY_SCHEMA);
    if (!validate(read.value)) return invalid(file, problemsFromAjvErrors('policy', validate.errors ?? []).map(formatConfigProblem).join('; '));
    const value = read.value as { allowed?: string[]; blocked?: string[]; neverGrant?: string[]; allowLink?: boolean; allowLocalAdd?: boolean; agentsMayRunDestructive?: boolean };
    const problems: string[] = [];
    const entries = (list: string[] | undefined, key: string): PolicyEntry[] | undefined =>
      list?.flatMap((source) => {
        const entry = parsePolicyEntry(source);
        if (typeof entry === 'string') problems.push(`${key}: ${entry}`);
        return typeof entry === 'string' ? [] : [entry];
      });
    const allowed = entries(value.allowed, 'allowed');
    const blocked = entries(value.blocked, 'blocked') ?? [];
    if (problems.length > 0) return invalid(file, problems.join('; '));
    return new OrganisationPolicy({
      kind: 'ok',
      file,
      allowed,
      blocked,
      neverGrant: value.neverGrant ?? [],
      allowLink: value.allowLink ?? true,
      allowLocalAdd: value.allowLocalAdd ?? true,
      agentsMayRunDestructive: value.agentsMayRunDestructive ?? true,
    });
  }

  /** No policy (for hosts and tests that set none). */
  static none(file: string): OrganisationPolicy {
    return new OrganisationPolicy({ kind: 'none', file });
  }

  get file(): string {
    return this.state.file;
  }

  /** Whether `extensions link` may add a folder. */
  get allowsLink(): boolean {
    return this.state.kind === 'none' || (this.state.kind === 'ok' && this.state.allowLink);
  }

  /** Whether `extensions add` may install a tarball or a folder. */
  get allowsLocalAdd(): boolean {
    return this.state.kind === 'none' || (this.state.kind === 'ok' && this.state.allowLocalAdd);
  }

  /** Whether agents may be offered destructive actions (false when the file is invalid). */
  get agentsMayRunDestructive(): boolean {
    return this.state.kind === 'none' || (this.state.kind === 'ok' && this.state.agentsMayRunDestructive);
  }

  /** Capabilities never granted. */
  get neverGrant(): readonly string[] {
    return this.state.kind === 'ok' ? this.state.neverGrant : [];
  }

  /** Whether `capability` may be granted (an invalid policy grants nothing: its extensions are blocked anyway). */
  mayGrant(capability: string): boolean {
    return this.state.kind === 'none' || (this.state.kind === 'ok' && !this.state.neverGrant.includes(capability));
  }

  /**
   * The verdict on one package: blocked by an invalid file, by a `blocked` entry, by not matching any `allowed`
   * entry, or by requiring a capability in `neverGrant`; else it may run.
   */
  verdict(pkg: { packageName: string; version: string; required: readonly string[] }): PolicyVerdict {
    const s = this.state;
    if (s.kind === 'none') return { blocked: false };
    const by = (rule: PolicyRule, why: string): PolicyVerdict => ({ blocked: true, rule, reason: `blocked by policy ${s.file}: ${why}` });
    if (s.kind === 'invalid') return by({ file: s.file, rule: 'invalid', entry: s.problem }, `the file is invalid (${s.problem}), so nothing it governs may run`);
    const hit = s.blocked.find((e) => e.matches(pkg.packageName, pkg.version));
    if (hit) return by({ file: s.file, rule: 'blocked', entry: hit.source }, `"blocked" lists ${JSON.stringify(hit.source)}, which matches ${pkg.packageName}@${pkg.version}`);
    if (s.allowed !== undefined && !s.allowed.some((e) => e.matches(pkg.packageName, pkg.version))) {
      return by({ file: s.file, rule: 'allowed', entry: s.allowed.map((e) => e.source).join(', ') }, `${pkg.packageName}@${pkg.version} matches no entry of "allowed" (${s.allowed.map((e) => JSON.stringify(e.source)).join(', ') || 'an empty list'})`);
    }
    const forbidden = pkg.required.find((c) => s.neverGrant.includes(c));
    if (forbidden) return by({ file: s.file, rule: 'neverGrant', entry: forbidden }, `it requires the capability ${forbidden}, which "neverGrant" forbids`);
    return { blocked: false };
  }

  /** What `--json` shows of the policy in force: the file and its state, with the rules when it is valid. */
  toJSON(): Record<string, unknown> {
    const s = this.state;
    if (s.kind === 'none') return { file: s.file, state: 'none' };
    if (s.kind === 'invalid') return { file: s.file, state: 'invalid', problem: s.problem };
    return {
      file: s.file,
      state: 'ok',
      ...(s.allowed ? { allowed: s.allowed.map((e) => e.source) } : {}),
      blocked: s.blocked.map((e) => e.source),
      neverGrant: s.neverGrant,
      allowLink: s.allowLink,
      allowLocalAdd: s.allowLocalAdd,
      agentsMayRunDestructive: s.agentsMayRunDestructive,
    };
  }
}

function invalid(file: string, problem: string): OrganisationPolicy {
  return new OrganisationPolicy({ kind: 'invalid', file, problem });
}
