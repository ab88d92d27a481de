import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { openBrowser } from '../terminal/open-browser.js';
import { t } from '../terminal/text.js';
import { CliError } from '../errors/cli-errors.js';

/**
 * `<id> hub open`: prints a fresh sign-in link of the running hub (a one-time code, valid 2 minutes) and
 * starts the user's browser on it where one exists (`$BROWSER`, `open`, `xdg-open`); no browser is not an
 * error. No hub running: `HUB_NOT_RUNNING`.
 */
export async function run(ctx: CliContext, _opts: ParsedOptions): Promise<number> {
  const hub = await import('@outboard/hub');
  const link = await hub.requestSignInLink(ctx.host().home);
  if (!link) throw new CliError('HUB_NOT_RUNNING', 'no hub serves this home (or it did not answer)', { hint: `start one with \`${ctx.cmd} hub start\`` });
  ctx.print(t`Sign in (this link works once, within 2 minutes): ${link.url}`);
  if (await openBrowser(link.url, ctx.io.env)) ctx.print(t`Opened it in your browser.`);
  else ctx.print(t`No browser found here: open the link in yours.`);
  return 0;
}
