import type { HostIdentityOptions } from '@outboard/host';
import { envPrefixOf } from '@outboard/host/errors';
import { CliContext, type CliIo } from './cli-context.js';
import { withBuiltins } from './cli-identity.js';
import { reportError } from './errors/cli-errors.js';
import { planExtensionCommand, runPlannedCommand } from './run-extension-command.js';

/**
 * The warm path of `<id> <word> ...` where the word is no built-in (the loader has classified it): when the host
 * says the word is an approved command of an enabled extension and plans it without a refusal, runs it and
 * resolves to its exit code, having loaded only what that takes (run.cjs, see scripts/bundle-cli.mjs).
 * Anything else (an unknown or unapproved command, a conflict, a refusal, a failure) resolves to `undefined`
 * BEFORE anything has run: the caller then takes the full path (`runCli`), which asks the same host the same
 * question and prints what is wrong and how to fix it. Once the command started, nothing falls back: its
 * failure to start is reported here, as the full path reports it.
 */
export async function runWarm(argv: readonly string[], identity: HostIdentityOptions, builtins: readonly string[], io: CliIo): Promise<number | undefined> {
  const [name, ...args] = argv;
  if (name === undefined) return undefined;
  let ctx: CliContext;
  let ready;
  try {
    ctx = new CliContext(withBuiltins(identity, builtins), io);
    await ctx.loadHost();
    const verdict = await ctx.host().resolveCommand(name);
    if (verdict.kind !== 'run') return undefined;
    ready = { ext: verdict.extension, plan: await planExtensionCommand(ctx, verdict.extension, name, args) };
  } catch {
    return undefined; // the full path meets the same refusal and reports it
  }
  try {
    return await runPlannedCommand(ctx, ready.ext, ready.plan);
  } catch (error) {
    return reportError(ctx.printer, error, { host: ctx.identity, debug: io.env[`${envPrefixOf(ctx.identity)}_DEBUG`] === '1' });
  }
}
