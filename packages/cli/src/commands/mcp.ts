import type { Readable, Writable } from 'node:stream';
import type { CliContext } from '../cli-context.js';
import type { ParsedOptions } from './command-spec.js';
import { t } from '../terminal/text.js';
import { HubClient } from '../hub-client/hub-client.js';
import type { HubEndpoint } from '../hub-client/hub-endpoint.js';
import { findTrustedHub } from '../hub-client/hub-trust.js';
import { parsePort, startDetachedHub } from './hub-start.js';
import { StopSignals } from './stop-signals.js';
import { CliError } from '../errors/cli-errors.js';
import { HubError } from '@outboard/hub/errors';
import { loadMcpAdapter } from './mcp-adapter.js';

/**
 * `<id> mcp [--port N]`: an MCP server on stdio (DESIGN §11) over the running hub of this home, started
 * detached when none runs (saying so on stderr), so agents share the peers of the CLI and the browser.
 * Nothing but MCP is written to stdout; every line for the person goes to stderr. Ends when the client
 * closes stdin, the hub goes away (exit 1), or on SIGINT/SIGTERM/SIGHUP.
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const endpoint = await hubForAgents(ctx, opts);
  const client = await HubClient.connect(endpoint);
  const stop = new StopSignals();
  try {
    const { HubMcpServer, stdioTransport } = await loadMcpAdapter();
    const server = new HubMcpServer({ hub: client, hostId: ctx.cmd, version: ctx.host().identity.version, log: (line) => ctx.printError(t`${line}`) });
    const wire = ctx.printer.protocolStreams();
    const stdin = wire.input as Readable;
    const ended = new Promise<{ code: number; why: string }>((resolve) => {
      client.onClose((reason) => resolve({ code: 1, why: `the hub at ${endpoint.url} closed the connection (${reason}); start the session again` }));
      stdin.once('end', () => resolve({ code: 0, why: 'the client closed the session' }));
      stop.signal.addEventListener('abort', () => resolve({ code: 0, why: 'stopped' }), { once: true });
      server.server.onclose = () => resolve({ code: 0, why: 'the client closed the session' });
    });
    await server.connect(stdioTransport(stdin, wire.output as Writable));
    ctx.printError(ctx.err.dim(t`${ctx.cmd} mcp: serving agents on stdio through the hub at ${endpoint.url}`));
    const { code, why } = await ended;
    ctx.printError(ctx.err.dim(t`${ctx.cmd} mcp: ${why}`));
    await server.close();
    // The session is over: nothing more is read, so a client that keeps its end open does not keep this process.
    stdin.destroy();
    return code;
  } finally {
    stop.dispose();
    client.close();
  }
}

/** This home's trusted hub; one is started (on `--port`, default the hub's) when none runs. */
async function hubForAgents(ctx: CliContext, opts: ParsedOptions): Promise<HubEndpoint> {
  const found = await findTrustedHub(ctx.host());
  if (found.kind === 'trusted') return found.hub;
  if (found.kind === 'untrusted') {
    throw new CliError('HUB_REQUEST_FAILED', `the hub named in ${ctx.host().home}/hub.json (${found.url}) is not this home's: ${found.why}`, { hint: `check it with \`${ctx.cmd} hub status\`; stop it with \`${ctx.cmd} hub stop\` and run \`${ctx.cmd} mcp\` again` });
  }
  const { DEFAULT_HUB_PORT } = await import('@outboard/hub');
  ctx.printError(t`${ctx.cmd} mcp: no hub runs for ${ctx.host().home}; starting one (\`${ctx.cmd} hub stop\` stops it)...`);
  const state = await startDetachedHub(ctx, parsePort(opts.string('port'), DEFAULT_HUB_PORT));
  ctx.printError(t`${ctx.cmd} mcp: hub started at ${state.url} (pid ${String(state.pid)})`);
  ctx.host().refresh();
  const started = await findTrustedHub(ctx.host());
  if (started.kind !== 'trusted') throw new HubError('HUB_START_FAILED', `the hub started at ${state.url} did not answer as this home's hub${started.kind === 'untrusted' ? `: ${started.why}` : ''}`, { hint: `read its log with \`${ctx.cmd} hub status\`` });
  return started.hub;
}
