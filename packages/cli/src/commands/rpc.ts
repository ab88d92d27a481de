import { isOutboardError } from '@outboard/host/errors';
import type { OutboardError } from '@outboard/host/errors';
import type { CliContext } from '../cli-context.js';
import { cliError, UsageError } from '../errors/cli-errors.js';
import type { ParsedOptions } from './command-spec.js';
import { openRpcRoute } from './rpc-route.js';

/**
 * `<id> rpc <method> [<json-params>]`: calls one method of the host's RPC registry and prints its JSON result;
 * a refusal or failure exits non-zero with the error. Through the running hub (its shared peers and plugins)
 * when this home's hub runs, else in this process: the host's built-ins and the peers' declared methods
 * (the peer is started for the call and stopped after it).
 */
export async function run(ctx: CliContext, opts: ParsedOptions): Promise<number> {
  const method = opts.positionals[0] as string;
  const params = parseParams(opts.positionals[1]);
  const route = await openRpcRoute(ctx);
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  try {
    ctx.printJson((await route.call(method, params, { signal: controller.signal })) ?? null);
    return 0;
  } catch (error) {
    if (isOutboardError(error)) throw error;
    // The registry's wire refusal (a ResponseError): its reason, not its wording, which serves every surface.
    if ((error as { reason?: unknown } | null)?.reason === 'method_not_found') throw noSuchMethod(ctx, method);
    throw cliError('RPC_CALL_FAILED', `${method}: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    process.off('SIGINT', stop);
    await route.dispose();
  }
}

/** The one line for a method nobody serves, through the hub or not: what to run to see those served. */
function noSuchMethod(ctx: CliContext, method: string): OutboardError<string> {
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
