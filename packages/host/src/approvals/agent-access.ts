import type { ActionAnnotations } from '@outboard/manifest';

/**
 * Which of an extension's actions agents may use (DESIGN §11), stored with its approval (`agents` in
 * approvals.json; absent in records written before it existed, which read as `read-only`):
 * `read-only` only actions annotated `readOnlyHint: true`; `all` every action; a list: the read-only ones and
 * those action ids (read-only is the floor: agents always see what changes nothing).
 */
export type AgentAccess = 'read-only' | 'all' | string[];

/** What agents get when the user said nothing: read-only actions only. */
export const DEFAULT_AGENT_ACCESS: AgentAccess = 'read-only';

/** The access stored in an approval record, or the default when it holds none (or a value this version does not know). */
export function storedAgentAccess(value: unknown): AgentAccess {
  if (value === 'read-only' || value === 'all') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return [...(value as string[])];
  return DEFAULT_AGENT_ACCESS;
}

/**
 * Parses the words of `--agents` (`read-only`, `all`, or action ids separated by commas), checking ids against
 * the actions the extension declares. Returns the access, or the problem in one sentence.
 */
export function parseAgentAccess(words: string, declared: readonly string[]): { access: AgentAccess } | { problem: string } {
  const text = words.trim();
  if (text === 'read-only' || text === 'all') return { access: text };
  const ids = [...new Set(text.split(',').map((w) => w.trim()).filter((w) => w !== ''))];
  if (ids.length === 0) return { problem: '--agents needs read-only, all, or action ids separated by commas' };
  const unknown = ids.filter((id) => !declared.includes(id));
  if (unknown.length > 0) {
    const offer = declared.length ? `its actions are: ${declared.join(', ')}` : 'it declares no action';
    return { problem: `--agents names ${unknown.map((id) => `"${id}"`).join(', ')}, which it does not declare (${offer}); use read-only, all, or its action ids` };
  }
  return { access: ids.sort() };
}

/** The access in words, for the prompt, `extensions info` and the hub. */
export function describeAgentAccess(access: AgentAccess): string {
  if (access === 'read-only') return 'read-only actions only';
  if (access === 'all') return 'every action';
  return `read-only actions and ${access.join(', ')}`;
}

/** MCP's annotations with its defaults filled in (not read-only, destructive, not idempotent, open world). */
export function effectiveAnnotations(declared: ActionAnnotations | undefined): Required<ActionAnnotations> {
  return {
    readOnlyHint: declared?.readOnlyHint === true,
    destructiveHint: declared?.destructiveHint !== false,
    idempotentHint: declared?.idempotentHint === true,
    openWorldHint: declared?.openWorldHint !== false,
  };
}

/** The one verdict about an action and agents. */
export interface AgentVerdict {
  /** Offered as a tool: the approval's agent access allows it. */
  allowed: boolean;
  /** Not read-only and not marked non-destructive: the user is asked before each run when the agent's client can ask. */
  destructive: boolean;
  /** When not allowed: why, and the command that allows it. */
  refusal?: { reason: string; fix: string };
}

/**
 * Whether agents may use action `id` of extension `extension` under `access`: read-only actions under
 * `read-only`, every action under `all`, the named ones under a list. The single place where an organisation's
 * policy on destructive actions for agents (`agentsMayRunDestructive`, DESIGN §12) would also refuse.
 */
export function agentVerdict(action: { id: string; annotations?: ActionAnnotations | undefined }, extension: string, access: AgentAccess, hostId: string, policy?: AgentPolicy): AgentVerdict {
  const hints = effectiveAnnotations(action.annotations);
  const destructive = !hints.readOnlyHint && hints.destructiveHint;
  // The organisation's policy wins over the user's consent: no agent is offered a destructive action.
  if (destructive && policy && !policy.agentsMayRunDestructive) {
    return {
      allowed: false,
      destructive,
      refusal: {
        reason: `the organisation policy ${policy.file} does not let agents run destructive actions such as ${action.id}`,
        fix: `the policy is read-only: ask whoever manages ${policy.file}, or run it yourself with \`${hostId} actions run ${action.id}\``,
      },
    };
  }
  const allowed = access === 'all' || hints.readOnlyHint || (access !== 'read-only' && access.includes(action.id));
  if (allowed) return { allowed, destructive };
  const widened = access === 'read-only' ? action.id : [...access, action.id].sort().join(',');
  return {
    allowed,
    destructive,
    refusal: {
      reason: `${extension} lets agents use ${describeAgentAccess(access)}, and ${action.id} is not read-only`,
      fix: `${hostId} extensions enable ${extension} --agents ${widened} (or --agents all)`,
    },
  };
}

/** What the organisation policy says about agents (DESIGN §12): whether they may run destructive actions. */
export interface AgentPolicy {
  readonly agentsMayRunDestructive: boolean;
  /** The policy file, named in the refusal. */
  readonly file: string;
}
