import type { ExtensionRecord } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { cliError } from '../errors/cli-errors.js';
import { BUILTIN_COMMANDS } from '../builtins.js';

/**
 * `<id> <name> ...` where `name` is no built-in: runs the extension command of that name with the remaining
 * arguments untouched, and exits with its exit code (128 + n when it died of signal n).
 */
export async function run(ctx: CliContext, name: string, args: string[]): Promise<number> {
  const { extensions } = await ctx.host().extensions();
  const owners = extensions.filter((e) => e.manifest?.commands?.some((c) => c.name === name));
  const runnable = owners.filter((e) => e.state === 'enabled' || e.state === 'unapproved');
  if (runnable.length > 1) {
    throw cliError('CLI_COMMAND_CONFLICT', `command "${name}" is provided by ${runnable.length} extensions: ${runnable.map((e) => `${e.key} (${e.dir})`).join(', ')}`, `Disable all but one of them (\`${ctx.cmd} extensions disable <name>\`).`);
  }
  const owner = runnable[0];
  if (!owner) return unknownCommand(ctx, name, extensions);
  let ext = owner;
  if (owner.state === 'unapproved') {
    // Loaded only here: an approved command's start-up should not pay for the prompt and summary.
    const { obtainApproval, nonInteractiveEnable } = await import('../consent/consent-flow.js');
    const outcome = await obtainApproval(ctx, { ...owner, name: owner.name as string }, { yes: false, grant: [], grantAll: false });
    if (outcome !== 'approved') {
      const fix = outcome === 'needs-terminal' ? `Run \`${nonInteractiveEnable(owner, ctx.cmd)}\` to approve it (see \`${ctx.cmd} extensions info ${owner.key}\` first)` : `Run \`${ctx.cmd} extensions enable ${owner.key}\` to review and approve it`;
      throw cliError('CLI_NOT_APPROVED', `extension ${owner.key} is not approved${owner.reason && owner.reason !== 'not approved yet' ? ` (${owner.reason})` : ''}`, `${fix}.`);
    }
    ctx.host().refresh();
    const now = await ctx.host().findExtension(owner.key);
    // Run only what was shown and approved: a copy that changed since is not the one the user said yes to.
    if (!now || now.state !== 'enabled' || now.manifestHash !== owner.manifestHash || now.realDir !== owner.realDir) {
      throw cliError('CLI_CHANGED_WHILE_DECIDING', `${owner.key} changed while you were deciding; it was not run`, `Run \`${ctx.cmd} ${name}\` again to review what it is now.`);
    }
    ext = now;
  }
  const { runExtensionCommand } = await import('../run-extension-command.js');
  return runExtensionCommand(ctx, ext, name, args);
}

async function unknownCommand(ctx: CliContext, name: string, extensions: readonly ExtensionRecord[]): Promise<number> {
  const hidden = extensions.find((e) => e.manifest?.commands?.some((c) => c.name === name)) ?? extensions.find((e) => e.key === name);
  if (hidden) {
    throw cliError('CLI_UNKNOWN_COMMAND', `Unknown command "${name}": extension ${hidden.key} (${hidden.packageName}) provides it but is ${hidden.state === 'conflict' ? 'in conflict' : hidden.state}: ${hidden.reason.replace(/\.$/, '')}`, fixOf(ctx, hidden));
  }
  const [{ enabledCommands }, { suggestNames }] = await Promise.all([import('./extension-commands.js'), import('../did-you-mean.js')]);
  const { commands } = await enabledCommands(ctx);
  const names = [...BUILTIN_COMMANDS.filter((c) => c.available).map((c) => c.name), ...commands.map((c) => c.name)];
  const near = suggestNames(name, names);
  throw cliError('CLI_UNKNOWN_COMMAND', `Unknown command "${name}"`, near.length ? `Did you mean ${near.map((n) => `\`${ctx.cmd} ${n}\``).join(' or ')}?` : `Run \`${ctx.cmd} --help\` for the list of commands.`);
}

/**
 * What fixes a hidden extension, always naming a command: the record's own fix when it is one, else the
 * record's advice, else (incompatible) how to get a version made for this host.
 */
function fixOf(ctx: CliContext, ext: ExtensionRecord): string {
  if (ext.fix?.startsWith(`${ctx.cmd} `)) return `run \`${ext.fix}\``;
  if (ext.fix) return `fix: ${ext.fix}`;
  const update = ext.source === 'user' ? `\`${ctx.cmd} extensions add ${ext.packageName}@latest\`` : `updating ${ext.packageName} in its ${ext.source} source`;
  return `fix: install a version made for ${ctx.cmd} ${ctx.identity.version} (${update}) or update ${ctx.cmd}; \`${ctx.cmd} extensions info ${ext.key}\` shows what it needs`;
}
