import { join } from 'node:path';
import type { HubState, HubStatus } from '@outboard/hub';
import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { CliError, UsageError } from '../errors/cli-errors.js';
import { t } from '../terminal/text.js';
import { HubError } from '@outboard/hub/errors';

/**
 * `<id> hub start [--port N] [--foreground]`. Without --foreground it starts the hub detached (this same CLI
 * with `hub start --foreground`, output to `<home>/logs/hub.log`), waits until it answers, and prints its URL.
 * A running hub, a port taken and a stale hub.json each say so.
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const hub = await import('@outboard/hub');
  const port = parsePort(opts.string('port'), hub.DEFAULT_HUB_PORT);
  const home = ctx.host().home;
  if (opts.flag('foreground')) {
    checkNoHub(ctx, hub, await hub.hubStatus(home));
    return foreground(ctx, hub, port);
  }
  const state = await startDetachedHub(ctx, port);
  ctx.print(t`Hub running at ${state.url} (pid ${String(state.pid)}); log: ${hub.hubLogFile(home)}`);
  printSignIn(ctx, await hub.requestSignInLink(home));
  return 0;
}

/**
 * Starts the hub of this home detached on `port` (this same CLI with `hub start --foreground`, output to
 * `<home>/logs/hub.log`) and resolves once it answers. Throws HUB_ALREADY_RUNNING when one serves the home.
 */
export async function startDetachedHub(ctx: CliContext, port: number): Promise<HubState> {
  const hub = await import('@outboard/hub');
  const home = ctx.host().home;
  const bin = ctx.host().identity.binPath;
  if (!bin) throw new HubError('HUB_START_FAILED', 'this host names no CLI entry (identity.binPath) to run the hub with', { hint: `run it in this terminal with \`${ctx.cmd} hub start --foreground\`` });
  // Refused here already (HUB_FILES_UNSAFE, naming the chmod) rather than in the daemon's log; created privately.
  hub.ensureHubToken(home);
  // Two starts at once: the second waits for the first, then finds its hub running.
  const { withFileLock } = await import('@outboard/host/store');
  return withFileLock(join(home, 'hub-start'), async () => {
    checkNoHub(ctx, hub, await hub.hubStatus(home));
    return hub.spawnHubDaemon({ home, bin, args: ['hub', 'start', '--foreground', '--port', String(port)], env: ctx.io.env, hostId: ctx.cmd });
  }, { timeoutMs: 30_000 });
}

/** `--port`, or `fallback` when it is not given; a usage error for anything but a port number. */
export function parsePort(raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(port) || port > 65535) throw new UsageError(`--port must be a port number from 0 to 65535, got "${raw}"`, 'e.g. --port 3117 (0 picks a free port)');
  return port;
}

/** Refuses when a hub runs; removes a stale hub.json, saying so. */
function checkNoHub(ctx: CliContext, hub: typeof import('@outboard/hub'), status: HubStatus): void {
  if (status.state === 'running') {
    throw new CliError('HUB_ALREADY_RUNNING', `a hub already serves this home at ${status.url} (pid ${status.pid}${status.answering ? '' : ', not answering'})`, { hint: `use it, or stop it first with \`${ctx.cmd} hub stop\`` });
  }
  if (status.state === 'stale' && hub.clearStaleHubState(ctx.host().home)) {
    ctx.printError(t`Removed a stale hub.json (its hub, pid ${String(status.pid)}, is gone).`);
  }
}

async function foreground(ctx: CliContext, hub: typeof import('@outboard/hub'), port: number): Promise<number> {
  const log = (line: string): void => ctx.printError(t`${new Date().toISOString()} ${line}`);
  const running = await hub.startHub({ host: { identity: ctx.identity, env: ctx.io.env, home: ctx.host().home }, port, log });
  ctx.print(t`Hub running at ${running.url} (pid ${String(process.pid)}); Ctrl+C stops it.`);
  // Only to a person at a terminal: the daemon's output goes to a log, and the token is never logged.
  if (ctx.printer.interactive) printSignIn(ctx, running.signInLink());
  // Handlers stay installed while stopping: Ctrl+C reaches the whole process group (a wrapper such as npm
  // start may forward it once more), and a second signal must not kill the hub half-way through its stop.
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(s, () => resolve(s));
  });
  await running.stop(`received ${signal}`);
  return 0;
}

/** The sign-in link: a one-time code (valid 2 minutes), never the token, so history and scrollback keep nothing of worth. */
function printSignIn(ctx: CliContext, link: { url: string } | undefined): void {
  if (link) ctx.print(t`Sign in (this link works once, within 2 minutes; \`${ctx.cmd} hub open\` makes a new one): ${link.url}`);
}
