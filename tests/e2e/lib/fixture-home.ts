import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import type { SpawnSyncOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root (tests run from tests/e2e/dist/...). */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** The built CLI entry of this checkout. */
export const CLI_MAIN = join(REPO_ROOT, 'packages', 'cli', 'dist', 'src', 'main.js');

/** A fresh temporary folder, removed by the returned cleanup. */
export function tempDir(prefix = 'outboard-e2e-'): { path: string; cleanup(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

/** Writes `files` (relative path → content; objects are written as JSON) under `dir`. */
export function writeFiles(dir: string, files: Record<string, string | object>): void {
  for (const [rel, content] of Object.entries(files)) {
    const full = join(dir, rel);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  }
}

/** Options for {@link extensionPackageJson}. */
export interface ExtensionFixture {
  name: string;
  packageName?: string;
  version?: string;
  hostId?: string;
  engines?: string | null;
  commands?: Array<{ name: string; bin?: string; exec?: string[]; summary?: string }>;
  block?: Record<string, unknown>;
}

/** A package.json with an extension block: one command `<name>` running bin/cli.js unless told otherwise. */
export function extensionPackageJson(f: ExtensionFixture): Record<string, unknown> {
  const hostId = f.hostId ?? 'outboard';
  return {
    name: f.packageName ?? `${hostId}-ext-${f.name}`,
    version: f.version ?? '1.0.0',
    ...(f.engines === null ? {} : { engines: { [hostId]: f.engines ?? '>=0.1.0' } }),
    [hostId]: {
      extension: {
        apiVersion: 1,
        name: f.name,
        commands: f.commands ?? [{ name: f.name, bin: 'bin/cli.js', summary: `The ${f.name} command` }],
        ...f.block,
      },
    },
  };
}

/** Writes an extension package folder with its package.json and a bin/cli.js that prints its arguments. */
export function writeExtension(dir: string, f: ExtensionFixture, extraFiles: Record<string, string | object> = {}): string {
  writeFiles(dir, {
    'package.json': extensionPackageJson(f),
    'bin/cli.js': `process.stdout.write(JSON.stringify({ name: ${JSON.stringify(f.name)}, args: process.argv.slice(2) }) + '\\n');\n`,
    ...extraFiles,
  });
  return dir;
}

/** The result of one CLI run. */
export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI synchronously with a clean environment (no colour, the given home) and a time limit. */
export function runCli(
  args: string[],
  // untilTimeout: a command that runs until stopped (`--follow`) is stopped at the time limit and its output so far returned.
  options: { home: string; cwd?: string; env?: NodeJS.ProcessEnv; input?: string; main?: string; untilTimeout?: boolean } & Pick<SpawnSyncOptions, 'timeout'>,
): CliRun {
  const base: NodeJS.ProcessEnv = { ...process.env };
  delete base.FORCE_COLOR;
  const env: NodeJS.ProcessEnv = { ...base, OUTBOARD_HOME: options.home, NO_COLOR: '1', ...options.env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  const r = spawnSync(process.execPath, [options.main ?? CLI_MAIN, ...args], {
    cwd: options.cwd ?? options.home,
    env,
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: options.timeout ?? 30_000,
  });
  const timedOut = (r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT';
  if (r.error && !(timedOut && options.untilTimeout)) throw r.error;
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** Runs the CLI and parses its stdout as JSON. */
export function runCliJson<T = unknown>(args: string[], options: Parameters<typeof runCli>[1]): { code: number | null; json: T; stderr: string } {
  const r = runCli(args, options);
  try {
    return { code: r.code, json: JSON.parse(r.stdout) as T, stderr: r.stderr };
  } catch {
    throw new Error(`expected JSON from \`${args.join(' ')}\`, got:\n${r.stdout}\nstderr:\n${r.stderr}`);
  }
}

/** The pseudo-terminal runner (python3's pty module): answers prompts as a person would. */
export const RUN_IN_PTY = join(REPO_ROOT, 'tests', 'e2e', 'lib', 'run-in-pty.py');

/**
 * Runs the CLI inside a pseudo-terminal, typing each answer when its prompt appears. Output is the terminal's
 * (stdout and stderr together, with `\r\n` line ends).
 */
export function runCliInTerminal(args: string[], answers: Array<[prompt: string, text: string] | [prompt: string, text: string, before: string[]]>, options: { home: string; cwd?: string; env?: NodeJS.ProcessEnv }): { code: number | null; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, OUTBOARD_HOME: options.home, NO_COLOR: '1', ...options.env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  const r = spawnSync('python3', [RUN_IN_PTY, JSON.stringify(answers), '--', process.execPath, CLI_MAIN, ...args], {
    cwd: options.cwd ?? options.home,
    env,
    encoding: 'utf8',
    timeout: 40_000,
  });
  if (r.error) throw r.error;
  return { code: r.status, output: r.stdout };
}
