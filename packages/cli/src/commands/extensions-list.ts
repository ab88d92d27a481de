import type { CliContext } from '../cli-context.js';
import { CODE_NOT_PINNED, pinsRunCode, toListEntry } from '@outboard/host/views';
import type { ExtensionState } from '@outboard/host';
import type { ParsedOptions } from './command-spec.js';
import { formatTable } from '../terminal/table.js';
import type { Style } from '../terminal/style.js';
import { joinText, t } from '../terminal/text.js';
import type { Styled } from '../terminal/text.js';

// Diagnostics about the host's own files (approvals.json, config.json and its dev paths), not about a package.
const SETTINGS_RULE = /^(approvals|config|dev-paths)\./;

/** `<id> extensions list [--json]`. */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const { extensions, diagnostics } = await ctx.host().extensions();
  if (opts.flag('json')) {
    ctx.printJson(extensions.map(toListEntry));
    return 0;
  }
  if (extensions.length === 0) {
    ctx.print(t`No extensions installed. Add one with \`${ctx.cmd} extensions add <package>\`.`);
  } else {
    const { bold, dim } = ctx.out;
    // A linked folder is marked whatever its state: its edits run without a new approval.
    const rows = extensions.map((e) => [e.key, e.version, e.source, colourState(ctx.out, e.state), joinText([e.reason, pinsRunCode(e) ? '' : dim(`(${CODE_NOT_PINNED})`), e.fix ? dim(`→ ${e.fix}`) : ''].filter(Boolean), ' ')]);
    ctx.print(...formatTable([['NAME', 'VERSION', 'SOURCE', 'STATE', 'REASON'].map((h) => bold(h)), ...rows]));
  }
  // A corrupt approvals or config file is not a package: say which file, since it changes every state above.
  const settings = diagnostics.filter((d) => SETTINGS_RULE.test(d.rule));
  const packages = diagnostics.length - settings.length;
  for (const d of settings) ctx.printError(ctx.err.yellow(t`warning: ${d.message}`));
  if (packages > 0) {
    ctx.printError(ctx.err.yellow(t`${packages} package${packages === 1 ? '' : 's'} could not be read; run \`${ctx.cmd} extensions doctor\` for details.`));
  }
  return 0;
}

/** Colours a state: green enabled, yellow needing the user, red broken. */
export function colourState(style: Style, state: ExtensionState): Styled {
  switch (state) {
    case 'enabled':
      return style.green(state);
    case 'disabled':
    case 'unapproved':
      return style.yellow(state);
    default:
      return style.red(state);
  }
}
