import type { ExtensionRecord } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { UsageError } from '../cli-context.js';
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
    throw new UsageError(
      `command "${name}" is provided by ${runnable.length} extensions: ${runnable.map((e) => `${e.key} (${e.dir})`).join(', ')}`,
      `Disable all but one of them (\`${ctx.cmd} extensions disable <name>\`).`,
    );
  }
  const owner = runnable[0];
  if (!owner) return unknownCommand(ctx, name, extensions);
  let ext = owner;
  if (owner.state === 'unapproved') {
    // Loaded only here: an approved command's start-up should not pay for the prompt (readline) and summary.
    const { obtainApproval } = await import('../consent/consent-flow.js');
    const outcome = await obtainApproval(ctx, { ...owner, name: owner.name as string }, { yes: false, grant: [], grantAll: false });
    if (outcome !== 'approved') {
      throw new UsageError(
        `extension ${owner.key} is not approved${owner.reason && owner.reason !== 'not approved yet' ? ` (${owner.reason})` : ''}`,
        `Run \`${ctx.cmd} extensions enable ${owner.key}\` to review and approve it.`,
      );
    }
    ctx.host().refresh();
    ext = (await ctx.host().findExtension(owner.key)) ?? owner;
  }
  const { runExtensionCommand } = await import('../run-extension-command.js');
  return runExtensionCommand(ctx, ext, name, args);
}

async function unknownCommand(ctx: CliContext, name: string, extensions: readonly ExtensionRecord[]): Promise<number> {
  ctx.printError(`${ctx.err.red('error:')} Unknown command "${name}"`);
  const hidden = extensions.find((e) => e.manifest?.commands?.some((c) => c.name === name)) ?? extensions.find((e) => e.key === name);
  if (hidden) {
    ctx.printError(`hint: extension ${hidden.key} (${hidden.packageName}) provides it but is ${hidden.state === 'conflict' ? 'in conflict' : hidden.state}: ${hidden.reason.replace(/\.$/, '')}; ${fixOf(ctx, hidden)}`);
    return 1;
  }
  const [{ enabledCommands }, { suggestNames }] = await Promise.all([import('./extension-commands.js'), import('../did-you-mean.js')]);
  const { commands } = await enabledCommands(ctx);
  const names = [...BUILTIN_COMMANDS.filter((c) => c.load).map((c) => c.name), ...commands.map((c) => c.name)];
  const near = suggestNames(name, names);
  ctx.printError(near.length ? `Did you mean ${near.map((n) => `\`${ctx.cmd} ${n}\``).join(' or ')}?` : `Run \`${ctx.cmd} --help\` for the list of commands.`);
  return 1;
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
