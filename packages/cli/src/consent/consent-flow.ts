import { createInterface } from 'node:readline';
import type { CapabilityGrants, ExtensionRecord } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { UsageError } from '../cli-context.js';
import { consentSummary } from './consent-summary.js';

/** How the user chose grants on the command line. */
export interface GrantChoice {
  /** Optional capabilities named with `--grant`. */
  grant: readonly string[];
  /** `--grant-all`: every optional capability too. */
  grantAll: boolean;
}

/** Default-deny: every required capability, plus the optional ones the user named. Unknown names are a usage error. */
export function computeGrants(ext: ExtensionRecord, choice: GrantChoice, hostId: string): CapabilityGrants {
  const required = ext.manifest?.capabilities?.required ?? [];
  const optional = ext.manifest?.capabilities?.optional ?? [];
  const unknown = choice.grant.filter((c) => !optional.includes(c) && !required.includes(c));
  if (unknown.length) {
    throw new UsageError(
      `${ext.key} does not request ${unknown.map((c) => `"${c}"`).join(', ')}`,
      optional.length ? `Its optional capabilities are: ${optional.join(', ')}.` : `It requests no optional capability (see \`${hostId} extensions info ${ext.key}\`).`,
    );
  }
  return { capabilities: [...new Set([...required, ...(choice.grantAll ? optional : choice.grant)])] };
}

/** True when a question can be asked: a person is at the terminal. */
export function canPrompt(ctx: CliContext): boolean {
  return ctx.io.stdin.isTTY === true && ctx.io.stderr.isTTY === true;
}

/** Asks a yes/no question on the terminal (stderr), default no; the terminal is released afterwards. */
export async function askYesNo(ctx: CliContext, question: string): Promise<boolean> {
  const rl = createInterface({ input: ctx.io.stdin, output: ctx.io.stderr });
  try {
    const answer = await new Promise<string>((resolve) => {
      rl.question(`${question} [y/N] `, resolve);
      rl.once('close', () => resolve(''));
    });
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    rl.close();
    ctx.io.stdin.pause();
  }
}

/** The outcome of {@link obtainApproval}. */
export type ApprovalOutcome = 'approved' | 'declined' | 'needs-terminal';

/**
 * Shows the consent summary and approves exactly this copy: without a prompt when `yes`, after asking in a
 * terminal, and not at all elsewhere (the caller then exits 2 naming the command to run).
 */
export async function obtainApproval(ctx: CliContext, ext: ExtensionRecord & { name: string }, choice: GrantChoice & { yes: boolean }): Promise<ApprovalOutcome> {
  const grants = computeGrants(ext, choice, ctx.cmd);
  if (!choice.yes && !canPrompt(ctx)) return 'needs-terminal';
  ctx.printError(...consentSummary(ext, grants.capabilities, ctx.err, ctx.cmd));
  if (!choice.yes && !(await askYesNo(ctx, `Approve and enable ${ext.key}?`))) return 'declined';
  const result = await ctx.host().approvals.approve(ext, grants);
  if (result.quarantined) ctx.printError(ctx.err.yellow(`warning: ${result.quarantined.message}`));
  return 'approved';
}
