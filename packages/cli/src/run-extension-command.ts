import { isOutboardError, OutboardError, type OutboardErrorCode } from '@outboard/host/errors';
import { missingDependencyLine, runCommand, type LaunchPlan } from '@outboard/host/run';
import type { ExtensionRecord } from '@outboard/host';
import type { CliContext } from './cli-context.js';

/**
 * Runs one command of an enabled extension in the foreground through the host's one launch path
 * (`host.planLaunch`: checked real paths, config file, environment contract) and resolves to its exit code
 * (128 + n when it died of signal n). A launch refusal keeps its code and gains the command that fixes it.
 */
export async function runExtensionCommand(ctx: CliContext, ext: ExtensionRecord, commandName: string, args: readonly string[]): Promise<number> {
  return runPlannedCommand(ctx, ext, await planExtensionCommand(ctx, ext, commandName, args));
}

/** Plans the command (nothing runs yet); a refusal keeps its code and gains the command that fixes it. */
export async function planExtensionCommand(ctx: CliContext, ext: ExtensionRecord, commandName: string, args: readonly string[]): Promise<LaunchPlan> {
  try {
    return await ctx.host().planLaunch(ext, 'command', { command: commandName, args, cwd: ctx.io.cwd });
  } catch (error) {
    if (!isOutboardError(error)) throw error;
    if (error.code.startsWith('RUNNABLE_')) {
      throw new OutboardError(error.code as OutboardErrorCode, `cannot run ${ext.key}: ${error.message}`, { hint: `Run \`${ctx.cmd} extensions doctor\` for every problem, or reinstall ${ext.packageName}.`, cause: error });
    }
    if (error.code === 'CONFIG_INVALID_VALUE') {
      const name = ext.name ?? ext.key;
      throw new OutboardError(error.code as OutboardErrorCode, error.message, {
        hint: `Fix it with \`${ctx.cmd} config extensions.${name}.<key> <value>\` (see \`${ctx.cmd} extensions info ${ext.key}\`).`,
        details: error.details,
        cause: error,
      });
    }
    throw error;
  }
}

/** Runs a planned command and resolves to its exit code; rejects only when it could not be started. */
export async function runPlannedCommand(ctx: CliContext, ext: ExtensionRecord, plan: LaunchPlan): Promise<number> {
  try {
    const code = await runCommand(plan);
    // A Node command that failed may have died of a dependency never installed: say which, and how to install it.
    const missing = code !== 0 && plan.command === process.execPath ? missingDependencyLine(ext.dir) : undefined;
    if (missing) ctx.printer.printError(`${ctx.cmd}: ${ext.key}: ${missing}`);
    return code;
  } catch (error) {
    if (isOutboardError(error) && error.code.startsWith('RUNNABLE_')) {
      throw new OutboardError(error.code as OutboardErrorCode, `cannot run ${ext.key}: ${error.message}`, { hint: `Run \`${ctx.cmd} extensions doctor\`.`, cause: error });
    }
    throw error;
  }
}
