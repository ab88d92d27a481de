import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_MAIN, runCliJson, tempDir, writeExtension, writeFiles } from './lib/fixture-home.js';

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Starts the CLI as a real child process; `killAfterMs` sends SIGKILL at that moment if it is still running. */
function startCli(args: string[], home: string, cwd: string, killAfterMs?: number): Promise<Exit> {
  const env: NodeJS.ProcessEnv = { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  const child = spawn(process.execPath, [CLI_MAIN, ...args], { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const killer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  // Bounded: nothing here should take long; a hang fails the test instead of stalling the run.
  const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (killer) clearTimeout(killer);
      clearTimeout(guard);
      resolve({ code, signal, stderr });
    });
  });
}

describe('concurrent CLI processes never lose an update', () => {
  const tmp = tempDir();
  after(() => tmp.cleanup());

  it('20 `enable --yes` processes at once, for 20 extensions: all 20 approvals are kept', async () => {
    const home = join(tmp.path, 'enable-home');
    const cwd = join(tmp.path, 'work');
    writeFiles(cwd, { 'package.json': { name: 'work', private: true } });
    const names = Array.from({ length: 20 }, (_, i) => `ext${String(i).padStart(2, '0')}`);
    for (const name of names) writeExtension(join(home, 'extensions', 'node_modules', `outboard-ext-${name}`), { name });
    // Warm the discovery cache once, so the race is on approvals.json and not only on extensions.json.
    assert.equal(runCliJson<unknown[]>(['extensions', 'list', '--json'], { home, cwd }).json.length, 20);
    const exits = await Promise.all(names.map((name) => startCli(['extensions', 'enable', name, '--yes'], home, cwd)));
    for (const [i, e] of exits.entries()) assert.equal(e.code, 0, `${names[i]}: ${e.stderr}`);
    const approvals = JSON.parse(readFileSync(join(home, 'approvals.json'), 'utf8')) as { extensions: Record<string, { enabled: boolean }> };
    assert.deepEqual(Object.keys(approvals.extensions).sort(), names);
    for (const name of names) assert.equal(approvals.extensions[name]?.enabled, true);
    const list = runCliJson<Array<{ state: string }>>(['extensions', 'list', '--json'], { home, cwd });
    assert.deepEqual([...new Set(list.json.map((e) => e.state))], ['enabled']);
    // No lock or temp file is left behind.
    assert.deepEqual(readdirSync(home).filter((f) => /\.lock$|\.tmp$/.test(f)), []);
  });
});
