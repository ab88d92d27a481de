// The watchdog with real processes: a "host" in a child process watches a detached group, then dies of
// SIGKILL; the group must be gone within 2 s. An orderly host that unwatches leaves the group alone.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ProcessGroupWatchdog } from '../../src/process/process-group-watchdog.js';
import { isAlive } from '../peers/peer-probes.js';
import { waitUntil } from '../wait-until.js';

const WATCHDOG_URL = pathToFileURL(fileURLToPath(new URL('../../src/process/process-group-watchdog.js', import.meta.url))).href;

/** A host process that starts `sleep 300` in a group of its own, watches it, prints the pids, then does what `then` says. */
function startHost(then: 'wait' | 'unwatch-and-exit'): { pids: Promise<{ group: number; watchdog: number }>; exited: Promise<unknown>; kill(): void } {
  const script = `
    import { spawn } from 'node:child_process';
    const { ProcessGroupWatchdog } = await import(${JSON.stringify(WATCHDOG_URL)});
    const watchdog = new ProcessGroupWatchdog();
    const sleeper = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
    sleeper.unref();
    const watched = watchdog.watch(sleeper.pid);
    await new Promise((r) => setTimeout(r, 50));
    process.stdout.write(JSON.stringify({ group: sleeper.pid, watchdog: watchdog.pid }) + '\\n');
    if (${JSON.stringify(then)} === 'unwatch-and-exit') { watched.dispose(); watchdog.dispose(); }
    else setInterval(() => undefined, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const pids = waitUntil('the host to report its pids', () => {
    const line = /\{.*\}/.exec(out);
    return line ? (JSON.parse(line[0]) as { group: number; watchdog: number }) : undefined;
  }, 10_000);
  return { pids, exited, kill: () => child.kill('SIGKILL') };
}

function killGroupQuietly(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // gone
  }
}

describe('ProcessGroupWatchdog', { skip: process.platform === 'win32', timeout: 20_000 }, () => {
  it('kills a watched group within 2 s of its host dying of SIGKILL, then exits', async () => {
    const host = startHost('wait');
    const { group, watchdog } = await host.pids;
    try {
      assert.ok(isAlive(group) && isAlive(watchdog));
      host.kill();
      await host.exited;
      const died = Date.now();
      await waitUntil('the watched group to be gone', () => !isAlive(group), 2000, 10);
      assert.ok(Date.now() - died <= 2000);
      await waitUntil('the watchdog to exit', () => !isAlive(watchdog), 3000, 10);
    } finally {
      host.kill();
      killGroupQuietly(group);
    }
  });

  it('leaves an unwatched group alone, and exits when its host disposes it', async () => {
    const host = startHost('unwatch-and-exit');
    const { group, watchdog } = await host.pids;
    try {
      await host.exited;
      await waitUntil('the watchdog to exit', () => !isAlive(watchdog), 3000, 10);
      assert.ok(isAlive(group), 'the unwatched group was not touched');
    } finally {
      killGroupQuietly(group);
    }
  });

  it('a watchdog that was killed is started again with every group still watched', async () => {
    const watchdog = new ProcessGroupWatchdog();
    const first = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
    const second = spawn('sleep', ['300'], { detached: true, stdio: 'ignore' });
    first.unref();
    second.unref();
    const groups = [first.pid as number, second.pid as number];
    try {
      watchdog.watch(groups[0] as number);
      const firstWatchdog = await waitUntil('the watchdog to start', () => watchdog.pid, 5000, 10);
      process.kill(firstWatchdog, 'SIGKILL');
      await waitUntil('the killed watchdog to be seen gone', () => watchdog.pid === undefined, 5000, 10);
      watchdog.watch(groups[1] as number);
      const again = await waitUntil('a new watchdog', () => watchdog.pid, 5000, 10);
      assert.notEqual(again, firstWatchdog);
      // Closing the pipe ends every group still registered, the one watched before the restart included.
      watchdog.dispose();
      await waitUntil('both groups to be gone', () => groups.every((g) => !isAlive(g)), 3000, 10);
    } finally {
      watchdog.dispose();
      for (const g of groups) killGroupQuietly(g);
    }
  });
});
