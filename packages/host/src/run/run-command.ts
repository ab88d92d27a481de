import { runForegroundCommand } from './foreground-command.js';
import type { LaunchPlan } from './launch-plan.js';

/**
 * Runs a command's launch plan as the terminal's foreground job (see `runForegroundCommand`) and resolves
 * with the exit code a shell would report; the plan is disposed (its config file removed) when the command
 * ends, or when it cannot start (then this rejects with `RUNNABLE_SPAWN_FAILED`).
 */
export async function runCommand(plan: LaunchPlan): Promise<number> {
  try {
    return await runForegroundCommand({ command: plan.command, args: plan.args, env: plan.env, cwd: plan.cwd });
  } finally {
    plan.dispose();
  }
}
