import type { ExtensionRecord } from '@outboard/host';
import {
  RunnableError,
  buildExtensionEnv,
  ensureStateDir,
  resolveRunnable,
  runForegroundCommand,
  sweepStaleCommandConfigFiles,
  writeCommandConfigFile,
} from '@outboard/host/run';
import type { CliContext } from './cli-context.js';
import { cliError } from './errors/cli-errors.js';

/** The contract version of the environment and manifest this host speaks. */
const EXTENSION_API_VERSION = 1;

/**
 * Runs one command of an enabled extension in the foreground, as DESIGN.md §4–§5 require: the checked config
 * in a file of its own, the environment contract, stdio inherited, signals forwarded, exit code passed back.
 */
export async function runExtensionCommand(ctx: CliContext, ext: ExtensionRecord, commandName: string, args: string[]): Promise<number> {
  const host = ctx.host();
  const name = ext.name as string;
  const command = ext.manifest?.commands?.find((c) => c.name === commandName);
  if (!command) throw cliError('CLI_CHANGED_WHILE_DECIDING', `extension ${ext.key} no longer declares command "${commandName}"`, `Run \`${ctx.cmd} extensions info ${ext.key}\`.`);
  let resolved;
  try {
    resolved = resolveRunnable(command, ext.dir, { execPath: process.execPath, pathEnv: ctx.io.env.PATH });
  } catch (error) {
    if (error instanceof RunnableError) throw cliError('CLI_CANNOT_RUN', `cannot run ${ext.key}: ${error.message}`, `Run \`${ctx.cmd} extensions doctor\` for every problem, or reinstall ${ext.packageName}.`);
    throw error;
  }
  const config = await host.extensionConfig(ext);
  if (config.problems.length > 0) {
    throw cliError(
      'CONFIG_INVALID_VALUE',
      `the config of ${ext.key} breaks its schema: ${config.problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`,
      `Fix it with \`${ctx.cmd} config extensions.${name}.<key> <value>\` (see \`${ctx.cmd} extensions info ${ext.key}\`).`,
    );
  }
  const stateDir = ensureStateDir(host.home, name);
  sweepStaleCommandConfigFiles(stateDir, ctx.identity.id);
  const configFile = writeCommandConfigFile(stateDir, ctx.identity.id, config.value);
  try {
    const hub = host.runningHub();
    const env = buildExtensionEnv({
      envPrefix: host.identity.envPrefix,
      baseEnv: ctx.io.env,
      apiVersion: EXTENSION_API_VERSION,
      hostVersion: host.identity.version,
      binPath: host.identity.binPath ?? process.argv[1] ?? '',
      home: host.home,
      extensionName: name,
      stateDir,
      configFile: configFile.path,
      ...(hub ? { hub: { url: hub.url, tokenFile: hub.tokenFile }, tokenValue: hub.token } : {}),
    });
    return await runForegroundCommand({ command: resolved.command, args: [...resolved.args, ...args], env, cwd: ctx.io.cwd });
  } catch (error) {
    if (error instanceof RunnableError) throw cliError('CLI_CANNOT_RUN', `cannot run ${ext.key}: ${error.message}`, `Run \`${ctx.cmd} extensions doctor\`.`);
    throw error;
  } finally {
    configFile.dispose();
  }
}
