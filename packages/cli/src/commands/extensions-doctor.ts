import type { CliContext } from '../cli-context.js';
import type { DoctorProblem, HostCore as Host } from '@outboard/host';
import { collectConfigDoctorProblems } from '@outboard/host';
import { collectDoctorProblems, collectTemplateProblems, hostProblem } from '@outboard/host/views';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import type { Styled } from '../terminal/text.js';

/** `<id> extensions doctor [--json]`: one line per problem with its fix; exit 1 when there is any. */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const host = ctx.host();
  const { extensions, diagnostics } = await host.extensions();
  const problems = collectDoctorProblems(extensions, diagnostics);
  problems.push(...collectTemplateProblems(extensions));
  problems.push(...(await collectConfigDoctorProblems(host, extensions)));
  const experimental = host.experimentalFlags();
  problems.push(...configProblems(host, experimental, problems, ctx.cmd));
  const notices = extensions.filter((e) => e.state === 'unapproved' || e.state === 'disabled');
  if (opts.flag('json')) {
    ctx.printJson({
      ok: problems.length === 0,
      checked: extensions.length,
      problems,
      experimental: experimental.flags,
      notices: notices.map((e) => ({ extension: e.key, state: e.state, reason: e.reason, fix: e.fix ?? null })),
    });
    return problems.length ? 1 : 0;
  }
  const { red, yellow, green, dim } = ctx.out;
  for (const p of problems) ctx.print(t`${red('✖')} ${whose(p)}${p.path}: ${p.message} ${dim(`[${p.rule}]`)} — fix: ${p.fix}`);
  for (const e of notices) ctx.print(t`${yellow('•')} ${e.key}: ${e.state} (${e.reason})${e.fix ? t` — run: ${e.fix}` : ''}`);
  for (const [flag, on] of Object.entries(experimental.flags)) ctx.print(t`${dim('•')} experimental.${flag}: ${on}`);
  const count = `${extensions.length} extension${extensions.length === 1 ? '' : 's'} checked`;
  ctx.print(problems.length ? red(`${problems.length} problem${problems.length === 1 ? '' : 's'} found (${count}).`) : green(`No problems found (${count}).`));
  return problems.length ? 1 : 0;
}

/**
 * Problems of the config files themselves: a non-boolean experimental switch (named with the file it comes
 * from), and a corrupt config file not already reported by discovery.
 */
function configProblems(host: Host, experimental: ReturnType<Host['experimentalFlags']>, already: readonly DoctorProblem[], cmd: string): DoctorProblem[] {
  const out: DoctorProblem[] = [];
  const seen = new Set(already.map((p) => p.path));
  for (const c of experimental.corrupt) {
    if (seen.has(c.path)) continue;
    out.push(hostProblem({ path: c.path, rule: 'config.corrupt', message: c.message, fix: 'repair the file by hand, or let the next config write keep it aside' }));
  }
  const snapshot = host.config.inspect();
  const projectExperimental = snapshot.project?.['experimental'];
  for (const p of experimental.problems) {
    const flag = p.path.split('.')[1];
    const inProject = flag === undefined ? projectExperimental !== undefined : typeof projectExperimental === 'object' && projectExperimental !== null && Object.hasOwn(projectExperimental, flag);
    const file = inProject ? (host.config.projectConfigPath() ?? host.config.userConfigPath) : host.config.userConfigPath;
    const fix = flag === undefined
      ? `make "experimental" an object of true/false switches in ${file}`
      : `\`${cmd} config ${p.path} true${inProject ? '' : ' --user'}\` (or false)`;
    out.push(hostProblem({ path: file, rule: `${p.path}.${p.rule}`, message: `${p.path} ${p.message}`, fix }));
  }
  return out;
}

/**
 * Whose problem a line is: the package (DESIGN §2, what the user installed) and its folder, where the fix is
 * made; the extension name too when it differs from the package name.
 */
function whose(p: DoctorProblem): Styled | '' {
  if (p.packageName === null) return '';
  const named = p.extension && p.extension !== p.packageName ? t` (extension "${p.extension}")` : '';
  return t`${p.packageName}${named} in ${p.folder ?? '?'}: `;
}
