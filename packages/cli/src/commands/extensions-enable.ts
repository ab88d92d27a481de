import { blockedRefusal } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { collectDoctorProblems } from '@outboard/host/views';
import { cliError, UsageError } from '../errors/cli-errors.js';
import { nonInteractiveEnable, obtainApproval } from '../consent/consent-flow.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import { requireExtension } from './require-extension.js';
import { parseAgentAccess, type AgentAccess } from '@outboard/host';

/** `<id> extensions enable <name> [--yes] [--grant CAP]... [--grant-all]`: approve (asking in a terminal) and enable. */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const ext = await requireExtension(ctx, opts.positionals[0] as string);
  const blocked = blockedRefusal(ext, await ctx.host().policy());
  if (blocked) throw blocked;
  if (ext.state === 'invalid' || ext.state === 'incompatible' || ext.state === 'conflict') {
    throw cliError('CLI_CANNOT_ENABLE', `${ext.key} cannot be enabled: it is ${ext.state} (${ext.reason})`, ext.fix ? `Fix: ${ext.fix}` : undefined);
  }
  // What doctor reports about the package (a missing bin or peer file...): approving it would only fail later, when run.
  const problems = collectDoctorProblems([ext], []);
  if (problems.length > 0) {
    const count = problems.length === 1 ? 'a problem' : `${problems.length} problems`;
    throw cliError(
      'CLI_CANNOT_ENABLE',
      `${ext.key} cannot be enabled: its package ${ext.packageName} in ${ext.dir} has ${count}`,
      `fix ${problems.length === 1 ? 'it' : 'them'}, then run \`${ctx.cmd} extensions enable ${ext.key}\` again (\`${ctx.cmd} extensions doctor\` checks)`,
      problems.map((p) => `${p.path}: ${p.message} — fix: ${p.fix}`),
    );
  }
  const name = ext.name as string;
  const agents = agentAccessOption(opts.string('agents'), ext.manifest?.contributes?.actions?.map((a) => a.id) ?? []);
  const wantsNewGrants = opts.list('grant').length > 0 || opts.flag('grant-all') || agents !== undefined;
  if (ext.state === 'disabled' && !wantsNewGrants) {
    await ctx.host().approvals.setEnabled({ ...ext, name }, true);
    ctx.print(t`Enabled ${ext.key} (its approval and grants were kept while it was disabled).`);
    return 0;
  }
  if (ext.state === 'enabled' && !wantsNewGrants) {
    ctx.print(t`${ext.key} is already enabled.`);
    return 0;
  }
  const outcome = await obtainApproval(ctx, { ...ext, name }, { yes: opts.flag('yes'), grant: opts.list('grant'), grantAll: opts.flag('grant-all'), ...(agents !== undefined ? { agents } : {}) });
  switch (outcome) {
    case 'needs-terminal':
      throw cliError('CLI_NEEDS_TERMINAL', `${ext.key} needs approval and this shell cannot ask (no terminal)`, `Run \`${nonInteractiveEnable(ext, ctx.cmd)}\` to approve it without a prompt.`);
    case 'declined':
      ctx.printError(t`Not approved; ${ext.key} stays ${ext.state}.`);
      return 1;
    case 'approved':
      ctx.print(t`Approved and enabled ${ext.key} ${ext.version} (${ext.source}).`);
      return 0;
  }
}

/** `--agents read-only|all|<ids>`, checked against the actions it declares; undefined when not given. */
function agentAccessOption(words: string | undefined, declared: readonly string[]): AgentAccess | undefined {
  if (words === undefined) return undefined;
  const parsed = parseAgentAccess(words, declared);
  if ('problem' in parsed) throw new UsageError(parsed.problem, 'e.g. --agents read-only, --agents all, or --agents <id>,<id>');
  return parsed.access;
}
