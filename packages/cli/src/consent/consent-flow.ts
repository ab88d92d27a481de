import type { AgentAccess, CapabilityGrants, ExtensionRecord } from '@outboard/host';
import { grantsFor, requiredSensitive, sameCopy, storedAgentAccess } from '@outboard/host';

export { requiredSensitive, sameCopy };
import type { CliContext } from '../cli-context.js';
import { cliError, UsageError } from '../errors/cli-errors.js';
import { t } from '../terminal/text.js';
import { capabilityInfo, consentSummary } from './consent-summary.js';

/** How the user chose grants on the command line. */
export interface GrantChoice {
  /** Optional (or sensitive required) capabilities named with `--grant`. */
  grant: readonly string[];
  /** `--grant-all`: every capability it requests, sensitive ones included. */
  grantAll: boolean;
}

/**
 * Default-deny: every required capability, plus the optional ones the user named, less those the organisation
 * policy never grants (`neverGrant`: not offered, not granted). Unknown names are a usage error.
 */
export function computeGrants(ext: ExtensionRecord, choice: GrantChoice, hostId: string, neverGrant: readonly string[] = []): CapabilityGrants {
  const optional = ext.manifest?.capabilities?.optional ?? [];
  const grants = grantsFor(ext, choice.grantAll ? [...optional, ...choice.grant] : choice.grant);
  if ('unknown' in grants) {
    throw new UsageError(
      `${ext.key} does not request ${grants.unknown.map((c) => `"${c}"`).join(', ')}`,
      optional.length ? `Its optional capabilities are: ${optional.join(', ')}.` : `It requests no optional capability (see \`${hostId} extensions info ${ext.key}\`).`,
    );
  }
  return { capabilities: grants.capabilities.filter((c) => !neverGrant.includes(c)) };
}

/** The command that approves `ext` in a shell without a terminal: `--yes` and a `--grant` per required sensitive capability. */
export function nonInteractiveEnable(ext: ExtensionRecord, hostId: string): string {
  return [`${hostId} extensions enable ${ext.key} --yes`, ...requiredSensitive(ext).map((c) => `--grant ${c}`)].join(' ');
}

/** The outcome of {@link obtainApproval}. */
export type ApprovalOutcome = 'approved' | 'declined' | 'needs-terminal';

/**
 * Shows the consent summary and approves exactly the copy shown: without a prompt when `yes` (sensitive
 * capabilities then only when named), after asking in a terminal (each sensitive capability on its own line),
 * and not at all elsewhere (the caller then refuses naming {@link nonInteractiveEnable}). After the answers, the
 * package is read again: if its manifest digest or real path is no longer the one shown, nothing is approved
 * (CLI_CHANGED_WHILE_DECIDING).
 */
export async function obtainApproval(ctx: CliContext, ext: ExtensionRecord & { name: string }, choice: GrantChoice & { yes: boolean; agents?: AgentAccess }): Promise<ApprovalOutcome> {
  const policy = await ctx.host().policy();
  const grants = computeGrants(ext, choice, ctx.cmd, policy.neverGrant);
  const withheld = (ext.manifest?.capabilities?.optional ?? []).filter((c) => policy.neverGrant.includes(c));
  if (withheld.length > 0) ctx.printError(ctx.err.yellow(t`Not offered: ${withheld.join(', ')} (policy ${policy.file} never grants ${withheld.length === 1 ? 'it' : 'them'}).`));
  const ask = !choice.yes;
  if (ask && !ctx.printer.interactive) return 'needs-terminal';
  const sensitive = grants.capabilities.filter((c) => capabilityInfo(c)?.sensitive === true);
  const named = new Set(choice.grant);
  if (!ask) {
    const missing = sensitive.filter((c) => !named.has(c) && !choice.grantAll);
    if (missing.length) {
      throw cliError('CLI_NEEDS_TERMINAL', `${ext.key} requires the sensitive capabilit${missing.length === 1 ? 'y' : 'ies'} ${missing.join(', ')}, which --yes alone does not grant`, `Run \`${nonInteractiveEnable(ext, ctx.cmd)}\`.`);
    }
  }
  // What agents may use: as chosen now, else as approved before (read-only when never chosen).
  const agents = choice.agents ?? storedAgentAccess(ctx.host().approvals.find(ext)?.agents);
  ctx.printError(...consentSummary(ext, grants.capabilities, ctx.err, ctx.cmd, ext.name ? ctx.host().config.activationOverride(ext.name) : undefined, agents));
  if (ask) {
    if (!(await ctx.printer.ask(t`Approve and enable ${ext.key}?`))) return 'declined';
    const required = ext.manifest?.capabilities?.required ?? [];
    for (const cap of sensitive) {
      const yes = await ctx.printer.ask(t`${ctx.err.yellow('Sensitive:')} grant ${cap} (${capabilityInfo(cap)?.description ?? ''})?`);
      if (yes) continue;
      if (required.includes(cap)) {
        ctx.printError(t`${ext.key} requires ${cap}; without it, it cannot run.`);
        return 'declined';
      }
      grants.capabilities = grants.capabilities.filter((c) => c !== cap);
    }
  }
  const host = ctx.host();
  host.refresh();
  const now = await host.findExtension(ext.key);
  if (!sameCopy(ext, now)) {
    throw cliError('CLI_CHANGED_WHILE_DECIDING', `${ext.key} changed while you were deciding; nothing was approved`, `Run the command again to review what it is now.`);
  }
  const result = await host.approvals.approve(ext, grants, choice.agents !== undefined ? { agents: choice.agents } : {});
  if (result.quarantined) ctx.printError(ctx.err.yellow(t`warning: ${result.quarantined.message}`));
  // A re-approval says what changed and which grants moved (grants accumulate; no longer requested ones go).
  if (result.changes.length) ctx.printError(t`Changed since the last approval: ${result.changes.join('; ')}.`);
  if (result.previous && result.added.length) ctx.printError(t`Newly granted: ${result.added.join(', ')}.`);
  if (result.removed.length) ctx.printError(t`No longer granted: ${result.removed.join(', ')}.`);
  return 'approved';
}
