import type { ExtensionRecord } from '@outboard/host';
import type { CliContext } from '../cli-context.js';
import { cliError } from '../errors/cli-errors.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import { hubApiRequest } from '../hub-client/hub-api-request.js';
import { findTrustedHub } from '../hub-client/hub-trust.js';
import { requireExtension } from './require-extension.js';
import { warnUntrusted } from './rpc-route.js';

/** `<id> extensions stop <name>`: stops its peer and sidecar in the running hub (nothing of it runs without one). */
export function stop(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  return control(ctx, opts, 'stop');
}

/** `<id> extensions restart <name>`: restarts its peer and sidecar in the running hub, else starts its peer here once (a check). */
export function restart(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  return control(ctx, opts, 'restart');
}

async function control(ctx: CliContext, opts: ParsedOptions, action: 'stop' | 'restart'): Promise<number> {
  const ext = await requireExtension(ctx, opts.positionals[0] as string);
  const trust = await findTrustedHub(ctx.host());
  if (trust.kind === 'untrusted') warnUntrusted(ctx, trust.url, trust.why);
  if (trust.kind === 'trusted') {
    const answer = await hubApiRequest(trust.hub, 'POST', `/api/hub/extensions/${encodeURIComponent(ext.key)}/${action}`);
    ctx.print(describeHubAnswer(ext, action, answer));
    return 0;
  }
  if (action === 'stop') {
    ctx.print(t`No hub runs for this home, and without one ${ext.key}'s peer and sidecar run only inside the command that uses them: nothing to stop.`);
    return 0;
  }
  return restartPrivately(ctx, ext);
}

function describeHubAnswer(ext: ExtensionRecord, action: 'stop' | 'restart', answer: Record<string, unknown>): ReturnType<typeof t> {
  const parts = [ext.manifest?.peer ? 'peer' : undefined, ext.manifest?.sidecar ? 'sidecar' : undefined].filter(Boolean).join(' and ') || 'processes';
  if (action === 'restart') return t`Restarted the ${parts} of ${ext.key} in the hub.`;
  return answer.stopped === true ? t`Stopped the ${parts} of ${ext.key} in the hub.` : t`Nothing of ${ext.key} was running in the hub.`;
}

/** Without a hub: starts the extension's peer in this process (a clean crash window), waits for it to be ready, then stops it with the command. */
async function restartPrivately(ctx: CliContext, ext: ExtensionRecord): Promise<number> {
  if (!ext.manifest?.peer) {
    ctx.print(t`No hub runs for this home; ${ext.key}'s sidecar runs only in the hub (\`${ctx.cmd} hub start\`), so there is nothing to restart.`);
    return 0;
  }
  const { createHost } = await import('@outboard/host');
  const host = createHost({ identity: ctx.identity, cwd: ctx.io.cwd, env: ctx.io.env });
  const peers = await host.peers();
  try {
    const supervisor = await peers.supervisor(ext.key);
    if (!supervisor) throw cliError('PEER_NEEDS_APPROVAL', `${ext.key} is ${ext.state}${ext.reason ? ` (${ext.reason})` : ''}, so its peer cannot run`, ext.fix ?? `${ctx.cmd} extensions info ${ext.key}`);
    try {
      await supervisor.restart();
    } catch (error) {
      const status = supervisor.status();
      throw cliError('PEER_ACTION_FAILED', `${ext.key}: its peer did not start: ${(error as Error).message}`, `see its log: ${status.log}`, status.lastError ? [`peer: ${status.lastError}`] : undefined);
    }
    ctx.print(t`Started ${ext.key}'s peer afresh in this process (pid ${String(supervisor.status().pid)}): it is ${supervisor.state}. No hub runs, so it stops with this command; \`${ctx.cmd} hub start\` keeps peers running.`);
    return 0;
  } finally {
    await peers.dispose();
    host.disposePlugins();
  }
}
