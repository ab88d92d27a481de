import type { ExtensionRecord, HostIdentityOptions } from '@outboard/host';
import { envPrefixOf } from '@outboard/host/errors';
import { launchRecordKey, startInputTrace, writeLaunchRecord, type LaunchDecision, type TracedInputs } from '@outboard/host/run';
import { CliContext, type CliIo } from './cli-context.js';
import { withBuiltins } from './cli-identity.js';
import { reportError } from './errors/cli-errors.js';
import { runPlannedCommand } from './run-extension-command.js';

/**
 * The warm path of `<id> <word> ...` where the word is no built-in (the loader has classified it): when the host
 * says the word is an approved command of an enabled extension and plans it without a refusal, runs it and
 * resolves to its exit code, having loaded only what that takes (run.cjs, see scripts/bundle-cli.mjs).
 * Anything else (an unknown or unapproved command, a conflict, a refusal, a failure) resolves to `undefined`
 * BEFORE anything has run: the caller then takes the full path (`runCli`), which asks the same host the same
 * question and prints what is wrong and how to fix it. Once the command started, nothing falls back: its
 * failure to start is reported here, as the full path reports it.
 *
 * With `build` (the bin's build key), the decision is traced and kept as a launch record (host
 * run/launch-record.ts), from which the next launch of the same command may start without loading the host.
 */
export async function runWarm(argv: readonly string[], identity: HostIdentityOptions, builtins: readonly string[], io: CliIo, build?: string): Promise<number | undefined> {
  const [name, ...args] = argv;
  if (name === undefined) return undefined;
  let ctx: CliContext;
  let ready: { ext: ExtensionRecord; decision: LaunchDecision };
  // `build` comes from the bin, a CommonJS bundle: every read goes through node:fs's module object.
  const trace = build === undefined ? undefined : startInputTrace({ esModules: false });
  let traced: TracedInputs | undefined;
  try {
    ctx = new CliContext(withBuiltins(identity, builtins), io);
    await ctx.loadHost();
    const verdict = await ctx.host().resolveCommand(name);
    if (verdict.kind !== 'run') return undefined;
    ready = { ext: verdict.extension, decision: await ctx.host().decideLaunch(verdict.extension, 'command', { command: name }) };
  } catch {
    return undefined; // the full path meets the same refusal and reports it
  } finally {
    traced = trace?.stop();
  }
  if (build !== undefined && traced !== undefined) {
    const kept = writeLaunchRecord(ctx.host().home, launchRecordKey({ build, version: ctx.identity.version }, name, io.env, io.cwd), traced, { key: ready.ext.key, dir: ready.ext.dir }, ready.decision);
    if (!kept.written && io.env[`${envPrefixOf(ctx.identity)}_DEBUG`] === '1') ctx.printer.printError(`${ctx.identity.id}: debug: no launch record for ${name}: ${kept.why}`);
  }
  let plan;
  try {
    plan = await ctx.host().materializeLaunch(ready.decision, { command: name, args, cwd: io.cwd });
  } catch {
    return undefined;
  }
  try {
    return await runPlannedCommand(ctx, ready.ext, plan);
  } catch (error) {
    return reportError(ctx.printer, error, { host: ctx.identity, debug: io.env[`${envPrefixOf(ctx.identity)}_DEBUG`] === '1' });
  }
}
