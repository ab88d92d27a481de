// A home with fixture peer extensions (the host package's fixture peers) installed in the user source and
// approved through the built CLI, for the `outboard actions` end-to-end tests.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_MAIN, runCli, tempDir, writeFiles } from './lib/fixture-home.js';
import { FIXTURE_PEER, PROTOCOL_URL, userPackageDir, writePeerPackage } from './lib/peer-package.js';

/** One fixture peer extension: its name (which its action ids start with), the fixture's mode and capabilities. */
export interface ActionsFixture {
  name: string;
  mode?: string;
  capabilities?: { required: string[]; optional: string[] };
  /** RPC methods its manifest declares (the fixture peer echoes every `rpc/invoke`). Default: none. */
  rpc?: string[];
  /** Providers its manifest declares (the fixture peer answers by the id's suffix); the peer starts onProvider. */
  providers?: Array<{ id: string; kind: string; title: string }>;
  /** Views its manifest declares (the fixture peer renders by the id's suffix); the peer starts onView. */
  views?: Array<{ id: string; title: string; where?: string[]; path?: string }>;
  /** Declares a sidecar too (its bin is never run by these tests). */
  sidecar?: boolean;
}

/** A temporary home with the fixtures approved (every capability granted), and the environment to run the CLI in. */
export interface ActionsHome {
  root: string;
  home: string;
  marks: string;
  /** Environment for runCli: the fixture peers read FIXTURE_PROTOCOL_URL and write FIXTURE_MARKS. */
  env: NodeJS.ProcessEnv;
  /** Lines of the marks file of one extension, prefix removed. */
  marksOf(name: string): string[];
  cleanup(): void;
}

/** Installs and approves the fixtures, and registers project p1. */
export function actionsHome(fixtures: ActionsFixture[]): ActionsHome {
  const tmp = tempDir('outboard-actions-');
  const home = join(tmp.path, 'home');
  const marks = join(tmp.path, 'marks.log');
  writeFileSync(marks, '');
  const env = { FIXTURE_PROTOCOL_URL: PROTOCOL_URL, FIXTURE_MARKS: marks };
  for (const f of fixtures) {
    const x = f.name;
    writePeerPackage(
      userPackageDir(home, f.name),
      {
        name: f.name,
        exec: ['node', './peer.mjs', f.mode ?? 'good'],
        activation: f.providers ? ['onProvider'] : f.views ? ['onView'] : ['onAction'],
        ...(f.sidecar ? { block: { sidecar: { bin: 'serve.mjs' } } } : {}),
        contributes: {
          actions: [
            { id: `${x}.hello`, title: 'Say hello', targets: ['global', 'project'] },
            { id: `${x}.slow`, title: 'Take a while' },
            { id: `${x}.call`, title: 'Call a host method' },
          ],
          events: [`${x}.happened`],
          ...(f.rpc ? { rpc: f.rpc } : {}),
          ...(f.providers ? { providers: f.providers } : {}),
          ...(f.views ? { views: f.views } : {}),
        },
        capabilities: f.capabilities ?? { required: ['ui.action.contribute'], optional: ['ui.notification'] },
      },
      { peerFrom: FIXTURE_PEER, ...(f.sidecar ? { files: { 'serve.mjs': '// never run by these tests\n' } } : {}) },
    );
    const approved = runCli(['extensions', 'enable', f.name, '--yes', '--grant-all'], { home, env });
    assert.equal(approved.code, 0, approved.stderr);
  }
  // Project p1 is registered (its root is the temporary folder): the host refuses a --project that names none.
  writeFiles(home, { 'projects.json': { format: 1, projects: { p1: { id: 'p1', name: 'p1', root: realpathSync(tmp.path), registeredAt: new Date().toISOString() } } } });
  return { root: tmp.path, home, marks, env, marksOf: marksReader(marks), cleanup: () => tmp.cleanup() };
}

/** Reads the lines the fixture peers wrote to the marks file `marks` for one extension, its prefix removed. */
export function marksReader(marks: string): (name: string) => string[] {
  return (name) =>
    readFileSync(marks, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith(`${name}: `))
      .map((l) => l.slice(name.length + 2));
}

/** The pids of the peer processes one extension started (from its marks). */
export function peerPids(h: ActionsHome, name: string): number[] {
  return h.marksOf(name).flatMap((l) => (/^start (\d+)$/.exec(l) ? [Number(/^start (\d+)$/.exec(l)?.[1])] : []));
}

/** Whether a process runs (a zombie counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/** Polls until `check` is truthy; fails naming `what` after `ms`. */
export async function waitFor<T>(what: string, check: () => T, ms = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** `outboard <args>` started in its own process group (as a shell starts a foreground job), output collected. */
export class CliJob {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(args: string[], h: ActionsHome) {
    this.child = spawn(process.execPath, [CLI_MAIN, ...args], {
      cwd: h.root,
      env: { ...process.env, ...h.env, OUTBOARD_HOME: h.home, NO_COLOR: '1' },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.setEncoding('utf8').on('data', (c: string) => (this.stdout += c));
    this.child.stderr?.setEncoding('utf8').on('data', (c: string) => (this.stderr += c));
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /** Waits for the exit, failing after `ms`. */
  async done(ms = 20_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`outboard did not exit; stdout: ${this.stdout}; stderr: ${this.stderr}`)), ms).unref());
    return Promise.race([this.exited, timeout]);
  }

  /** Kills what is left of its process group (cleanup after a failure). */
  killGroup(): void {
    try {
      process.kill(-(this.child.pid as number), 'SIGKILL');
    } catch {
      // already gone
    }
  }
}
