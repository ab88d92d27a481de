// The process contract with real processes and real signals: Ctrl+C reaches the extension through the process
// group, SIGTERM and SIGHUP sent to `outboard` alone are forwarded, exit codes come back; per-run config files
// are distinct, and the ones a killed run left behind are swept by the next run.
//
// "No time limit" is not tested beyond these runs (each lasts until the test signals it); a test cannot prove
// the absence of a limit.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CLI_MAIN, runCli, tempDir } from './lib/fixture-home.js';
import { installFixture } from './lib/dispatch-fixtures.js';

const WAIT_MS = 15_000;

/** `outboard <args>` started in its own process group (as a shell starts a foreground job), output collected. */
class CliProcess {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  /** Resolves when `outboard` itself exited (not waiting for the pipes an orphaned extension may hold). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(args: string[], home: string) {
    this.child = spawn(process.execPath, [CLI_MAIN, ...args], {
      cwd: home,
      env: { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1' },
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (this.stdout += chunk));
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  get pid(): number {
    return this.child.pid as number;
  }

  /** Waits until stdout matches `pattern`, failing after WAIT_MS. */
  async waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const m = pattern.exec(this.stdout);
      if (m) return m;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}; stdout: ${this.stdout}; stderr: ${this.stderr}`);
      if (this.child.exitCode !== null) throw new Error(`outboard exited ${this.child.exitCode} before ${pattern}; stderr: ${this.stderr}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Waits for the exit of `outboard` and its pipes to close (the extension's output is complete then). */
  async done(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    const closed = new Promise<void>((resolve) => this.child.once('close', () => resolve()));
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`outboard did not exit; stdout: ${this.stdout}; stderr: ${this.stderr}`)), WAIT_MS).unref());
    const result = await Promise.race([this.exited, timeout]);
    if (this.child.stdout && !this.child.stdout.readableEnded) await Promise.race([closed, timeout]);
    return result;
  }

  /** Kills what is left of the process group (cleanup after a failure). */
  killGroup(): void {
    try {
      process.kill(-this.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('signals, exit codes and per-run config files with real processes', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  const stateDir = join(home, 'ext', 'probe');
  const started: CliProcess[] = [];
  const start = (args: string[]): CliProcess => {
    const p = new CliProcess(args, home);
    started.push(p);
    return p;
  };

  before(() => {
    installFixture(home, 'probe');
    const r = runCli(['extensions', 'enable', 'probe', '--yes'], { home });
    assert.equal(r.code, 0, r.stderr);
  });
  after(() => {
    for (const p of started) p.killGroup();
    tmp.cleanup();
  });

  it('Ctrl+C (SIGINT to the process group): the extension handles it and its exit code comes back', async () => {
    const p = start(['probe-wait']);
    await p.waitFor(/^ready \d+/m);
    process.kill(-p.pid, 'SIGINT');
    const { code, signal } = await p.done();
    assert.equal(signal, null, 'outboard did not die of the SIGINT meant for the extension');
    assert.equal(code, 41, p.stderr);
    assert.match(p.stdout, /^saw SIGINT$/m);
    assert.equal(p.stderr, '');
  });

  for (const [signal, code] of [['SIGTERM', 42], ['SIGHUP', 43]] as const) {
    it(`${signal} sent to outboard alone is forwarded; the extension's exit code comes back`, async () => {
      const p = start(['probe-wait']);
      const [, extPid] = await p.waitFor(/^ready (\d+)/m);
      assert.notEqual(Number(extPid), p.pid, 'the extension is a process of its own');
      process.kill(p.pid, signal);
      const result = await p.done();
      assert.equal(result.signal, null);
      assert.equal(result.code, code, p.stderr);
      assert.match(p.stdout, new RegExp(`^saw ${signal}$`, 'm'));
    });
  }

  it('a forwarded SIGTERM the extension does not handle: outboard exits 143', async () => {
    const p = start(['probe-wait', 'plain']);
    await p.waitFor(/^ready \d+/m);
    process.kill(p.pid, 'SIGTERM');
    const { code, signal } = await p.done();
    assert.equal(signal, null);
    assert.equal(code, 143, p.stderr);
  });

  it('concurrent runs each get a config file of their own, removed when each exits', async () => {
    const a = start(['probe-wait']);
    const b = start(['probe-wait']);
    const [, , fileA] = await a.waitFor(/^ready (\d+) (\S+)$/m);
    const [, , fileB] = await b.waitFor(/^ready (\d+) (\S+)$/m);
    assert.notEqual(fileA, fileB);
    assert.match(basename(fileA ?? ''), new RegExp(`^outboard-config-${a.pid}-[0-9a-f]+\\.json$`));
    assert.match(basename(fileB ?? ''), new RegExp(`^outboard-config-${b.pid}-[0-9a-f]+\\.json$`));
    assert.ok(existsSync(fileA ?? '') && existsSync(fileB ?? ''));
    process.kill(a.pid, 'SIGTERM');
    assert.equal((await a.done()).code, 42);
    assert.ok(!existsSync(fileA ?? ''), 'the first run removed its file');
    assert.ok(existsSync(fileB ?? ''), 'and left the other run\'s file alone');
    process.kill(b.pid, 'SIGTERM');
    assert.equal((await b.done()).code, 42);
    assert.ok(!existsSync(fileB ?? ''));
  });

  it('a run killed with SIGKILL leaves its config file; the next run sweeps it', async () => {
    const p = start(['probe-wait']);
    const [, extPid, file] = await p.waitFor(/^ready (\d+) (\S+)$/m);
    process.kill(p.pid, 'SIGKILL');
    const { signal } = await p.exited; // reaped: its pid is gone
    assert.equal(signal, 'SIGKILL');
    assert.ok(!isAlive(p.pid));
    assert.ok(existsSync(file ?? ''), 'nobody could remove it');
    process.kill(Number(extPid), 'SIGKILL'); // the orphaned extension
    const next = runCli(['probe'], { home });
    assert.equal(next.code, 0, next.stderr);
    const report = JSON.parse(next.stdout) as { stateDirEntries: string[]; env: Record<string, string> };
    assert.ok(!existsSync(file ?? ''), 'swept by the next run');
    assert.deepEqual(report.stateDirEntries, [basename(report.env.OUTBOARD_EXTENSION_CONFIG ?? '')], 'only the new run\'s own file was there');
    assert.deepEqual(readdirSync(stateDir), [], 'and that one is gone too');
  });
});
