import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';

/**
 * `<id> hub status [--json]`: whether a hub serves this home (exit 0) or not (exit 1), its URL, pid and port;
 * in text, also a fresh sign-in link (a one-time code, never the token).
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const hub = await import('@outboard/hub');
  const status = await hub.hubStatus(ctx.host().home);
  if (opts.flag('json')) ctx.printJson(status);
  else if (status.state === 'running') {
    ctx.print(t`Hub running at ${status.url} (pid ${String(status.pid)}, port ${String(status.port)}, since ${status.startedAt})${status.answering ? '' : ' but not answering'}.`);
    const link = status.answering ? await hub.requestSignInLink(ctx.host().home) : undefined;
    if (link) ctx.print(t`Sign in (this link works once, within 2 minutes): ${link.url}`);
  }
  else if (status.state === 'stale') ctx.print(t`No hub runs: hub.json names pid ${String(status.pid)}, which is gone (\`${ctx.cmd} hub start\` replaces it).`);
  else ctx.print(t`No hub runs for this home (\`${ctx.cmd} hub start\` starts one).`);
  return status.state === 'running' ? 0 : 1;
}
