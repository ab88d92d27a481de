import { resolveHomeDir, resolveHostIdentity, type HostIdentityOptions } from '@outboard/host';
import { hubTokenFile, launchRecordKey, materializeLaunch, missingDependencyLine, readLaunchRecord, runCommand, runningHubEndpoint, type LaunchPlan } from '@outboard/host/run';

/** What a recorded launch reads of its process, and how it prints a line (escaped, as the printer does). */
export interface RecordedLaunchIo {
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  printError(line: string): void;
}

/**
 * The shortest path of `<id> <command> ...`: when the launch record of this command (kept by the warm path,
 * host run/launch-record.ts) still holds, that is when every file its decision read is unchanged, the key is
 * the same and the record is this user's alone, the command starts from it, with the host's own
 * `materializeLaunch` and `runCommand`: a fresh config file, the environment contract, the hub running now.
 * Resolves to its exit code; to `undefined` BEFORE anything has run in every other case (no record, a changed
 * input, a launch that cannot be planned or started), and the caller decides afresh (run.cjs, then fast.cjs),
 * which reports whatever is wrong.
 */
export async function launchRecorded(argv: readonly string[], identityOptions: HostIdentityOptions, build: string, io: RecordedLaunchIo): Promise<number | undefined> {
  const [name, ...args] = argv;
  if (name === undefined) return undefined;
  let identity;
  let recorded;
  let plan: LaunchPlan;
  try {
    identity = resolveHostIdentity(identityOptions);
    const home = resolveHomeDir(identity, io.env);
    recorded = readLaunchRecord(home, launchRecordKey({ build, version: identity.version }, name, io.env, io.cwd));
    if (recorded === undefined) return undefined;
    const hubEndpoint = () => runningHubEndpoint(home);
    plan = await materializeLaunch({ identity, home, env: io.env, cwd: io.cwd, tokenFile: hubTokenFile(home), hubEndpoint }, recorded.decision, { command: name, args, cwd: io.cwd });
  } catch {
    return undefined;
  }
  let code: number;
  try {
    code = await runCommand(plan);
  } catch {
    return undefined; // it never started: deciding afresh starts it or reports why it cannot
  }
  // As the warm path does: a Node command that failed may have died of a dependency never installed.
  // Never a throw from here on: the command ran, and must not run again.
  try {
    const missing = code !== 0 && plan.command === process.execPath ? missingDependencyLine(recorded.extension.dir) : undefined;
    if (missing) io.printError(`${identity.id}: ${recorded.extension.key}: ${missing}`);
  } catch {
    // the hint is a courtesy
  }
  return code;
}
