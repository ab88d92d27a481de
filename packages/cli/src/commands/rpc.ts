import { createHost, isOutboardError } from '@outboard/host';
import type { OutboardError } from '@outboard/host/errors';
import type { CliContext } from '../cli-context.js';
import { cliError, UsageError } from '../errors/cli-errors.js';
import type { ParsedOptions } from '../router/command-spec.js';
import { callHub, HubRpcError, HubUnreachableError } from './hub-rpc.js';

/**
 * `<id> rpc <method> [<json-params>]`: calls one method of the host's RPC registry and prints its JSON result;
 * a refusal or failure exits non-zero with the error. Through the running hub's `/api/rpc` (its shared peers
 * and plugins), else in this process (the host's built-ins and the peers' declared methods).
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const method = opts.positionals[0] as string;
  const params = parseParams(opts.positionals[1]);
  const hub = ctx.host().runningHub();
  if (hub) {
    try {
      ctx.printJson(await callHub({ url: hub.url, token: hub.token }, method, params));
      return 0;
    } catch (error) {
      if (error instanceof HubRpcError && error.reason === 'method_not_found') throw noSuchMethod(ctx, method);
      if (error instanceof HubRpcError && error.code === 'HUB_REQUEST_FAILED') throw cliError('RPC_CALL_FAILED', `${method}: ${error.message}`, undefined, error.details);
      // The hub in hub.json just died: serve the call here, as without a hub.
      if (!(error instanceof HubUnreachableError)) throw error;
    }
  }
  const host = createHost({ identity: ctx.identity, cwd: ctx.io.cwd, env: ctx.io.env });
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  try {
    ctx.printJson((await host.rpc.call(method, params, { caller: 'cli', signal: controller.signal })) ?? null);
    return 0;
  } catch (error) {
    if (isOutboardError(error)) throw error;
    // The registry's wire refusal (a ResponseError): its reason, not its wording, which serves every surface.
    if ((error as { reason?: unknown } | null)?.reason === 'method_not_found') throw noSuchMethod(ctx, method);
    throw cliError('RPC_CALL_FAILED', `${method}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    process.off('SIGINT', stop);
    await (await host.peers()).dispose();
  }
}

/** The one line for a method nobody serves, through the hub or not: what to run to see those served. */
function noSuchMethod(ctx: CliContext, method: string): OutboardError {
  return cliError('RPC_CALL_FAILED', `no RPC method ${JSON.stringify(method)}`, `\`${ctx.cmd} rpc rpc.methods\` lists the methods served`);
}

function parseParams(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the params must be JSON: ${(error as Error).message}`, `For example: '{"limit": 10}'`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError('the params must be a JSON object', `For example: '{"limit": 10}'`);
  return value as Record<string, unknown>;
}
