// `outboard extensions bisect`: with 8 enabled extensions and one culprit, --run finds it in 3 steps and every
// file of the home is byte-identical afterwards; Ctrl+C in the middle restores everything; a restore file left
// by a crash is undone by --reset, and a new bisect is refused until then; without a terminal it needs --run.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CLI_MAIN, runCli, tempDir, writeExtension } from './lib/fixture-home.js';
import { CliJob, waitFor, type ActionsHome } from './actions-home.js';

const NAMES = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8'];

/**
 * Every file under `dir` with its bytes and mode; left out: the logs folder (commands append to it) and
 * extensions.json, the discovery cache that any command reading the inventory rewrites (derived, never state).
 */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'logs') walk(path);
      } else if (relative(dir, path) !== 'extensions.json') files.set(relative(dir, path), `${(statSync(path).mode & 0o777).toString(8)} ${readFileSync(path).toString('base64')}`);
    }
  };
  walk(dir);
  return files;
}

describe('outboard extensions bisect', { timeout: 240_000 }, () => {
  const tmp = tempDir('outboard-bisect-');
  const home = join(tmp.path, 'home');
  const steps = join(tmp.path, 'steps.log');
  // The "problem": present while e5 is enabled. Each step is logged, so the test counts them.
  const check = join(tmp.path, 'check.mjs');
  const h = { root: tmp.path, home, env: {} } as unknown as ActionsHome;
  before(() => {
    for (const name of NAMES) writeExtension(join(home, 'extensions', 'node_modules', `outboard-ext-${name}`), { name });
    for (const name of NAMES) assert.equal(runCli(['extensions', 'enable', name, '--yes'], { home, cwd: tmp.path }).code, 0);
    writeFileSync(
      check,
      [
        `import { execFileSync } from 'node:child_process';`,
        `import { appendFileSync } from 'node:fs';`,
        `const list = JSON.parse(execFileSync(process.execPath, [${JSON.stringify(CLI_MAIN)}, 'extensions', 'list', '--json'], { encoding: 'utf8' }));`,
        `const on = list.filter((e) => e.state === 'enabled').map((e) => e.name);`,
        `appendFileSync(${JSON.stringify(steps)}, on.join(',') + '\\n');`,
        `process.exit(on.includes('e5') ? 1 : 0);`,
      ].join('\n'),
    );
  });
  after(() => tmp.cleanup());

  it('--run finds the culprit among 8 in 3 steps, and every home file is byte-identical afterwards', () => {
    const before = snapshot(home);
    const r = runCli(['extensions', 'bisect', '--run', `"${process.execPath}" ${check}`], { home, cwd: tmp.path, timeout: 120_000 });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^The problem comes from e5 \(found in 3 steps\); `outboard extensions disable e5` turns it off\.$/m);
    const tested = readFileSync(steps, 'utf8').trim().split('\n');
    assert.equal(tested.length, 3, tested.join(' | '));
    assert.deepEqual(tested.map((l) => l.split(',').length), [4, 2, 1]);
    assert.match(r.stderr, /Restored every extension's enabled state, approval and grants/);
    assert.deepEqual(snapshot(home), before);
  });

  it('Ctrl+C in the middle restores every file byte for byte and exits 130', async () => {
    const before = snapshot(home);
    const job = new CliJob(['extensions', 'bisect', '--run', 'sleep 30'], h);
    try {
      await waitFor('the first step', () => job.stderr.includes('Step 1:'), 60_000);
      assert.ok(existsSync(join(home, 'bisect.json')), 'the restore file is written before anything changes');
      assert.notDeepEqual(snapshot(home), before, 'half of the extensions are disabled during the step');
      process.kill(-(job.child.pid as number), 'SIGINT');
      const { code } = await job.done(30_000);
      assert.equal(code, 130, job.stderr);
      assert.match(job.stderr, /Bisect interrupted/);
      assert.deepEqual(snapshot(home), before);
    } finally {
      job.killGroup();
    }
  });

  it('after a crash: a new bisect is refused naming --reset, and --reset restores every file', async () => {
    const before = snapshot(home);
    const job = new CliJob(['extensions', 'bisect', '--run', 'sleep 30'], h);
    try {
      await waitFor('the first step', () => job.stderr.includes('Step 1:'), 60_000);
      process.kill(-(job.child.pid as number), 'SIGKILL');
      await job.done(30_000);
    } finally {
      job.killGroup();
    }
    const refused = runCli(['extensions', 'bisect', '--run', 'true'], { home, cwd: tmp.path });
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /^error: a bisect of this home started at \S+ was not finished — restore what it changed with `outboard extensions bisect --reset`$/m);
    const reset = runCli(['extensions', 'bisect', '--reset'], { home, cwd: tmp.path });
    assert.equal(reset.code, 0, reset.stderr);
    assert.match(reset.stdout, /^Restored every extension's enabled state, approval and grants as they were before the bisect\.$/m);
    const after = snapshot(home);
    // A lock the killed process held may be left behind; every file that was there is back byte for byte.
    for (const [file, bytes] of before) assert.equal(after.get(file), bytes, file);
    assert.equal(existsSync(join(home, 'bisect.json')), false);
  });

  it('without a terminal and without --run: refused with the fix', () => {
    const r = runCli(['extensions', 'bisect'], { home, cwd: tmp.path });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^error: bisect asks after each step whether the problem is still there, and no person is at this terminal — pass --run '<command>'/m);
  });
});
