// Real signals through a real host: harness.js (a minimal host built on runForegroundCommand) runs
// wait-for-signal.js. The harness is started detached so that it leads its own process group, as a
// shell's foreground job does; a terminal's Ctrl+C is a SIGINT to that whole group.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fixture, makeTempDir, within } from './run-fixtures.js';

interface Harness {
  readonly child: ChildProcess;
  readonly pid: number;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly stderr: () => string;
}

function startHarness(args: string[]): Harness {
  const child = spawn(process.execPath, [fixture('harness.js'), process.execPath, ...args], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  assert.ok(child.pid !== undefined, 'harness started');
  let err = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, pid: child.pid, exited, stderr: () => err };
}

function readyLine(harness: Harness): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    harness.child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (out.includes('ready\n')) resolve();
    });
    void harness.exited.then(({ code, signal }) => reject(new Error(`harness exited early: ${code ?? signal} ${harness.stderr()}`)));
  });
}

/** Kills whatever is left of the harness's process group; harmless when it is already gone. */
function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group already exited.
  }
}

describe('foreground signals through a real host process', () => {
  const temp = makeTempDir();
  after(() => temp.dispose());

  const cases: Array<{ name: string; signal: NodeJS.Signals; toGroup: boolean; code: number }> = [
    { name: 'SIGINT to the whole group (Ctrl+C) reaches the child; the host ignores it', signal: 'SIGINT', toGroup: true, code: 42 },
    { name: 'SIGQUIT to the whole group reaches the child; the host ignores it', signal: 'SIGQUIT', toGroup: true, code: 44 },
    { name: 'SIGTERM to the host alone is forwarded', signal: 'SIGTERM', toGroup: false, code: 43 },
    { name: 'SIGHUP to the host alone is forwarded', signal: 'SIGHUP', toGroup: false, code: 45 },
  ];

  for (const c of cases) {
    it(c.name, { timeout: 20_000 }, async () => {
      const record = path.join(temp.dir, `${c.signal}.txt`);
      const harness = startHarness([fixture('wait-for-signal.js'), record, String(c.code)]);
      try {
        await within(readyLine(harness), 10_000, 'the child to be ready');
        process.kill(c.toGroup ? -harness.pid : harness.pid, c.signal);
        const { code, signal } = await within(harness.exited, 10_000, 'the harness to exit');
        assert.equal(signal, null, `the host must not die of ${c.signal} itself`);
        assert.equal(code, c.code, `the child's exit code comes back through the host (stderr: ${harness.stderr()})`);
        assert.equal(fs.readFileSync(record, 'utf8'), c.signal, 'the child saw the signal');
      } finally {
        killGroup(harness.pid);
      }
    });
  }

  for (const [signal, expected] of [['SIGKILL', 137], ['SIGTERM', 143]] as const) {
    it(`a child dying of ${signal} makes the host exit ${expected}`, { timeout: 20_000 }, async () => {
      const harness = startHarness([fixture('kill-self.js'), signal]);
      try {
        const { code } = await within(harness.exited, 10_000, 'the harness to exit');
        assert.equal(code, expected);
      } finally {
        killGroup(harness.pid);
      }
    });
  }

  it('an exit code passes through the host process unchanged', { timeout: 20_000 }, async () => {
    const harness = startHarness([fixture('exit-with.js'), '7']);
    try {
      assert.deepEqual(await within(harness.exited, 10_000, 'the harness to exit'), { code: 7, signal: null });
    } finally {
      killGroup(harness.pid);
    }
  });
});
