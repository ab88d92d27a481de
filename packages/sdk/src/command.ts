import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { hostCommandOf, readEnvironment, type ExtensionEnvironment } from './environment.js';
import { createHubClient, type HubClient } from './hub-client.js';

/** The result of {@link CommandContext.callHost}. */
export interface HostCallResult {
  /** The exit code (128 + n when killed by signal n). */
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** What an extension command (or a sidecar) knows about where it runs. */
export interface CommandContext extends ExtensionEnvironment {
  /** The checked config section (an empty object when the host gave none). */
  readonly config: Readonly<Record<string, unknown>>;
  /** The hub's API; reads the token file itself. */
  readonly hub: HubClient;
  /** Runs the host's own CLI (`OUTBOARD_BIN` with `process.execPath`) and collects its output; never rejects on a non-zero exit. */
  callHost(args: readonly string[], options?: { readonly input?: string; readonly cwd?: string }): Promise<HostCallResult>;
}

/**
 * Parses the environment of an extension command: home, state dir, config section, hub URL, a hub client
 * and `callHost`.
 * @throws NotStartedByHostError when the process was not started by the host.
 */
export function commandContext(env: NodeJS.ProcessEnv = process.env): CommandContext {
  const parsed = readEnvironment(env);
  return { ...parsed, config: readConfig(parsed.configFile), hub: createHubClient(parsed.hubUrl, parsed.tokenFile, hostCommandOf(parsed.prefix)), callHost: (args, options) => callHost(parsed.bin, args, options) };
}

function readConfig(file: string): Record<string, unknown> {
  if (!file) return {};
  const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function callHost(bin: string, args: readonly string[], options: { input?: string; cwd?: string } = {}): Promise<HostCallResult> {
  if (!bin) return Promise.reject(new Error('the host named no CLI entry (OUTBOARD_BIN is empty), so it cannot be called'));
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [bin, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...(options.cwd ? { cwd: options.cwd } : {}) }, (error, stdout, stderr) => {
      const signal = error && 'signal' in error && typeof error.signal === 'string' ? error.signal : undefined;
      const code = child.exitCode ?? (signal ? 128 + signalNumber(signal) : error ? 1 : 0);
      resolve({ code, stdout, stderr });
    });
    if (options.input !== undefined) child.stdin?.end(options.input);
    else child.stdin?.end();
  });
}

function signalNumber(signal: string): number {
  return ({ SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 } as Record<string, number>)[signal] ?? 0;
}
