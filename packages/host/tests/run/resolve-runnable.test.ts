import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { findExecutableOnPath, resolveRunnable, runForegroundCommand, RunnableError } from '../../src/run/index.js';
import { currentEnv, fixture, makeTempDir, within } from './run-fixtures.js';

const execPath = process.execPath;

function expectCode(fn: () => unknown, code: string, mentions?: string): RunnableError {
  let caught: unknown;
  try {
    fn();
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof RunnableError, `expected a RunnableError ${code}, got ${String(caught)}`);
  assert.equal(caught.code, code, caught.message);
  assert.ok(caught.hint, `a refusal names its fix: ${caught.message}`);
  if (mentions !== undefined) assert.ok(caught.message.includes(mentions), `message should name ${mentions}: ${caught.message}`);
  return caught;
}

describe('resolveRunnable', () => {
  const temp = makeTempDir();
  const pkg = path.join(temp.dir, 'pkg');
  const outside = path.join(temp.dir, 'outside');
  const pathA = path.join(temp.dir, 'path-a');
  const pathB = path.join(temp.dir, 'path-b');

  before(() => {
    for (const d of [path.join(pkg, 'bin'), path.join(pkg, 'peer'), outside, pathA, pathB]) fs.mkdirSync(d, { recursive: true });
    fs.writeFileSync(path.join(pkg, 'bin', 'cli.js'), '');
    fs.copyFileSync(fixture('args.js'), path.join(pkg, 'bin', 'args.js'));
    fs.writeFileSync(path.join(pkg, 'peer', 'main.py'), '');
    fs.writeFileSync(path.join(pkg, 'tool.sh'), '#!/bin/sh\n', { mode: 0o755 });
    fs.writeFileSync(path.join(pkg, 'noexec.sh'), '#!/bin/sh\n', { mode: 0o644 });
    fs.writeFileSync(path.join(outside, 'evil.js'), '');
    fs.symlinkSync(path.join(outside, 'evil.js'), path.join(pkg, 'bin', 'evil.js'));
    fs.symlinkSync(outside, path.join(pkg, 'linkdir'));
    fs.symlinkSync('cli.js', path.join(pkg, 'bin', 'alias.js'));
    fs.symlinkSync(pkg, path.join(temp.dir, 'linked-pkg'));
    // path-a has a non-executable file and a folder with the name; path-b has the real tool.
    fs.writeFileSync(path.join(pathA, 'mytool'), '', { mode: 0o644 });
    fs.mkdirSync(path.join(pathA, 'mydir-tool'));
    fs.writeFileSync(path.join(pathB, 'mytool'), '#!/bin/sh\n', { mode: 0o755 });
    fs.writeFileSync(path.join(pathB, 'mydir-tool'), '#!/bin/sh\n', { mode: 0o755 });
  });
  after(() => temp.dispose());

  const pathEnv = (): string => [pathA, pathB].join(path.delimiter);

  it('runs bin with the host Node and its real path', () => {
    assert.deepEqual(resolveRunnable({ bin: 'bin/cli.js' }, pkg, { execPath }), {
      command: execPath,
      args: [path.join(pkg, 'bin', 'cli.js')],
    });
  });

  it('accepts a symlink inside the package and a symlinked package folder, returning the real path checked', () => {
    assert.deepEqual(resolveRunnable({ bin: 'bin/alias.js' }, pkg, { execPath }).args, [path.join(pkg, 'bin', 'cli.js')]);
    const linked = path.join(temp.dir, 'linked-pkg');
    assert.deepEqual(resolveRunnable({ bin: 'bin/cli.js' }, linked, { execPath }).args, [path.join(pkg, 'bin', 'cli.js')]);
  });

  it('refuses a missing bin, naming the file', () => {
    expectCode(() => resolveRunnable({ bin: 'bin/gone.js' }, pkg, { execPath }), 'RUNNABLE_MISSING_BIN', path.join(pkg, 'bin', 'gone.js'));
  });

  it('refuses a bin that is a folder', () => {
    expectCode(() => resolveRunnable({ bin: 'bin' }, pkg, { execPath }), 'RUNNABLE_MISSING_BIN', path.join(pkg, 'bin'));
  });

  it('refuses paths escaping the package through .., an absolute path or a symlink', () => {
    expectCode(() => resolveRunnable({ bin: '../outside/evil.js' }, pkg, { execPath }), 'RUNNABLE_ESCAPES_PACKAGE');
    expectCode(() => resolveRunnable({ bin: path.join(outside, 'evil.js') }, pkg, { execPath }), 'RUNNABLE_ESCAPES_PACKAGE');
    expectCode(() => resolveRunnable({ bin: 'bin/evil.js' }, pkg, { execPath }), 'RUNNABLE_ESCAPES_PACKAGE', path.join(outside, 'evil.js'));
    expectCode(() => resolveRunnable({ exec: ['mytool', './linkdir/evil.js'] }, pkg, { execPath, pathEnv: pathEnv() }), 'RUNNABLE_ESCAPES_PACKAGE');
    expectCode(() => resolveRunnable({ exec: ['mytool', './peer/../../outside/evil.js'] }, pkg, { execPath, pathEnv: pathEnv() }), 'RUNNABLE_ESCAPES_PACKAGE');
  });

  it('resolves exec: bare program on PATH, ./ elements absolute, the rest unchanged', () => {
    const resolved = resolveRunnable(
      { exec: ['mytool', './peer/main.py', '--flag', 'peer/main.py', '../x', '$HOME', ''] },
      pkg,
      { execPath, pathEnv: pathEnv() },
    );
    assert.deepEqual(resolved, {
      command: path.join(pathB, 'mytool'),
      args: [path.join(pkg, 'peer', 'main.py'), '--flag', 'peer/main.py', '../x', '$HOME', ''],
    });
  });

  it('skips non-executable files, folders, empty and relative PATH entries', () => {
    assert.equal(findExecutableOnPath('mydir-tool', pathEnv()), path.join(pathB, 'mydir-tool'));
    assert.equal(findExecutableOnPath('mytool', ['', 'path-b', pathA].join(path.delimiter)), undefined);
    assert.equal(findExecutableOnPath('mytool', undefined), undefined);
    assert.equal(findExecutableOnPath('sub/mytool', pathB), undefined);
  });

  it('refuses a bare program that is not on PATH, naming it', () => {
    expectCode(() => resolveRunnable({ exec: ['no-such-tool-4f1c'] }, pkg, { execPath, pathEnv: pathEnv() }), 'RUNNABLE_NOT_ON_PATH', 'no-such-tool-4f1c');
  });

  it('runs a ./ program from the package when it is executable, else says so', () => {
    assert.deepEqual(resolveRunnable({ exec: ['./tool.sh', 'a'] }, pkg, { execPath }), { command: path.join(pkg, 'tool.sh'), args: ['a'] });
    expectCode(() => resolveRunnable({ exec: ['./noexec.sh'] }, pkg, { execPath }), 'RUNNABLE_NOT_EXECUTABLE', path.join(pkg, 'noexec.sh'));
    expectCode(() => resolveRunnable({ exec: ['mytool', './peer/gone.py'] }, pkg, { execPath, pathEnv: pathEnv() }), 'RUNNABLE_MISSING_BIN', path.join(pkg, 'peer', 'gone.py'));
  });

  it('passes an absolute program unchanged and refuses malformed runnables', () => {
    assert.deepEqual(resolveRunnable({ exec: ['/usr/bin/env', 'x'] }, pkg, { execPath }), { command: '/usr/bin/env', args: ['x'] });
    expectCode(() => resolveRunnable({ exec: [] }, pkg, { execPath }), 'RUNNABLE_INVALID');
    expectCode(() => resolveRunnable({}, pkg, { execPath }), 'RUNNABLE_INVALID');
    expectCode(() => resolveRunnable({ bin: 'bin/cli.js', exec: ['x'] }, pkg, { execPath }), 'RUNNABLE_INVALID');
    expectCode(() => resolveRunnable({ exec: ['bin/tool'] }, pkg, { execPath }), 'RUNNABLE_INVALID', 'bin/tool');
  });

  it('runs a resolved exec for real: PATH program, absolute ./ script, user args appended, cwd unchanged', { timeout: 15_000 }, async () => {
    const out = path.join(temp.dir, 'exec-args.json');
    const resolved = resolveRunnable({ exec: [path.basename(execPath), './bin/args.js'] }, pkg, { execPath, pathEnv: path.dirname(execPath) });
    assert.equal(resolved.command, execPath);
    const code = await within(
      runForegroundCommand({ command: resolved.command, args: [...resolved.args, out, 'user arg'], env: currentEnv() }),
      10_000,
      'the exec child',
    );
    assert.equal(code, 0);
    const seen = JSON.parse(fs.readFileSync(out, 'utf8')) as { script: string; cwd: string; args: string[] };
    assert.equal(seen.script, path.join(pkg, 'bin', 'args.js'));
    assert.ok(path.isAbsolute(seen.script));
    assert.equal(seen.cwd, process.cwd());
    assert.deepEqual(seen.args, ['user arg']);
  });
});
