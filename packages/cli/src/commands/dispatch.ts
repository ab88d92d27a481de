import type { CommandFix, ExtensionRecord, UnapprovedSuggestion } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { cliError } from '../errors/cli-errors.js';

/**
 * `<id> <name> ...` where `name` is no built-in: asks the host what it means (`host.resolveCommand`, a typed
 * verdict) and only prints, prompts and runs. The command's arguments go to it untouched; the exit code is
 * its own (128 + n when it died of signal n).
 */
export async function run(ctx: CliContext, name: string, args: string[]): Promise<number> {
  const verdict = await ctx.host().resolveCommand(name);
  switch (verdict.kind) {
    case 'run':
      return launch(ctx, verdict.extension, name, args);
    case 'needs-approval':
      return launch(ctx, await approveNow(ctx, verdict.extension, verdict.reason, name), name, args);
    case 'conflict':
      throw cliError(
        'CLI_COMMAND_CONFLICT',
        `command "${name}" is provided by ${verdict.extensions.length} extensions: ${verdict.extensions.map((e) => `${e.key} (${e.dir})`).join(', ')}`,
        `Disable all but one of them (\`${ctx.cmd} extensions disable <name>\`).`,
      );
    case 'hidden': {
      const ext = verdict.extension;
      const state = ext.state === 'conflict' ? 'in conflict' : ext.state;
      throw cliError('CLI_UNKNOWN_COMMAND', `Unknown command "${name}": extension ${ext.key} (${ext.packageName}) provides it but is ${state}: ${verdict.reason}`, describeFix(verdict.fix));
    }
    case 'unknown': {
      const near = verdict.suggestions;
      const hint = near.length ? `Did you mean ${near.map((n) => `\`${ctx.cmd} ${n}\``).join(' or ')}?` : `Run \`${ctx.cmd} --help\` for the list of commands.`;
      throw cliError('CLI_UNKNOWN_COMMAND', `Unknown command "${name}"`, hint, verdict.needsApproval.map((s) => approvalLine(ctx, s)));
    }
  }
}

/** One line under a suggestion that runs only once approved: whose it is, why it waits, and the fix. */
function approvalLine(ctx: CliContext, s: UnapprovedSuggestion): string {
  const why = s.changed === undefined ? 'is not approved yet' : `needs approval again (${s.changed})`;
  return `\`${ctx.cmd} ${s.command}\` is a command of extension ${s.extension.key}, which ${why}: ${describeFix(s.fix)} to review and approve it.`;
}

/** A fix as the user reads it: the command to run, with the prose before it when there is some. */
function describeFix(fix: CommandFix): string {
  if (fix.command && fix.text) return `fix: ${fix.text}; run \`${fix.command}\``;
  if (fix.command) return `run \`${fix.command}\``;
  return `fix: ${fix.text ?? 'see the extension list'}`;
}

async function launch(ctx: CliContext, ext: ExtensionRecord, name: string, args: string[]): Promise<number> {
  const { runExtensionCommand } = await import('../run-extension-command.js');
  return runExtensionCommand(ctx, ext, name, args);
}

/**
 * Shows the consent prompt (in a terminal) and returns the approved record, read again after the answer: only
 * the copy that was shown runs. Refuses without a terminal, naming a command that works without one.
 */
async function approveNow(ctx: CliContext, owner: ExtensionRecord, changed: string | undefined, name: string): Promise<ExtensionRecord> {
  // Loaded only here: an approved command's start-up should not pay for the prompt and summary.
  const { obtainApproval, nonInteractiveEnable, sameCopy } = await import('../consent/consent-flow.js');
  const outcome = await obtainApproval(ctx, { ...owner, name: owner.name as string }, { yes: false, grant: [], grantAll: false });
  if (outcome !== 'approved') {
    const fix = outcome === 'needs-terminal' ? `Run \`${nonInteractiveEnable(owner, ctx.cmd)}\` to approve it (see \`${ctx.cmd} extensions info ${owner.key}\` first)` : `Run \`${ctx.cmd} extensions enable ${owner.key}\` to review and approve it`;
    throw cliError('CLI_NOT_APPROVED', `extension ${owner.key} is not approved${changed ? ` (changed since approval: ${changed})` : ''}`, `${fix}.`);
  }
  ctx.host().refresh();
  const verdict = await ctx.host().resolveCommand(name);
  // Run only what was shown and approved: a copy that changed since is not the one the user said yes to.
  if (verdict.kind !== 'run' || !sameCopy(owner, verdict.extension)) {
    throw cliError('CLI_CHANGED_WHILE_DECIDING', `${owner.key} changed while you were deciding; it was not run`, `Run \`${ctx.cmd} ${name}\` again to review what it is now.`);
  }
  return verdict.extension;
}
