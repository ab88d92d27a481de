// `outboard <name> ...` runs the extension command: bin with the host's Node, exec without a shell, arguments
// untouched, cwd unchanged, stdio inherited, the extension's exit code (128 + n for signal n) passed back.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_MAIN, runCli, tempDir, writeFiles } from './lib/fixture-home.js';
import { installFixture, enable } from './lib/dispatch-fixtures.js';


interface Report {
  argv: string[];
  script: string;
  execPath: string;
  cwd: string;
  ppid: number;
  env: Record<string, string>;
}

function parseReport(stdout: string): Report {
  return JSON.parse(stdout) as Report;
}

describe('dispatch runs the extension command', () => {
  const tmp = tempDir();
  const home = join(tmp.path, 'home');
  const fakeBin = join(tmp.path, 'fake-bin');
  let probeDir = '';
  // A `node` found first on PATH that marks the processes it starts: exec must find it, bin must not use it.
  const pathEnv = (): NodeJS.ProcessEnv => ({ PATH: `${fakeBin}:${process.env.PATH ?? ''}` });

  before(() => {
    probeDir = installFixture(home, 'probe');
    enable(home, 'probe');
    writeFiles(fakeBin, { node: `#!/bin/sh\nVIA_PATH_NODE=1 exec ${JSON.stringify(process.execPath)} "$@"\n` });
    chmodSync(join(fakeBin, 'node'), 0o755);
  });
  after(() => tmp.cleanup());

  it('runs a bin with no shebang and no run bit on the host\'s own Node (process.execPath)', () => {
    const bin = join(probeDir, 'bin', 'report.js');
    assert.equal(statSync(bin).mode & 0o111, 0, 'the fixture bin has no run bit');
    assert.ok(!readFileSync(bin, 'utf8').startsWith('#!'), 'the fixture bin has no shebang');
    const r = runCli(['probe'], { home, env: pathEnv() });
    assert.equal(r.code, 0, r.stderr);
    const report = parseReport(r.stdout);
    assert.equal(report.execPath, process.execPath);
    assert.equal(report.script, bin);
    assert.equal(report.env.VIA_PATH_NODE, undefined, 'bin must not go through the `node` on PATH');
    assert.deepEqual(report.argv, []);
  });

  it('runs exec as an argv without a shell: program from PATH, ./ made absolute, $HOME * ; literal', () => {
    const r = spawnSync(process.execPath, [CLI_MAIN, 'probe-exec', 'extra', '$PATH'], {
      cwd: home,
      env: { ...process.env, OUTBOARD_HOME: home, ...pathEnv() },
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(r.status, 0, r.stderr);
    const report = parseReport(r.stdout);
    assert.equal(report.env.VIA_PATH_NODE, '1', 'the bare `node` is the first one on PATH');
    assert.equal(report.script, join(probeDir, 'bin', 'report.js'), './bin/report.js is passed as an absolute path');
    assert.deepEqual(report.argv, ['--fixed', '$HOME', '*', ';', 'a b', 'extra', '$PATH']);
    // Had the outer process been a shell, the child's parent would be that shell, not `outboard` itself.
    assert.equal(report.ppid, r.pid);
  });

  it('passes the remaining arguments through untouched', () => {
    const args = ['a b', '"double"', "'single'", '--', '--help', '-h', '--version', '', 'ünïcødé ✓ 日本', '$HOME', '*', '`id`', 'a\nb', ' ', '\\'];
    for (const command of ['probe', 'probe-exec']) {
      const r = runCli([command, ...args], { home, env: pathEnv() });
      assert.equal(r.code, 0, r.stderr);
      const expected = command === 'probe' ? args : ['--fixed', '$HOME', '*', ';', 'a b', ...args];
      assert.deepEqual(parseReport(r.stdout).argv, expected, command);
    }
  });

  it('leaves the working directory unchanged (run from a nested folder)', () => {
    const nested = join(tmp.path, 'work', 'a b', 'c');
    mkdirSync(nested, { recursive: true });
    const r = runCli(['probe'], { home, cwd: nested });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(realpathSync(parseReport(r.stdout).cwd), realpathSync(nested));
  });

  it('inherits stdio: stdin piped to outboard reaches the extension, stdout and stderr arrive byte for byte', () => {
    const bytes = Buffer.alloc(256 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + (i >> 8)) % 256;
    const r = spawnSync(process.execPath, [CLI_MAIN, 'probe-cat'], {
      cwd: home,
      env: { ...process.env, OUTBOARD_HOME: home, NO_COLOR: '1' },
      input: bytes,
      timeout: 20_000,
    });
    assert.equal(r.status, 0, r.stderr.toString());
    assert.ok(Buffer.compare(r.stdout, bytes) === 0, `stdout differs from stdin (${r.stdout.length} bytes vs ${bytes.length})`);
    assert.equal(r.stderr.toString('utf8'), 'to stderr: ünïcødé ✓ \u0001\n');
  });

  it('exits with the extension\'s own code', () => {
    for (const code of [0, 1, 7, 255]) {
      const r = runCli(['probe-exit', 'code', String(code)], { home });
      assert.equal(r.code, code, `exit ${code}: ${r.stderr}`);
      assert.equal(r.stderr, '', 'outboard adds nothing to a failing extension\'s output');
    }
  });

  it('exits 128 + n when the extension died of signal n', () => {
    for (const [signal, code] of [['SIGKILL', 137], ['SIGTERM', 143], ['SIGHUP', 129], ['SIGINT', 130]] as const) {
      const r = runCli(['probe-exit', 'signal', signal], { home });
      assert.equal(r.signal, null, 'outboard itself was not killed');
      assert.equal(r.code, code, `${signal}: ${r.stderr}`);
    }
  });
});
