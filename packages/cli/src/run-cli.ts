import type { HostIdentityOptions } from '@outboard/host';
import type { CliIo } from './cli-context.js';
import { CliContext, UsageError } from './cli-context.js';
import { BUILTIN_NAMES, findBuiltin } from './builtins.js';

/**
 * Runs one CLI invocation for a host identity and resolves to its exit code. Built-ins always win; any
 * other first word goes to extension dispatch.
 */
export async function runCli(argv: readonly string[], identity: HostIdentityOptions, io: CliIo): Promise<number> {
  const ctx = new CliContext({ ...identity, builtins: [...(identity.builtins ?? []), ...BUILTIN_NAMES] }, io);
  try {
    return await route(ctx, [...argv]);
  } catch (error) {
    if (error instanceof UsageError) {
      // One line naming the problem and the fix (DESIGN §4); a multi-line detail (a config problem list) follows.
      const [first, ...detail] = error.message.split('\n');
      ctx.printError(`${ctx.err.red('error:')} ${error.hint ? `${(first ?? '').replace(/[.\s]+$/, '')} — ${error.hint}` : first}`, ...detail);
      return error.exitCode;
    }
    throw error;
  }
}

async function route(ctx: CliContext, argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') return (await import('./commands/help.js')).run(ctx, []);
  if (first === '--version' || first === '-V' || first === '-v') return (await import('./commands/version.js')).run(ctx, []);
  if (first.startsWith('-')) {
    throw new UsageError(`unknown option ${first}`, `Run \`${ctx.identity.id} --help\` for usage.`);
  }
  const builtin = findBuiltin(first);
  if (builtin) {
    if (!builtin.load) {
      ctx.printError(`${ctx.err.red('error:')} \`${ctx.identity.id} ${builtin.name}\` is not available in this version (${ctx.identity.version}).`);
      return 1;
    }
    return (await builtin.load()).run(ctx, rest);
  }
  return (await import('./commands/dispatch.js')).run(ctx, first, rest);
}
