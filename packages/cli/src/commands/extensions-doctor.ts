import type { CliContext } from '../cli-context.js';
import { collectDoctorProblems } from '@outboard/host';
import { parseOptions } from './parse-options.js';

/** `<id> extensions doctor [--json]`: one line per problem with its fix; exit 1 when there is any. */
export async function run(ctx: CliContext, args: string[]): Promise<number> {
  const opts = parseOptions(`${ctx.cmd} extensions doctor`, args, { json: { type: 'boolean' } });
  const { extensions, diagnostics } = await ctx.host().extensions();
  const problems = collectDoctorProblems(extensions, diagnostics);
  const notices = extensions.filter((e) => e.state === 'unapproved' || e.state === 'disabled');
  if (opts.flag('json')) {
    ctx.printJson({
      ok: problems.length === 0,
      checked: extensions.length,
      problems,
      notices: notices.map((e) => ({ extension: e.key, state: e.state, reason: e.reason, fix: e.fix ?? null })),
    });
    return problems.length ? 1 : 0;
  }
  const { red, yellow, green, dim } = ctx.out;
  for (const p of problems) {
    ctx.print(`${red('✖')} ${p.extension ? `${p.extension}: ` : ''}${p.path}: ${p.message} ${dim(`[${p.rule}]`)} — fix: ${p.fix}`);
  }
  for (const e of notices) ctx.print(`${yellow('•')} ${e.key}: ${e.state} (${e.reason})${e.fix ? ` — run: ${e.fix}` : ''}`);
  const count = `${extensions.length} extension${extensions.length === 1 ? '' : 's'} checked`;
  ctx.print(problems.length ? red(`${problems.length} problem${problems.length === 1 ? '' : 's'} found (${count}).`) : green(`No problems found (${count}).`));
  return problems.length ? 1 : 0;
}
